import { api } from '../../lib/api-client.ts';
import type { TestResult, TestSuite } from '../../schemas/test-suite.ts';

const BASE = '/api/test-cases';

export const fetchSuites = () => api.get<TestSuite[]>(`${BASE}/suites`);

export const fetchRunResults = async (runId: number) => (await api.get<{ results: TestResult[] }>(`${BASE}/runs/${runId}`)).results;

/** Registers the project's catalog of suites and cases; safe to repeat. */
export const initializeSuites = () => api.post<{ suites: number; cases: number }>(`${BASE}/initialize`);
