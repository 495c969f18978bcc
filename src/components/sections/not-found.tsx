import type { Section } from '#src/schemas/site-content/sections.ts';
import { NotFoundView } from '../not-found-view.tsx';

/** The not-found page's words and its way back. */
export function NotFoundSection({ section }: { section: Section<'notFound'> }) {
  return (
    <NotFoundView
      eyebrow={section.eyebrow}
      title={section.title}
      text={section.text}
      backHref={section.button.link}
      backLabel={section.button.label}
    />
  );
}
