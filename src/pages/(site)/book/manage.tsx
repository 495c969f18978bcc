import { ManageBooking } from '#src/components/booking/manage-booking.tsx';
import { Meta } from '#src/components/meta.tsx';
import { Container, PageHeader } from '#src/components/ui/container.tsx';

// The booking is fetched by the browser with the token of its link: the page itself is the same
// for every visitor, so no one's call is ever in a cached page.
export default async function ManageBookingPage() {
  return (
    <>
      <Meta title="Your booking" description="Reschedule or cancel your booking." path="/book/manage" noindex />
      <PageHeader eyebrow="Booking" title="Your booking" />
      <Container className="py-12 sm:py-16">
        <ManageBooking />
      </Container>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
