import { CalendarClock } from 'lucide';
import { cn } from '#src/lib/cn.ts';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';

export const BOOK_INTRO_CALL_LABEL = 'Book a Free Intro Call';

/**
 * docs/product.md §2: while booking is off (a fresh site), a Coming Soon badge and a booking button with
 * no action. The button stays focusable (aria-disabled, not disabled) so keyboard and screen-reader users
 * still learn that booking is coming. Once the coach turns booking on, the button leads to /book.
 */
export function LetsTalk({ bookingEnabled = false }: { bookingEnabled?: boolean }) {
  const bookIcon = <Icon shapes={CalendarClock} aria-hidden="true" className="size-5" />;
  return (
    <section aria-labelledby="lets-talk-heading" className="py-16 sm:py-24">
      <Container>
        <div className="rounded-card bg-gradient-to-br from-primary-950 to-primary-800 px-5 py-12 text-center text-primary-100 shadow-lg sm:px-12 sm:py-16">
          <div className="mx-auto max-w-2xl">
            {!bookingEnabled && <ComingSoonBadge />}
            <h2 id="lets-talk-heading" className={cn('text-3xl font-semibold text-white sm:text-4xl', !bookingEnabled && 'mt-5')}>
              {"Let's Talk"}
            </h2>
            <p className="mt-4 text-lg leading-relaxed">
              {bookingEnabled
                ? 'A free, no-pressure intro call is the easiest way to see whether we are a good fit. Pick a time that suits you, or send me a message and I’ll get back to you.'
                : 'A free, no-pressure intro call is the easiest way to see whether we are a good fit. Online booking is on its way; until then, send me a message and I’ll get back to you.'}
            </p>
            <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
              {bookingEnabled ? (
                <ButtonLink to="/book" variant="accent" size="lg" className="max-sm:px-4 max-sm:text-sm">
                  {bookIcon}
                  {BOOK_INTRO_CALL_LABEL}
                </ButtonLink>
              ) : (
                <Button
                  variant="accent"
                  size="lg"
                  aria-disabled="true"
                  aria-describedby="intro-call-note"
                  className="cursor-not-allowed opacity-75 hover:bg-accent-400 max-sm:px-4 max-sm:text-sm"
                >
                  {bookIcon}
                  {BOOK_INTRO_CALL_LABEL}
                </Button>
              )}
              <ButtonLink to="/contact" variant="inverse" size="lg">
                Send a Message
              </ButtonLink>
            </div>
            {!bookingEnabled && (
              <p id="intro-call-note" className="mt-4 text-sm text-primary-200">
                Booking opens soon.
              </p>
            )}
          </div>
        </div>
      </Container>
    </section>
  );
}
