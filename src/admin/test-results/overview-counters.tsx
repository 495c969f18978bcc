import type { IconNode } from 'lucide';
import { Activity, Gauge, Layers, ListChecks } from 'lucide';
import { Icon } from '#src/components/ui/icon.tsx';
import type { OverviewStats } from './overview-stats.ts';

interface Counter {
  label: string;
  value: string;
  note: string;
  icon: IconNode;
}

/** docs/product.md §2 "Admin test results": the four Overview counters. */
export function OverviewCounters({ stats }: { stats: OverviewStats }) {
  const counters: Counter[] = [
    { label: 'Total Suites', value: String(stats.totalSuites), note: 'registered', icon: Layers },
    { label: 'Total Test Cases', value: String(stats.totalCases), note: 'across all suites', icon: ListChecks },
    {
      label: 'Success Rate',
      value: stats.successRate === null ? '—' : `${stats.successRate}%`,
      note: 'average of the latest runs',
      icon: Gauge,
    },
    { label: 'Recent Runs', value: String(stats.recentlyRun), note: 'suites run in the last 7 days', icon: Activity },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {counters.map(({ label, value, note, icon }) => (
        <li
          key={label}
          data-testid={`counter-${label.toLowerCase().replace(/\s+/g, '-')}`}
          className="min-w-0 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5"
        >
          <div className="flex items-start justify-between gap-2 text-sm font-medium text-muted">
            <span className="min-w-0">{label}</span>
            <Icon shapes={icon} aria-hidden="true" className="size-4 shrink-0 text-primary-500" />
          </div>
          <p className="mt-2 font-display text-3xl font-semibold text-primary-950">{value}</p>
          <p className="mt-1 text-xs text-muted">{note}</p>
        </li>
      ))}
    </ul>
  );
}
