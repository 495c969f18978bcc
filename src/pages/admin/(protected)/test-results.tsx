import { listSuites } from '../../../../server/services/test-suites.ts';
import { TestResultsAdmin } from '../../../admin/test-results/test-results-admin.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { currentAdmin } from '../../../lib/admin-session.ts';

export default async function AdminTestResultsPage() {
  const admin = await currentAdmin();
  if (!admin) return null;
  // The same JSON the screen later refetches from /api/test-cases/suites.
  const suites = await listSuites();
  return (
    <>
      <PageTitle title="Test Results" />
      <h1 className="text-3xl font-semibold">Test Results</h1>
      <p className="mt-1 text-muted">The project's test suites and the latest recorded run of each.</p>
      <TestResultsAdmin initialSuites={suites} renderedAt={Date.now()} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
