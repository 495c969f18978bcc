import { BadgeCheck } from 'lucide';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Container } from '../ui/container.tsx';
import { IconRow, IconTile } from '../ui/icon-tile.tsx';
import { CONTENT_ICON_SHAPES } from './content-icon.ts';
import { SectionHeading } from './section-heading.tsx';

/** How I Coach: the kinds of coaching, the ways to work together, and the coach's grounding. */
export function Approach({ section }: { section: Section<'approach'> }) {
  return (
    <section aria-labelledby="how-i-coach-heading" className="bg-surface py-16 sm:py-24">
      <Container>
        <SectionHeading id="how-i-coach-heading" eyebrow={section.eyebrow} title={section.title} lead={section.lead} />

        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {section.cards.map(({ title, text, icon }, index) => (
            <li key={`${index}-${title}`} className="rounded-card border border-line bg-canvas p-6">
              <IconTile icon={CONTENT_ICON_SHAPES[icon]} tone="accent" />
              <h3 className="mt-5 text-xl font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{text}</p>
            </li>
          ))}
        </ul>

        <div className="mt-12 grid gap-5 lg:grid-cols-2">
          <div className="rounded-card border border-line p-6 sm:p-8">
            <h3 className="text-xl font-semibold">{section.formatsTitle}</h3>
            <ul className="mt-5 space-y-5">
              {section.formats.map(({ title, text, icon }, index) => (
                <IconRow key={`${index}-${title}`} icon={CONTENT_ICON_SHAPES[icon]} round title={title} description={text} />
              ))}
            </ul>
          </div>
          <div className="rounded-card border border-accent-200 bg-accent-50 p-6 sm:p-8">
            <IconTile icon={BadgeCheck} tone="accent" />
            <h3 className="mt-5 text-xl font-semibold">{section.asideTitle}</h3>
            <p className="mt-2 leading-relaxed text-ink/80">{section.asideText}</p>
          </div>
        </div>
      </Container>
    </section>
  );
}
