import { Meta } from '#src/components/meta.tsx';
import { PortalHome } from '#src/components/portal/portal-home.tsx';
import { Container, PageHeader } from '#src/components/ui/container.tsx';

// The client portal (issue 36). What a client sees is fetched by their browser with the portal's
// own cookie: the page is the same for everyone, so no client's data is ever in a cached page.
export default async function PortalPage() {
  return (
    <>
      <Meta title="Client portal" description="Your sessions, credits and notes." path="/portal" noindex />
      <PageHeader eyebrow="Clients" title="Your client portal" />
      <Container className="py-12 sm:py-16">
        <PortalHome />
      </Container>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
