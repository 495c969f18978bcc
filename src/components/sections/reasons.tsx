import type { Section } from '#src/schemas/site-content/sections.ts';
import { Container } from '../ui/container.tsx';
import { SectionHeading } from './section-heading.tsx';

/** Why It Works: numbered reasons. */
export function Reasons({ section }: { section: Section<'reasons'> }) {
  return (
    <section aria-labelledby="why-it-works-heading" className="py-16 sm:py-24">
      <Container>
        <SectionHeading id="why-it-works-heading" eyebrow={section.eyebrow} title={section.title} lead={section.lead} />
        <ol className="mt-10 grid gap-x-10 gap-y-8 md:grid-cols-2">
          {section.items.map(({ title, text }, index) => (
            <li key={`${index}-${title}`} className="flex gap-5 border-t border-line pt-6">
              <span aria-hidden="true" className="font-display text-3xl font-semibold leading-none text-accent-700">
                {String(index + 1).padStart(2, '0')}
              </span>
              <div>
                <h3 className="text-xl font-semibold">{title}</h3>
                <p className="mt-2 leading-relaxed text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
