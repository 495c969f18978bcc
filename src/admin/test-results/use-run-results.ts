import { useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { fetchRunResults } from './api.ts';
import { TRY_AGAIN } from './messages.ts';
import type { TestResult } from './types.ts';

export type RunResultsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; results: TestResult[] };

/**
 * Per-run results, fetched on demand (Show Tests, Full Details) and kept for the page's life: a
 * run's results never change once it is recorded, so one fetch per run is enough.
 */
export function useRunResults() {
  const [byRun, setByRun] = useState<Record<number, RunResultsState>>({});
  const inFlight = useRef(new Set<number>());

  function load(runId: number) {
    const current = byRun[runId];
    if (current?.status === 'ready' || inFlight.current.has(runId)) return;
    inFlight.current.add(runId);
    setByRun((all) => ({ ...all, [runId]: { status: 'loading' } }));
    fetchRunResults(runId)
      .then((results) => setByRun((all) => ({ ...all, [runId]: { status: 'ready', results } })))
      .catch((error: unknown) => setByRun((all) => ({ ...all, [runId]: { status: 'error', message: errorMessage(error, TRY_AGAIN) } })))
      .finally(() => inFlight.current.delete(runId));
  }

  return { resultsOf: (runId: number): RunResultsState | undefined => byRun[runId], load };
}
