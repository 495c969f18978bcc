import { bookingIsOn } from '#server/services/booking/calls.ts';
import { currentSettings } from '#server/services/settings.ts';
import { BookingFlow } from '#src/components/booking/booking-flow.tsx';
import { Meta } from '#src/components/meta.tsx';
import { SiteNotFound } from '#src/components/site-not-found.tsx';
import { Container, PageHeader } from '#src/components/ui/container.tsx';
import { setPageStatus } from '#src/lib/page-status.ts';

export default async function BookPage() {
  const settings = await currentSettings();
  // Off on a fresh site: the about page's button is inert and this address does not exist.
  if (!bookingIsOn(settings)) {
    setPageStatus(404);
    return <SiteNotFound />;
  }
  return (
    <>
      <Meta
        title="Book a Free Intro Call"
        description={`Choose a time for a free, no-pressure intro call with ${settings.coachName}.`}
        path="/book"
      />
      <PageHeader
        eyebrow="Intro call"
        title="Book a Free Intro Call"
        lead="A short, no-pressure conversation to see whether we are a good fit. Pick a time that suits you; the times are shown in your own time zone."
      />
      <Container className="py-12 sm:py-16">
        <BookingFlow />
      </Container>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
