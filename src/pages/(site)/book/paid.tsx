import { PaymentReturn } from '#src/components/booking/payment-return.tsx';
import { Meta } from '#src/components/meta.tsx';
import { Container, PageHeader } from '#src/components/ui/container.tsx';

// Stripe's return address after paying: the browser asks with the hold's signed token, so the page
// itself is the same for everyone and no one's payment is ever in a cached page.
export default async function PaymentReturnPage() {
  return (
    <>
      <Meta title="Your payment" description="How your payment went." path="/book/paid" noindex />
      <PageHeader eyebrow="Booking" title="Your payment" />
      <Container className="py-12 sm:py-16">
        <PaymentReturn />
      </Container>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
