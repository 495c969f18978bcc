import { Quote } from 'lucide';
import { paragraphsOf } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';
import { SectionHeading } from './section-heading.tsx';

/** Why I Coach: a heading with a pull quote beside the coach's own story. */
export function Story({ section }: { section: Section<'story'> }) {
  return (
    <section aria-labelledby="why-i-coach-heading" className="bg-surface py-16 sm:py-24">
      <Container className="grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
        <div>
          <SectionHeading id="why-i-coach-heading" eyebrow={section.eyebrow} title={section.title} />
          {section.quote && (
            <figure className="mt-8 rounded-card border-l-4 border-accent-400 bg-accent-50 p-6">
              <Icon shapes={Quote} aria-hidden="true" className="size-6 text-accent-500" />
              <blockquote className="mt-3 font-display text-xl leading-snug text-primary-950">{section.quote}</blockquote>
            </figure>
          )}
        </div>
        <div className="space-y-5 text-lg leading-relaxed text-ink/85">
          {paragraphsOf(section.body).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Container>
    </section>
  );
}
