import { ChartColumn } from 'lucide-react';
import { ComingSoonPage } from '../../../admin/placeholders/coming-soon-page.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function AnalyticsPage() {
  if (!(await currentAdmin())) return null;
  return (
    <ComingSoonPage
      title="Analytics"
      icon={ChartColumn}
      summary="How readers find and use the site."
      plans={['Page views per post and per week', 'Most read articles and their sources', 'Contact messages over time']}
    />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
