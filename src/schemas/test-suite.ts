// The JSON of the test-monitoring API (/api/test-cases/*), as the browser receives it: dates are
// ISO strings, times are milliseconds. Names as in the product's data model: a run has `duration`
// and `results`, a result has `executionTime`.

export type TestRunStatus = 'running' | 'completed';
/** Stored results are passed, failed or skipped; the screen shows anything else as 'other'. */
export type TestResultStatus = 'passed' | 'failed' | 'skipped' | (string & {});
export type TestPriority = 'low' | 'medium' | 'high' | 'critical';

/** One case's outcome in a run, with the case's text as it was when the run was recorded. */
export interface TestResult {
  id: number;
  status: TestResultStatus;
  caseName: string;
  caseDescription: string;
  priority: TestPriority;
  /** Milliseconds. */
  executionTime: number;
  expectedResult: string;
  errorMessage: string | null;
}

export interface TestRun {
  id: number;
  status: TestRunStatus;
  startedAt: string;
  /** Milliseconds; null while unknown. */
  duration: number | null;
  runBy: string;
  totalTests: number;
  passedTests: number;
  failedTests: number;
  skippedTests: number;
  /** Rounded passed / total; null for a run that counted no tests. */
  passPercentage: number | null;
  results: TestResult[];
}

export interface TestSuite {
  id: number;
  name: string;
  category: string;
  description: string;
  /** How many test cases the suite registers. */
  totalTests: number;
  latestRun: TestRun | null;
}
