import { readAvailability } from '#server/services/booking/availability.ts';
import { bookingIsOn } from '#server/services/booking/calls.ts';
import { listedSessionTypes } from '#server/services/session-types.ts';
import { currentSettings } from '#server/services/settings.ts';
import { BookSession } from '#src/components/booking/book-session.tsx';
import { SessionTypeList } from '#src/components/booking/session-type-list.tsx';
import { Meta } from '#src/components/meta.tsx';
import { SiteNotFound } from '#src/components/site-not-found.tsx';
import { ButtonLink } from '#src/components/ui/button.tsx';
import { Container, PageHeader } from '#src/components/ui/container.tsx';
import { setPageStatus } from '#src/lib/page-status.ts';

// /book: the one session the coach lists booked right here (a fresh site's intro call, as it
// always was), or a card for each listed session leading to its own page.
export default async function BookPage() {
  const settings = await currentSettings();
  // Off on a fresh site: the about page's button is inert and this address does not exist.
  if (!bookingIsOn(settings)) {
    setPageStatus(404);
    return <SiteNotFound />;
  }
  const [types, availability] = await Promise.all([listedSessionTypes(), readAvailability()]);
  if (types.length === 1) return <BookSession type={types[0]!} coachName={settings.coachName} currency={settings.currency} path="/book" />;
  return (
    <>
      <Meta title="Book a Session" description={`Choose a session with ${settings.coachName} and a time that suits you.`} path="/book" />
      <PageHeader
        eyebrow="Booking"
        title="Book a Session"
        lead="Choose what you would like to book, then a time that suits you; the times are shown in your own time zone."
      />
      <Container className="py-12 sm:py-16">
        {types.length === 0 ? (
          <div className="rounded-card border border-line bg-surface p-6 text-ink shadow-sm sm:p-8">
            <p>No sessions can be booked online at the moment.</p>
            <ButtonLink to="/contact" variant="outline" className="mt-4">
              Send a message instead
            </ButtonLink>
          </div>
        ) : (
          <SessionTypeList
            types={types.map((type) => ({
              slug: type.slug,
              name: type.name,
              description: type.description,
              minutes: type.minutes ?? availability.callMinutes,
              forClients: type.access === 'clients',
            }))}
          />
        )}
      </Container>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
