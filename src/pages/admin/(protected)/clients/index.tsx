import { listClients } from '#server/services/practice/clients.ts';
import { listPackages } from '#server/services/practice/packages.ts';
import { listSessionTypes } from '#server/services/session-types.ts';
import { readSettings } from '#server/services/settings.ts';
import { ClientsAdmin } from '#src/admin/clients/clients-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { CLIENTS_PAGE_SIZE } from '#src/schemas/client.ts';

export default async function ClientsPage() {
  if (!(await currentAdmin())) return null;
  const [initial, packages, types, settings] = await Promise.all([
    listClients({ page: 1, pageSize: CLIENTS_PAGE_SIZE }),
    listPackages(),
    listSessionTypes(),
    readSettings(),
  ]);
  return (
    <>
      <ScreenHeading title="Clients" intro="The people you work with, their packages and everything about them." />
      <ClientsAdmin
        initial={initial}
        packages={packages}
        sessionTypes={types.map(({ id, name }) => ({ id, name }))}
        currency={settings.currency}
      />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
