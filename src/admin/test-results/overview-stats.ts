import type { TestSuite } from '#src/schemas/test-suite.ts';

/** A suite counts as recently run when its latest run started within this window (docs/product.md §2 counters). */
export const RECENT_RUN_MS = 7 * 24 * 60 * 60 * 1000;

export interface OverviewStats {
  totalSuites: number;
  totalCases: number;
  /** Average of the latest runs' pass percentages, rounded; null when no run counted a test. */
  successRate: number | null;
  recentlyRun: number;
}

export function overviewStats(suites: TestSuite[], now: number): OverviewStats {
  const rates = suites.flatMap((suite) => (suite.latestRun?.passPercentage != null ? [suite.latestRun.passPercentage] : []));
  return {
    totalSuites: suites.length,
    totalCases: suites.reduce((sum, suite) => sum + suite.totalTests, 0),
    successRate: rates.length > 0 ? Math.round(rates.reduce((sum, rate) => sum + rate, 0) / rates.length) : null,
    recentlyRun: suites.filter((suite) => suite.latestRun && now - Date.parse(suite.latestRun.startedAt) <= RECENT_RUN_MS).length,
  };
}
