import { CircleCheck, CircleDashed, CircleMinus, CircleX, LoaderCircle } from 'lucide';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import type { TestPriority as Priority, TestResultStatus as ResultStatus, TestRunStatus as RunStatus } from '#src/schemas/test-suite.ts';
import { formatDuration } from './format-duration.ts';

// Status is always written out, never colour alone (docs/product.md §4: passed, failed, skipped, other).
const RESULT_LOOKS = {
  passed: { label: 'Passed', icon: CircleCheck, className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  failed: { label: 'Failed', icon: CircleX, className: 'bg-red-50 text-red-800 ring-red-200' },
  skipped: { label: 'Skipped', icon: CircleMinus, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  other: { label: 'Other', icon: CircleDashed, className: 'bg-canvas text-muted ring-line' },
} as const;

const lookOf = (status: ResultStatus) =>
  status === 'passed' || status === 'failed' || status === 'skipped'
    ? RESULT_LOOKS[status as 'passed' | 'failed' | 'skipped']
    : RESULT_LOOKS.other;

export function ResultStatusBadge({ status, className }: { status: ResultStatus; className?: string }) {
  const { label, icon, className: tone } = lookOf(status);
  return (
    <span className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1', tone, className)}>
      <Icon shapes={icon} aria-hidden="true" className="size-3.5" />
      {label}
    </span>
  );
}

export function RunStatusBadge({ status }: { status: RunStatus }) {
  const running = status === 'running';
  const icon = running ? LoaderCircle : CircleCheck;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        running ? 'bg-accent-50 text-accent-800 ring-accent-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200',
      )}
    >
      <Icon shapes={icon} aria-hidden="true" className="size-3.5" />
      {running ? 'Running' : 'Completed'}
    </span>
  );
}

const PRIORITY_TONES: Record<Priority, string> = {
  low: 'bg-canvas text-muted ring-line',
  medium: 'bg-primary-50 text-primary-800 ring-primary-200',
  high: 'bg-accent-50 text-accent-800 ring-accent-200',
  critical: 'bg-red-700 text-white ring-red-700',
};

export function PriorityBadge({ priority }: { priority: Priority }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1',
        PRIORITY_TONES[priority] ?? PRIORITY_TONES.medium,
      )}
    >
      <span className="sr-only">Priority: </span>
      {priority}
    </span>
  );
}

export function ExecutionTime({ ms }: { ms: number }) {
  return (
    <span className="shrink-0 text-xs tabular-nums text-muted">
      <span className="sr-only">Time: </span>
      {formatDuration(ms)}
    </span>
  );
}
