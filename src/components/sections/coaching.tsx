import { MessageSquare } from 'lucide';
import type { SectionContext } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { Icon } from '../ui/icon.tsx';
import { IconRow } from '../ui/icon-tile.tsx';
import { CONTENT_ICON_SHAPES } from './content-icon.ts';
import { CallButton, ContentButton } from './content-link.tsx';

/** One-on-one coaching, the `#coaching` target of the footer's "Executive Coaching" link; its invitation follows booking. */
export function Coaching({ section, context }: { section: Section<'coaching'>; context: SectionContext }) {
  const open = context.bookingOpen;
  return (
    <section id="coaching" aria-labelledby="coaching-heading" className="scroll-mt-24">
      <div className="overflow-hidden rounded-card border border-line bg-surface shadow-sm">
        <div className="grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="p-6 sm:p-10">
            {(section.eyebrow || !open) && (
              <div className="mb-4 flex flex-wrap items-center gap-3">
                {section.eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">{section.eyebrow}</p>}
                {!open && <ComingSoonBadge />}
              </div>
            )}
            <h2 id="coaching-heading" className="text-3xl font-semibold sm:text-4xl">
              {section.title}
            </h2>
            <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted">{section.text}</p>
            <ul className="mt-8 space-y-5">
              {section.points.map(({ title, text, icon }, index) => (
                <IconRow key={`${index}-${title}`} icon={CONTENT_ICON_SHAPES[icon]} title={title} description={text} />
              ))}
            </ul>
          </div>
          <div className="flex flex-col justify-center gap-5 bg-primary-900 p-6 text-primary-100 sm:p-10">
            <Icon shapes={MessageSquare} aria-hidden="true" className="size-8 text-accent-300" />
            <p className="font-display text-2xl leading-snug text-white">{open ? section.openTitle : section.soonTitle}</p>
            <p className="leading-relaxed">{open ? section.openText : section.soonText}</p>
            {open ? (
              <CallButton label={context.callLabel} size="md" className="self-start" />
            ) : (
              <ContentButton link={section.soonButton.link} variant="accent" className="self-start">
                {section.soonButton.label}
              </ContentButton>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
