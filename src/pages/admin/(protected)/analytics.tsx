import { readAnalytics } from '#server/services/analytics/reports.ts';
import { AnalyticsAdmin } from '#src/admin/analytics/analytics-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

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
