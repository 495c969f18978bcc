import type { Section } from '#src/schemas/site-content/sections.ts';
import { PageHeader } from '../ui/container.tsx';

/** A legal page's title and summary. */
export function LegalHeader({ section }: { section: Section<'legalHeader'> }) {
  return <PageHeader eyebrow={section.eyebrow} title={section.title} lead={section.lead} />;
}
