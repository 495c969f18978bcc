import { readAvailability } from '#server/services/booking/availability.ts';
import { portalAccess } from '#server/services/portal/access.ts';
import { findClientDetail } from '#server/services/practice/clients.ts';
import { listPackages } from '#server/services/practice/packages.ts';
import { listSessionTypes } from '#server/services/session-types.ts';
import { ClientPage } from '#src/admin/clients/client-page.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { setPageStatus } from '#src/lib/page-status.ts';

export default async function ClientDetailPage({ clientId }: { clientId: string }) {
  if (!(await currentAdmin())) return null;
  const client = await findClientDetail(/^[1-9]\d{0,9}$/.test(clientId) ? Number(clientId) : Number.NaN);
  if (!client) {
    setPageStatus(404);
    return <ScreenHeading title="Client not found" intro="No client has this address. Go back to Clients to find them." />;
  }
  const [packages, types, availability, portal] = await Promise.all([
    listPackages(),
    listSessionTypes(),
    readAvailability(),
    portalAccess(client.id),
  ]);
  return (
    <>
      <ScreenHeading title={client.name} intro={client.email} />
      <ClientPage
        initial={client}
        packages={packages}
        sessionTypes={types.filter((type) => !type.intro).map(({ id, name }) => ({ id, name }))}
        coachTimeZone={availability.timeZone}
        portal={portal}
      />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
