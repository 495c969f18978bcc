import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns.ts';

// The project's own test suites shown in the admin: suites, their cases, each run and its results.

export const TEST_RUN_STATUSES = ['running', 'completed'] as const;
export const TEST_RESULT_STATUSES = ['passed', 'failed', 'skipped'] as const;
export const TEST_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;

export const testSuites = pgTable('test_suites', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  category: text().notNull(),
  description: text().notNull().default(''),
  createdAt: createdAt(),
});

export const testCases = pgTable(
  'test_cases',
  {
    id: serial().primaryKey(),
    suiteId: integer()
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    priority: text({ enum: TEST_PRIORITIES }).notNull().default('medium'),
    expectedResult: text().notNull().default(''),
  },
  (t) => [
    uniqueIndex('test_cases_suite_name_unique').on(t.suiteId, t.name),
    check('test_cases_priority_check', oneOf('priority', TEST_PRIORITIES)),
  ],
);

export const testRuns = pgTable(
  'test_runs',
  {
    id: serial().primaryKey(),
    suiteId: integer()
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    status: text({ enum: TEST_RUN_STATUSES }).notNull().default('running'),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    durationMs: integer(),
    runBy: text().notNull(),
    totalTests: integer().notNull().default(0),
    passedTests: integer().notNull().default(0),
    failedTests: integer().notNull().default(0),
    skippedTests: integer().notNull().default(0),
  },
  (t) => [
    check('test_runs_status_check', oneOf('status', TEST_RUN_STATUSES)),
    check(
      'test_runs_counts_check',
      sql`${t.passedTests} >= 0 and ${t.failedTests} >= 0 and ${t.skippedTests} >= 0
        and ${t.passedTests} + ${t.failedTests} + ${t.skippedTests} <= ${t.totalTests}`,
    ),
    check('test_runs_duration_check', sql`${t.durationMs} is null or ${t.durationMs} >= 0`),
    index('test_runs_suite_started_idx').on(t.suiteId, t.startedAt.desc()),
  ],
);

export const testResults = pgTable(
  'test_results',
  {
    id: serial().primaryKey(),
    runId: integer()
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    // Results keep their own copy of the case's text, so deleting a case keeps run history.
    caseId: integer().references(() => testCases.id, { onDelete: 'set null' }),
    caseName: text().notNull(),
    caseDescription: text().notNull().default(''),
    priority: text({ enum: TEST_PRIORITIES }).notNull().default('medium'),
    status: text({ enum: TEST_RESULT_STATUSES }).notNull(),
    executionTimeMs: integer().notNull().default(0),
    expectedResult: text().notNull().default(''),
    errorMessage: text(),
  },
  (t) => [
    check('test_results_status_check', oneOf('status', TEST_RESULT_STATUSES)),
    check('test_results_priority_check', oneOf('priority', TEST_PRIORITIES)),
    check('test_results_time_check', sql`${t.executionTimeMs} >= 0`),
    index('test_results_run_id_idx').on(t.runId),
  ],
);

export type TestSuite = typeof testSuites.$inferSelect;
export type TestRun = typeof testRuns.$inferSelect;
export type TestResult = typeof testResults.$inferSelect;
