import { ArrowRight, ChevronDown, ListChecks, LoaderCircle } from 'lucide';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import type { TestSuite } from '#src/schemas/test-suite.ts';
import { formatDuration } from './format-duration.ts';
import { RelativeTime } from './relative-time.tsx';
import { ExecutionTime, ResultStatusBadge, RunStatusBadge } from './status-badges.tsx';
import type { RunResultsState } from './use-run-results.ts';

function Stat({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className={cn('mt-0.5 truncate text-base font-semibold tabular-nums text-primary-950', tone)}>{value}</dd>
    </div>
  );
}

/** The per-case list under a card after 'Show Tests'. */
function RunResultsList({ state, label }: { state: RunResultsState | undefined; label: string }) {
  if (!state || state.status === 'loading') {
    return (
      <p className="flex items-center gap-2 px-1 py-3 text-sm text-muted">
        <Icon shapes={LoaderCircle} aria-hidden="true" className="size-4 animate-spin" /> Loading results...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className="px-1 py-3 text-sm font-medium text-red-700">
        Could not load the results: {state.message}
      </p>
    );
  }
  if (state.results.length === 0) return <p className="px-1 py-3 text-sm text-muted">This run recorded no test cases.</p>;
  return (
    // A long run scrolls inside the card; focusable so the keyboard can scroll it too.
    <section aria-label={label} tabIndex={0} className="max-h-96 overflow-y-auto rounded-control border border-line">
      <ul className="divide-y divide-line">
        {state.results.map((result) => (
          <li key={result.id} className="flex items-start gap-3 px-3 py-2">
            <ResultStatusBadge status={result.status} className="mt-0.5 w-[5.5rem] justify-center" />
            <span className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">{result.caseName}</span>
            <ExecutionTime ms={result.executionTime} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface SuiteCardProps {
  suite: TestSuite;
  expanded: boolean;
  results: RunResultsState | undefined;
  onToggleTests: () => void;
  onFullDetails: () => void;
}

/** docs/product.md §2 "Admin test results": one suite with its latest run. */
export function SuiteCard({ suite, expanded, results, onToggleTests, onFullDetails }: SuiteCardProps) {
  const run = suite.latestRun;
  const headingId = `suite-${suite.id}-name`;
  const resultsId = `suite-${suite.id}-results`;
  return (
    <li aria-labelledby={headingId} className="flex min-w-0 flex-col rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <h3 id={headingId} className="min-w-0 font-sans text-lg font-semibold [overflow-wrap:anywhere]">
          {suite.name}
        </h3>
        <span className="rounded-full bg-primary-50 px-2.5 py-0.5 text-xs font-semibold text-primary-800">
          <span className="sr-only">Category: </span>
          {suite.category}
        </span>
      </div>
      {suite.description && <p className="mt-1 text-sm text-muted">{suite.description}</p>}
      <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-primary-800">
        <Icon shapes={ListChecks} aria-hidden="true" className="size-4" />
        {suite.totalTests} {suite.totalTests === 1 ? 'test case' : 'test cases'}
      </p>

      {run ? (
        <>
          <div className="mt-4 border-t border-line pt-4">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
              <RunStatusBadge status={run.status} />
              <span>
                Started <RelativeTime iso={run.startedAt} /> by{' '}
                <span className="font-medium text-ink [overflow-wrap:anywhere]">{run.runBy}</span>
              </span>
            </p>
            <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-3 sm:grid-cols-5">
              <Stat label="Passed" value={String(run.passedTests)} tone="text-emerald-700" />
              <Stat label="Failed" value={String(run.failedTests)} tone={run.failedTests > 0 ? 'text-red-700' : undefined} />
              <Stat label="Skipped" value={String(run.skippedTests)} tone={run.skippedTests > 0 ? 'text-amber-800' : undefined} />
              <Stat label="Success" value={run.passPercentage === null ? '—' : `${run.passPercentage}%`} />
              <Stat label="Duration" value={formatDuration(run.duration)} />
            </dl>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" aria-expanded={expanded} aria-controls={resultsId} onClick={onToggleTests}>
              <Icon shapes={ChevronDown} aria-hidden="true" className={cn('size-4 transition-transform', expanded && 'rotate-180')} />
              {expanded ? 'Hide Tests' : 'Show Tests'}
            </Button>
            <Button variant="ghost" size="sm" onClick={onFullDetails}>
              Full Details <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />
            </Button>
          </div>
          <div id={resultsId} hidden={!expanded} className="mt-3">
            {expanded && <RunResultsList state={results} label={`Latest results of ${suite.name}`} />}
          </div>
        </>
      ) : (
        <p className="mt-4 border-t border-line pt-4 text-sm text-muted">No runs recorded yet.</p>
      )}
    </li>
  );
}
