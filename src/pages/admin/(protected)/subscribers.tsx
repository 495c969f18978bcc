import { listSubscribers } from '../../../../server/services/subscribers.ts';
import { SubscribersAdmin } from '../../../admin/subscribers/subscribers-admin.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';
import { SUBSCRIBER_PAGE_SIZE } from '../../../schemas/subscriber.ts';

export default async function SubscribersPage() {
  if (!(await currentAdmin())) return null;
  const initial = await listSubscribers({ page: 1, pageSize: SUBSCRIBER_PAGE_SIZE });
  return (
    <>
      <PageTitle title="Subscribers" />
      <h1 className="text-3xl font-semibold">Subscribers</h1>
      <p className="mt-1 text-muted">Everyone who signed up for the newsletter, and where they came from.</p>
      <SubscribersAdmin initial={initial} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
