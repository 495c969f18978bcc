import { CircleCheck, Coffee } from 'lucide';
import { cn } from '#src/lib/cn.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';
import { IconTile } from '../ui/icon-tile.tsx';
import { CONTENT_ICON_SHAPES } from './content-icon.ts';
import { SectionHeading } from './section-heading.tsx';

/** Who I Help: the audiences' cards, the mindset that fits, and an aside on the coach's manner. */
export function Audiences({ section }: { section: Section<'audiences'> }) {
  const { cards } = section;
  return (
    <section aria-labelledby="who-i-help-heading" className="py-16 sm:py-24">
      <Container>
        <SectionHeading id="who-i-help-heading" eyebrow={section.eyebrow} title={section.title} lead={section.lead} />

        {/* Six tracks: three cards over two, so a fifth card never sits alone. */}
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-6">
          {cards.map(({ title, text, icon }, index) => (
            <li
              key={`${index}-${title}`}
              className={cn(
                'rounded-card border border-line bg-surface p-6 shadow-sm',
                cards.length === 5 && index >= 3 ? 'lg:col-span-3' : 'lg:col-span-2',
                cards.length % 2 === 1 && index === cards.length - 1 && 'sm:max-lg:col-span-2',
              )}
            >
              <IconTile icon={CONTENT_ICON_SHAPES[icon]} />
              <h3 className="mt-5 text-xl font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{text}</p>
            </li>
          ))}
        </ul>

        <div className="mt-16 grid gap-10 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
          <div>
            <h3 className="text-2xl font-semibold">{section.mindsetTitle}</h3>
            {section.mindsetLead && <p className="mt-3 leading-relaxed text-muted">{section.mindsetLead}</p>}
            <ul className="mt-6 grid gap-4 sm:grid-cols-2">
              {section.mindsets.map(({ title, text }, index) => (
                <li key={`${index}-${title}`} className="flex gap-3">
                  <Icon shapes={CircleCheck} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
                  <div>
                    <p className="font-semibold text-primary-950">{title}</p>
                    <p className="mt-1 text-sm leading-relaxed text-muted">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>

          <div className="self-start rounded-card bg-primary-900 p-6 text-primary-100 shadow-sm sm:p-8">
            <IconTile icon={Coffee} tone="dark" />
            <p className="mt-5 font-display text-xl font-semibold text-white">{section.asideTitle}</p>
            <p className="mt-2 leading-relaxed">{section.asideText}</p>
          </div>
        </div>
      </Container>
    </section>
  );
}
