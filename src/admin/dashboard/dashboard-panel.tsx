import { ArrowRight } from 'lucide';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';

// Each panel's heading, and the full screen it previews: where it is and what the link says.
const PANELS = {
  posts: { title: 'Recent Posts', description: 'The newest posts by creation date.', link: ['/admin/posts', 'All posts'] },
  subscribers: { title: 'Subscribers', description: 'The newest newsletter subscribers.', link: ['/admin/subscribers', 'All subscribers'] },
  suites: { title: 'Test Suite Status', description: 'The latest run of each suite.', link: ['/admin/test-results', 'View test results'] },
} as const;

interface DashboardPanelProps {
  panel: keyof typeof PANELS;
  /** Shown instead of the children when there is nothing to list. */
  empty?: ReactNode;
  children: ReactNode;
}

/** One section of a dashboard tab: its heading, a link to the full screen, and its list or empty state. */
export function DashboardPanel({ panel, empty, children }: DashboardPanelProps) {
  const {
    title,
    description,
    link: [href, linkLabel],
  } = PANELS[panel];
  const id = `${panel}-panel-heading`;
  return (
    <section aria-labelledby={id}>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <h2 id={id} className="text-xl font-semibold">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{description}</p>
        </div>
        <Link to={href} className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-primary-700 hover:text-primary-950">
          {linkLabel} <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-4">{empty || children}</div>
    </section>
  );
}
