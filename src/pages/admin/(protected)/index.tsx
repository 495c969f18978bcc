import { FileText, Plus, Users, Wrench } from 'lucide';
import { nextBooking } from '#server/services/booking/admin-list.ts';
import { staleCalendars } from '#server/services/calendars/accounts.ts';
import { getDashboardCounts } from '#server/services/dashboard.ts';
import { listAdminPosts } from '#server/services/posts/admin-post.ts';
import { currentSettings } from '#server/services/settings.ts';
import { readSetupChecklist } from '#server/services/setup-checklist.ts';
import { listSubscribers } from '#server/services/subscribers.ts';
import { listSuiteSummaries } from '#server/services/test-suites.ts';
import { CalendarWarning } from '#src/admin/booking/calendars/calendar-warning.tsx';
import { greetingName } from '#src/admin/dashboard/greeting.ts';
import { NextCall } from '#src/admin/dashboard/next-call.tsx';
import { RECENT_POSTS, RecentPosts, recentPosts } from '#src/admin/dashboard/recent-posts.tsx';
import { SetupChecklist } from '#src/admin/dashboard/setup-checklist.tsx';
import { DASHBOARD_SUBSCRIBERS, SubscribersTable } from '#src/admin/dashboard/subscribers-table.tsx';
import { SummaryCards } from '#src/admin/dashboard/summary-cards.tsx';
import { DASHBOARD_SUITES, ToolsPanel } from '#src/admin/dashboard/tools-panel.tsx';
import { Tabs } from '#src/admin/kit/tabs.tsx';
import { LogoutButton } from '#src/admin/shared/logout-button.tsx';
import { PageTitle } from '#src/components/page-title.tsx';
import { ButtonLink } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function AdminDashboardPage() {
  const admin = await currentAdmin();
  if (!admin) return null;
  const settings = currentSettings();
  const [counts, posts, subscribers, suites, nextCall, { timeZone, coachName }, checklist, unreadCalendars] = await Promise.all([
    getDashboardCounts(),
    listAdminPosts(RECENT_POSTS),
    listSubscribers({ pageSize: DASHBOARD_SUBSCRIBERS }),
    listSuiteSummaries(DASHBOARD_SUITES),
    nextBooking(),
    settings,
    // Read only while it is shown: hidden, its steps cost the dashboard nothing.
    settings.then(({ setupChecklist }) => (setupChecklist ? readSetupChecklist() : null)),
    staleCalendars(),
  ]);
  return (
    <>
      <PageTitle title="Dashboard" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold">Dashboard</h1>
          <p className="mt-1 break-words text-muted">Welcome back, {greetingName(admin, coachName)}</p>
        </div>
        <div className="flex items-center gap-2">
          <ButtonLink to="/admin/posts/new" size="sm">
            <Icon shapes={Plus} aria-hidden="true" className="size-4" /> New Post
          </ButtonLink>
          <LogoutButton />
        </div>
      </div>
      {unreadCalendars.length > 0 && (
        <div className="mt-8">
          <CalendarWarning calendars={unreadCalendars} timeZone={timeZone} link />
        </div>
      )}
      {checklist && (
        <div className="mt-8">
          <SetupChecklist checklist={checklist} timeZone={timeZone} />
        </div>
      )}
      <div className="mt-8">
        <SummaryCards counts={counts} />
      </div>
      <div className="mt-4">
        <NextCall call={nextCall} timeZone={timeZone} />
      </div>
      <div className="mt-10">
        <Tabs
          label="Dashboard sections"
          tabs={[
            { id: 'posts', label: 'Recent Posts', icon: FileText, panel: <RecentPosts posts={recentPosts(posts)} /> },
            { id: 'subscribers', label: 'Subscribers', icon: Users, panel: <SubscribersTable subscribers={subscribers.subscribers} /> },
            { id: 'tools', label: 'Tools', icon: Wrench, panel: <ToolsPanel suites={suites} /> },
          ]}
        />
      </div>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
