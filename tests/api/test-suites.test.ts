import { describe, expect, test } from 'bun:test';
import { testCases, testRuns, testSuites } from '#db/schema.ts';
import { listSuiteSummaries } from '#server/services/test-suites.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { unique } from '../helpers/factories.ts';

// docs/product.md §2 "Admin dashboard" (Test Suite Status) and §9 (pass rate = rounded passed / total).
const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

async function createSuite(caseCount: number, name = unique('Suite')) {
  const [suite] = await db()
    .insert(testSuites)
    .values({ name, category: 'api', description: `About ${name}` })
    .returning();
  for (let n = 0; n < caseCount; n++)
    await db()
      .insert(testCases)
      .values({ suiteId: suite!.id, name: `case ${n}` });
  return suite!;
}

async function createRun(suiteId: number, values: Partial<typeof testRuns.$inferInsert> & { startedAt: Date }) {
  const [run] = await db()
    .insert(testRuns)
    .values({ suiteId, runBy: 'ci', status: 'completed', totalTests: 0, ...values })
    .returning();
  return run!;
}

async function summaryOf(suiteId: number) {
  const summary = (await listSuiteSummaries()).find((suite) => suite.id === suiteId);
  expect(summary).toBeDefined();
  return summary!;
}

describe('listSuiteSummaries', () => {
  test('a suite without runs has its case count, no latest run and no pass percentage', async () => {
    const suite = await createSuite(3);
    expect(await summaryOf(suite.id)).toEqual({
      id: suite.id,
      name: suite.name,
      category: 'api',
      description: `About ${suite.name}`,
      totalTests: 3,
      latestRun: null,
      passPercentage: null,
    });
  });

  test('the latest run by start time is used, even when an older run was inserted later', async () => {
    const suite = await createSuite(4);
    const newer = await createRun(suite.id, {
      startedAt: new Date('2025-03-02T10:00:00Z'),
      totalTests: 4,
      passedTests: 3,
      failedTests: 1,
      skippedTests: 0,
    });
    await createRun(suite.id, { startedAt: new Date('2025-03-01T10:00:00Z'), totalTests: 4, passedTests: 1, failedTests: 3 });

    const summary = await summaryOf(suite.id);
    expect(summary.latestRun).toEqual({
      id: newer.id,
      status: 'completed',
      passedTests: 3,
      failedTests: 1,
      skippedTests: 0,
      totalTests: 4,
      startedAt: new Date('2025-03-02T10:00:00Z'),
    });
    expect(summary.passPercentage).toBe(75);
  });

  test('the pass percentage is rounded to a whole number', async () => {
    const down = await createSuite(3);
    await createRun(down.id, { startedAt: new Date(), totalTests: 3, passedTests: 1, failedTests: 2 });
    const up = await createSuite(3);
    await createRun(up.id, { startedAt: new Date(), totalTests: 3, passedTests: 2, failedTests: 1 });

    expect((await summaryOf(down.id)).passPercentage).toBe(33);
    expect((await summaryOf(up.id)).passPercentage).toBe(67);
  });

  test('a run that counted no tests has no pass percentage rather than NaN', async () => {
    const suite = await createSuite(0);
    await createRun(suite.id, { startedAt: new Date(), status: 'running', totalTests: 0 });

    const summary = await summaryOf(suite.id);
    expect(summary.totalTests).toBe(0);
    expect(summary.latestRun?.status).toBe('running');
    expect(summary.passPercentage).toBeNull();
  });

  test('suites come ordered by name, and a limit keeps the first ones', async () => {
    const prefix = unique('order');
    for (const letter of ['b', 'a', 'c']) await createSuite(0, `${prefix} ${letter}`);

    const all = await listSuiteSummaries();
    expect(all.filter((suite) => suite.name.startsWith(prefix)).map((suite) => suite.name)).toEqual([
      `${prefix} a`,
      `${prefix} b`,
      `${prefix} c`,
    ]);
    expect(await listSuiteSummaries(2)).toEqual(all.slice(0, 2));
  });
});
