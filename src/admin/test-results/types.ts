// The JSON of /api/test-cases (spec §3 test suite, run and result), as the browser receives it:
// dates are ISO strings.

export type RunStatus = 'running' | 'completed';
/** The database holds passed, failed and skipped; spec §4 also names 'other' for anything else. */
export type ResultStatus = 'passed' | 'failed' | 'skipped' | (string & {});
export type Priority = 'low' | 'medium' | 'high' | 'critical';

export interface LatestRun {
  id: number;
  status: RunStatus;
  startedAt: string;
  durationMs: number | null;
  runBy: string;
  totalTests: number;
  passedTests: number;
  failedTests: number;
  skippedTests: number;
  /** Rounded passed / total; null for a run that counted no tests. */
  passPercentage: number | null;
}

export interface TestSuite {
  id: number;
  name: string;
  category: string;
  description: string;
  totalTests: number;
  latestRun: LatestRun | null;
}

export interface TestResult {
  id: number;
  status: ResultStatus;
  caseName: string;
  caseDescription: string;
  priority: Priority;
  executionTimeMs: number;
  expectedResult: string;
  errorMessage: string | null;
}
