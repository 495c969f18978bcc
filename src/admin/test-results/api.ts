import { call, testCaseApi } from '#src/lib/api-client.ts';

export const fetchSuites = () => call(testCaseApi.suites.$get());

export const fetchRunResults = async (runId: number) =>
  (await call(testCaseApi.runs[':runId'].$get({ param: { runId: String(runId) } }))).results;

/** Registers the project's catalog of suites and cases; safe to repeat. */
export const initializeSuites = () => call(testCaseApi.initialize.$post());
