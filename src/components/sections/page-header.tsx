import type { SectionContext } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Container } from '../ui/container.tsx';
import { CallButton } from './content-link.tsx';

/** A page's h1 and lead (their "while booking is off" words when set), and the call's button while booking is on. */
export function PageHeaderSection({ section, context }: { section: Section<'pageHeader'>; context: SectionContext }) {
  const open = context.bookingOpen;
  const title = (!open && section.soonTitle) || section.title;
  const lead = (!open && section.soonLead) || section.lead;
  return (
    <section className="border-b border-line bg-surface">
      <Container className="py-14 sm:py-20">
        {section.eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-accent-700">{section.eyebrow}</p>}
        <h1 className="max-w-3xl text-4xl font-semibold leading-tight sm:text-5xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted">{lead}</p>
        {open && (
          <div className="mt-8">
            <CallButton label={context.callLabel} />
          </div>
        )}
      </Container>
    </section>
  );
}
