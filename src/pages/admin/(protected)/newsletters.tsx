import { Mail } from 'lucide-react';
import { ComingSoonPage } from '../../../admin/placeholders/coming-soon-page.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function NewslettersPage() {
  if (!(await currentAdmin())) return null;
  return (
    <ComingSoonPage
      title="Newsletters"
      icon={Mail}
      summary="Write and send the weekly newsletter to your subscribers."
      plans={['Draft a newsletter from recent posts', 'Preview it as readers will see it', 'Schedule or send it, and see past issues']}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
