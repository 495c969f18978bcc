import { Users } from 'lucide-react';
import { ComingSoonPage } from '../../../admin/placeholders/coming-soon-page.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function SubscribersPage() {
  if (!(await currentAdmin())) return null;
  return (
    <ComingSoonPage
      title="Subscribers"
      icon={Users}
      summary="Everyone who signed up for updates, in one list."
      plans={['Search and export subscribers', 'See when each person subscribed', 'Remove a subscriber on request']}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
