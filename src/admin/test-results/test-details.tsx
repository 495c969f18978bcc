import { LoaderCircle } from 'lucide';
import { useId, useState } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import type { TestResult, TestSuite } from '#src/schemas/test-suite.ts';
import { Options, SelectField } from '../kit/fields.tsx';
import { formatDuration } from './format-duration.ts';
import { RelativeTime } from './relative-time.tsx';
import { ExecutionTime, PriorityBadge, ResultStatusBadge, RunStatusBadge } from './status-badges.tsx';
import type { RunResultsState } from './use-run-results.ts';

type StatusFilter = 'all' | 'failed' | 'passed' | 'skipped';
const FILTERS: Array<{ id: StatusFilter; name: string }> = [
  { id: 'all', name: 'All statuses' },
  { id: 'failed', name: 'Failed' },
  { id: 'passed', name: 'Passed' },
  { id: 'skipped', name: 'Skipped' },
];

function CaseResult({ result }: { result: TestResult }) {
  return (
    <li className="min-w-0 rounded-card border border-line bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <ResultStatusBadge status={result.status} />
        <PriorityBadge priority={result.priority} />
        <ExecutionTime ms={result.executionTime} />
      </div>
      <h3 className="mt-2 font-sans text-base font-semibold [overflow-wrap:anywhere]">{result.caseName}</h3>
      {(result.caseDescription || result.expectedResult) && (
        <dl className="mt-2 space-y-2 text-sm">
          {result.caseDescription && (
            <div>
              <dt className="sr-only">Description</dt>
              <dd className="text-muted">{result.caseDescription}</dd>
            </div>
          )}
          {result.expectedResult && (
            <div>
              <dt className="font-medium text-ink">Expected result</dt>
              <dd className="text-muted">{result.expectedResult}</dd>
            </div>
          )}
        </dl>
      )}
      {result.status === 'failed' && result.errorMessage && (
        <div className="mt-3">
          <p className="text-sm font-medium text-red-800">Error message</p>
          {/* Text only: React escapes it, so markup in a message shows as written. */}
          {/* biome-ignore lint/a11y/useSemanticElements: the scrolling <pre> itself is the named, focusable region */}
          <pre
            role="region"
            tabIndex={0}
            aria-label={`Error message of ${result.caseName}`}
            className="mt-1 max-h-80 overflow-auto rounded-control border border-red-200 bg-red-50 p-3 font-mono text-xs leading-5 text-red-950"
          >
            {result.errorMessage}
          </pre>
        </div>
      )}
    </li>
  );
}

/** The suite Test Details shows: the chosen one, else the first with a run; undefined when none has run. */
export function detailsSuiteOf(suites: TestSuite[], selectedId: number | undefined): TestSuite | undefined {
  const withRuns = suites.filter((suite) => suite.latestRun);
  return withRuns.find((suite) => suite.id === selectedId) ?? withRuns[0];
}

export interface TestDetailsProps {
  suites: TestSuite[];
  selectedId: number | undefined;
  onSelect: (suiteId: number) => void;
  resultsOf: (runId: number) => RunResultsState | undefined;
}

/** docs/product.md §2 "Admin test results", Test Details: every case of one suite's latest run. */
export function TestDetails({ suites, selectedId, onSelect, resultsOf }: TestDetailsProps) {
  const [filter, setFilter] = useState<StatusFilter>('all');
  const id = useId();
  const withRuns = suites.filter((suite) => suite.latestRun);
  const suite = detailsSuiteOf(suites, selectedId);
  if (!suite) {
    return (
      <p className="rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-muted">
        No runs recorded yet. Record a JUnit report with <code className="font-mono text-sm">bun run tests:record</code>.
      </p>
    );
  }
  const run = suite.latestRun!;
  const state = resultsOf(run.id);
  const shown = state?.status === 'ready' ? state.results.filter((result) => filter === 'all' || result.status === filter) : [];

  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField id={`${id}-suite`} label="Suite" value={suite.id} onChange={(event) => onSelect(Number(event.target.value))}>
          <Options items={withRuns} />
        </SelectField>
        <SelectField id={`${id}-status`} label="Show" value={filter} onChange={(event) => setFilter(event.target.value as StatusFilter)}>
          <Options items={FILTERS} />
        </SelectField>
      </div>

      <div className="mt-6">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold [overflow-wrap:anywhere]">
          {suite.name}
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <RunStatusBadge status={run.status} />
          <span>
            {run.passedTests} passed, {run.failedTests} failed, {run.skippedTests} skipped · {formatDuration(run.duration)} · started{' '}
            <RelativeTime iso={run.startedAt} /> by {run.runBy}
          </span>
        </p>
      </div>

      <div className="mt-4" aria-live="polite" aria-busy={state?.status === 'loading'}>
        {!state || state.status === 'loading' ? (
          <p className="flex items-center gap-2 py-6 text-sm text-muted">
            <Icon shapes={LoaderCircle} aria-hidden="true" className="size-4 animate-spin" /> Loading results...
          </p>
        ) : state.status === 'error' ? (
          <p role="alert" className="py-6 text-sm font-medium text-red-700">
            Could not load the results: {state.message}
          </p>
        ) : shown.length === 0 ? (
          <p className="rounded-card border border-dashed border-line bg-surface px-6 py-8 text-center text-muted">
            {state.results.length === 0 ? 'This run recorded no test cases.' : 'No test cases with this status.'}
          </p>
        ) : (
          <ul className="space-y-3">
            {shown.map((result) => (
              <CaseResult key={result.id} result={result} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
