import { readAnalytics } from '../../../../server/services/analytics/reports.ts';
import { AnalyticsAdmin } from '../../../admin/analytics/analytics-admin.tsx';
import { ScreenHeading } from '../../../admin/shared/screen-heading.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function AnalyticsPage() {
  if (!(await currentAdmin())) return null;
  const report = await readAnalytics(30);
  return (
    <>
      <ScreenHeading title="Analytics" intro="How readers find and use the site, counted by the site itself." />
      <AnalyticsAdmin initial={report} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
