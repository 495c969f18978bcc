import { listOutbox } from '../../../../server/services/outbox.ts';
import { OutboxAdmin } from '../../../admin/outbox/outbox-admin.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function AdminOutboxPage() {
  if (!(await currentAdmin())) return null;
  const page = await listOutbox('all', 1);
  return (
    <>
      <PageTitle title="Outbox" />
      <h1 className="text-3xl font-semibold">Outbox</h1>
      <p className="mt-1 text-muted">Every email the site sends: notices of new messages, password resets and tests.</p>
      <OutboxAdmin initialPage={page} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
