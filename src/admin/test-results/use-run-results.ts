import { useRef, useState } from 'react';
import { errorMessage } from '#src/lib/api-client.ts';
import type { TestResult, TestSuite } from '#src/schemas/test-suite.ts';
import { fetchRunResults } from './api.ts';

export type RunResultsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; results: TestResult[] };

/**
 * Per-run results: a suite's latest run arrives with its results; any other run's are fetched on
 * demand and kept for the page's life (a run's results never change once it is recorded).
 */
export function useRunResults(suites: TestSuite[]) {
  const [byRun, setByRun] = useState<Record<number, RunResultsState>>({});
  const given = new Map(suites.flatMap(({ latestRun }) => (latestRun ? [[latestRun.id, latestRun.results] as const] : [])));
  const inFlight = useRef(new Set<number>());

  function load(runId: number) {
    const current = byRun[runId];
    if (given.has(runId) || current?.status === 'ready' || inFlight.current.has(runId)) return;
    inFlight.current.add(runId);
    setByRun((all) => ({ ...all, [runId]: { status: 'loading' } }));
    fetchRunResults(runId)
      .then((results) => setByRun((all) => ({ ...all, [runId]: { status: 'ready', results } })))
      .catch((error: unknown) => setByRun((all) => ({ ...all, [runId]: { status: 'error', message: errorMessage(error) } })))
      .finally(() => inFlight.current.delete(runId));
  }

  const resultsOf = (runId: number): RunResultsState | undefined => {
    const results = given.get(runId);
    return results ? { status: 'ready', results } : byRun[runId];
  };
  return { resultsOf, load };
}
