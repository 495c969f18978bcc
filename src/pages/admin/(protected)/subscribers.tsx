import { listSubscribers } from '#server/services/subscribers.ts';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { SubscribersAdmin } from '#src/admin/subscribers/subscribers-admin.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { SUBSCRIBER_PAGE_SIZE } from '#src/schemas/subscriber.ts';

export default async function SubscribersPage() {
  if (!(await currentAdmin())) return null;
  const initial = await listSubscribers({ page: 1, pageSize: SUBSCRIBER_PAGE_SIZE });
  return (
    <>
      <ScreenHeading title="Subscribers" intro="Everyone who signed up for the newsletter, and where they came from." />
      <SubscribersAdmin initial={initial} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
