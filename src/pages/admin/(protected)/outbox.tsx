import { listOutbox } from '#server/services/outbox.ts';
import { OutboxAdmin } from '#src/admin/outbox/outbox-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function AdminOutboxPage() {
  if (!(await currentAdmin())) return null;
  const page = await listOutbox();
  return (
    <>
      <ScreenHeading title="Outbox" intro="Every email the site sends: notices of new messages, password resets and tests." />
      <OutboxAdmin initialPage={page} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
