import { getDashboardCounts } from '../../../../server/services/dashboard.ts';
import { SummaryCards } from '../../../admin/dashboard/summary-cards.tsx';
import { LogoutButton } from '../../../admin/shared/logout-button.tsx';
import { siteConfig } from '../../../config/site.ts';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function AdminDashboardPage() {
  const admin = await currentAdmin();
  if (!admin) return null;
  const counts = await getDashboardCounts();
  return (
    <>
      <title>{`Dashboard | ${siteConfig().name}`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Dashboard</h1>
          <p className="mt-1 text-muted">Welcome back, {admin.email}</p>
        </div>
        <LogoutButton />
      </div>
      <div className="mt-8">
        <SummaryCards counts={counts} />
      </div>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
