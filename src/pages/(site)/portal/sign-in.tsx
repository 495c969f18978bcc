import { Meta } from '#src/components/meta.tsx';
import { PortalLinkSignIn } from '#src/components/portal/portal-link-sign-in.tsx';
import { Container, PageHeader } from '#src/components/ui/container.tsx';

// The emailed link's page: it shows a button that posts the link's token, so a mail scanner that
// opens the link spends nothing.
export default async function PortalLinkPage() {
  return (
    <>
      <Meta title="Sign in" description="Sign in to your client portal." path="/portal/sign-in" noindex />
      <PageHeader eyebrow="Clients" title="Sign in to your client portal" />
      <Container className="py-12 sm:py-16">
        <PortalLinkSignIn />
      </Container>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
