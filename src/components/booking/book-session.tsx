import { formatMoney } from '#src/schemas/money.ts';
import { bookingRulesText } from '#src/schemas/session-rules.ts';
import type { StoredSessionType } from '#src/schemas/session-type.ts';
import { paragraphsOf } from '#src/schemas/site-content/context.ts';
import { Meta } from '../meta.tsx';
import { Container, PageHeader } from '../ui/container.tsx';
import { BookingFlow } from './booking-flow.tsx';

// The page that books one session type: /book for the intro call (as it always read), and
// /book/{slug} for each type. A private type's page carries the key of its link to the booking
// and is never indexed.

interface BookSessionProps {
  type: StoredSessionType;
  coachName: string;
  /** The site's currency, for a paid type's price. */
  currency: string;
  /** The key its address was opened with (a private type's link). */
  linkKey?: string;
  path: string;
}

export function BookSession({ type, coachName, currency, linkKey, path }: BookSessionProps) {
  const session = {
    slug: type.slug,
    intro: type.intro,
    questions: type.questions,
    price: type.priceMinor ? formatMoney(type.priceMinor, currency) : null,
    rules: bookingRulesText(type, Boolean(type.priceMinor)),
    ...(type.access === 'private' && linkKey ? { key: linkKey } : {}),
  };
  return (
    <>
      {type.intro ? (
        <>
          <Meta
            title="Book a Free Intro Call"
            description={`Choose a time for a free, no-pressure intro call with ${coachName}.`}
            path={path}
          />
          <PageHeader
            eyebrow="Intro call"
            title="Book a Free Intro Call"
            lead="A short, no-pressure conversation to see whether we are a good fit. Pick a time that suits you; the times are shown in your own time zone."
          />
        </>
      ) : (
        <>
          <Meta
            title={type.name}
            description={type.description || `Book a ${type.name} with ${coachName}.`}
            path={path}
            noindex={type.access === 'private'}
          />
          <PageHeader
            eyebrow="Book a session"
            title={type.name}
            lead={
              <>
                {paragraphsOf(type.description).map((paragraph) => (
                  <span key={paragraph} className="block [&+&]:mt-3">
                    {paragraph}
                  </span>
                ))}
                <span className="mt-3 block">Pick a time that suits you; the times are shown in your own time zone.</span>
              </>
            }
          />
        </>
      )}
      <Container className="py-12 sm:py-16">
        <BookingFlow session={session} />
      </Container>
    </>
  );
}
