import { currentSettings } from '#server/services/settings.ts';
import { listSuites } from '#server/services/test-suites.ts';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { DeveloperToolsNotice } from '#src/admin/test-results/developer-tools-notice.tsx';
import { TestResultsAdmin } from '#src/admin/test-results/test-results-admin.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function AdminTestResultsPage() {
  const admin = await currentAdmin();
  if (!admin) return null;
  // The same JSON the screen later refetches from /api/test-cases/suites.
  const [suites, { developerTools }] = await Promise.all([listSuites(), currentSettings()]);
  return (
    <>
      <ScreenHeading title="Test Results" intro="The project's test suites and the latest recorded run of each." />
      {/* Off, the screen still answers (the dashboard links here); only the menu leaves it out (docs/decisions.md). */}
      {!developerTools && <DeveloperToolsNotice />}
      <TestResultsAdmin initialSuites={suites} renderedAt={Date.now()} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
