import { CalendarClock } from 'lucide';
import { cn } from '#src/lib/cn.ts';
import type { SectionContext } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';
import { CallButton, ContentButton } from './content-link.tsx';

/**
 * Let's Talk. While booking is off (a fresh site): a Coming Soon badge and a booking button with no
 * action, which stays focusable (aria-disabled, not disabled) so keyboard and screen-reader users
 * still learn that booking is coming. Once the coach turns booking on, the button leads to /book.
 */
export function CallToAction({ section, context }: { section: Section<'callToAction'>; context: SectionContext }) {
  const open = context.bookingOpen;
  return (
    <section aria-labelledby="lets-talk-heading" className="py-16 sm:py-24">
      <Container>
        <div className="rounded-card bg-gradient-to-br from-primary-950 to-primary-800 px-5 py-12 text-center text-primary-100 shadow-lg sm:px-12 sm:py-16">
          <div className="mx-auto max-w-2xl">
            {!open && <ComingSoonBadge />}
            <h2 id="lets-talk-heading" className={cn('text-3xl font-semibold text-white sm:text-4xl', !open && 'mt-5')}>
              {section.title}
            </h2>
            <p className="mt-4 text-lg leading-relaxed">{open ? section.text : section.soonText}</p>
            <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              {open ? (
                <CallButton label={context.callLabel} className="max-sm:px-4 max-sm:text-sm" />
              ) : (
                <Button
                  variant="accent"
                  size="lg"
                  aria-disabled="true"
                  aria-describedby={section.soonNote ? 'intro-call-note' : undefined}
                  className="cursor-not-allowed opacity-75 hover:bg-accent-400 max-sm:px-4 max-sm:text-sm"
                >
                  <Icon shapes={CalendarClock} aria-hidden="true" className="size-5" />
                  {context.callLabel}
                </Button>
              )}
              <ContentButton link={section.button.link} variant="inverse" size="lg">
                {section.button.label}
              </ContentButton>
            </div>
            {!open && section.soonNote && (
              <p id="intro-call-note" className="mt-4 text-sm text-primary-200">
                {section.soonNote}
              </p>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
