import { listSuites } from '#server/services/test-suites.ts';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { TestResultsAdmin } from '#src/admin/test-results/test-results-admin.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function AdminTestResultsPage() {
  const admin = await currentAdmin();
  if (!admin) return null;
  // The same JSON the screen later refetches from /api/test-cases/suites.
  const suites = await listSuites();
  return (
    <>
      <ScreenHeading title="Test Results" intro="The project's test suites and the latest recorded run of each." />
      <TestResultsAdmin initialSuites={suites} renderedAt={Date.now()} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
