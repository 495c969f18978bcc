import type { IconNode } from 'lucide';
import { CalendarClock, FileText, Mail, Settings, Users } from 'lucide';
import { Link } from 'waku';
import type { SuiteSummary } from '#server/services/test-suites.ts';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { DashboardPanel } from './dashboard-panel.tsx';

// docs/product.md §9: the dashboard shows 4 test suites.
export const DASHBOARD_SUITES = 4;

interface QuickLinkGroup {
  title: string;
  icon: IconNode;
  /** Label → address, in the order shown. */
  links: Record<string, string>;
}

// docs/product.md §2 "Admin dashboard", Tools: the four quick-link cards and their targets, then the
// site's own settings and email (added since).
export const QUICK_LINKS: QuickLinkGroup[] = [
  {
    title: 'Content',
    icon: FileText,
    links: {
      'All Posts': '/admin/posts',
      'Blog Backlog': '/admin/blog-backlog',
      'Create Post': '/admin/posts/new',
      Categories: '/admin/categories',
      Testimonials: '/admin/testimonials',
      Media: '/admin/media',
    },
  },
  { title: 'Newsletter', icon: Mail, links: { Subscribers: '/admin/subscribers', Newsletters: '/admin/newsletters' } },
  {
    title: 'Scheduling',
    icon: CalendarClock,
    links: { Schedule: '/admin/schedule', Analytics: '/admin/analytics', Booking: '/admin/booking' },
  },
  { title: 'Users', icon: Users, links: { 'Manage Users': '/admin/users', 'Add User': '/admin/users/new' } },
  { title: 'Site', icon: Settings, links: { Settings: '/admin/settings', Outbox: '/admin/outbox', 'Privacy requests': '/admin/privacy' } },
];

function SuiteCard({ suite }: { suite: SuiteSummary }) {
  const run = suite.latestRun;
  return (
    <li className="flex flex-col rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 break-words font-sans text-base font-semibold [overflow-wrap:anywhere]">{suite.name}</h3>
        <span className="shrink-0 rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800">
          {suite.totalTests} {suite.totalTests === 1 ? 'test' : 'tests'}
        </span>
      </div>
      {suite.description && <p className="mt-1 line-clamp-2 text-sm text-muted">{suite.description}</p>}
      {run ? (
        <div className="mt-auto pt-4">
          <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
            <span
              className={cn(
                'font-display text-2xl font-semibold',
                suite.passPercentage === null ? 'text-muted' : suite.passPercentage === 100 ? 'text-emerald-700' : 'text-primary-950',
              )}
            >
              {suite.passPercentage === null ? '—' : `${suite.passPercentage}%`}
              <span className="sr-only"> pass rate</span>
            </span>
            <span className="font-medium text-emerald-700">{run.passedTests} passed</span>
            <span className={cn('font-medium', run.failedTests > 0 ? 'text-red-700' : 'text-muted')}>{run.failedTests} failed</span>
          </div>
          <p className="mt-1 text-xs text-muted">
            Last run <DateTime at={run.startedAt.toISOString()} style="date" />
            {run.status === 'running' && ' · running'}
          </p>
        </div>
      ) : (
        <p className="mt-auto pt-4 text-sm font-medium text-muted">No runs</p>
      )}
    </li>
  );
}

export function ToolsPanel({ suites }: { suites: SuiteSummary[] }) {
  return (
    <div className="space-y-10">
      <DashboardPanel panel="suites" empty={suites.length === 0 && <EmptyState message="No test suites yet." />}>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {suites.map((suite) => (
            <SuiteCard key={suite.id} suite={suite} />
          ))}
        </ul>
      </DashboardPanel>

      <section aria-labelledby="quick-links-heading">
        <h2 id="quick-links-heading" className="text-xl font-semibold">
          Quick Links
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {QUICK_LINKS.map(({ title, icon, links }) => (
            <li key={title} className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5">
              <div className="flex items-center gap-2.5">
                <span className="flex size-9 items-center justify-center rounded-control bg-primary-50 text-primary-800">
                  <Icon shapes={icon} aria-hidden="true" className="size-4" />
                </span>
                <h3 className="font-sans text-base font-semibold">{title}</h3>
              </div>
              <ul className="mt-3 space-y-0.5">
                {Object.entries(links).map(([label, href]) => (
                  <li key={href}>
                    <Link
                      to={href}
                      className="-mx-2 flex items-center rounded-control px-2 py-1.5 text-sm font-medium text-primary-700 hover:bg-primary-50 hover:text-primary-950"
                    >
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
