// Test-suite monitoring API (docs/product.md §2 "Admin test results", §3, §7; docs/decisions.md: test-suite
// monitoring; ASVS 1.5.1, docs/security.md#input-validation). Reports are real `bun test` JUnit output:
// a tiny run of this project's own navigation test, and a sample file with a failure, skips and
// hostile names run in a scratch folder (tests/helpers/junit-reports.ts). Here what it records and
// lists; the refusals, each proving the four tables unchanged, are test-cases-refusals.test.ts.
import { beforeAll, describe, expect, test } from 'bun:test';
import { count, eq } from 'drizzle-orm';
import { testCases, testResults, testRuns, testSuites } from '#db/schema.ts';
import { catalogSuites } from '#server/test-results/catalog.ts';
import { typedApi } from '../helpers/api.ts';
import { request } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { ownJunitReport, sampleJunitReport } from '../helpers/junit-reports.ts';
import { MESSAGES, testResultsApi } from '../helpers/test-results-api.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { postReport, initialize, snapshot } = testResultsApi(db, admin);
const { testCaseApi } = typedApi(admin.headers);

const MB = 1024 * 1024;

/** `bun test` JUnit for tests/unit/sample.test.ts (→ Unit) and scratch/other.test.ts (→ Uncategorized). */
let sampleReport: string;
/** `bun test` JUnit for this project's own tests/unit/navigation.test.ts. */
let ownReport: string;

beforeAll(() => {
  sampleReport = sampleJunitReport();
  ownReport = ownJunitReport();
}, 60_000);

/** A report sent through the typed client: the route reads the XML itself, so it goes in as the request's body. */
const recordReport = (xml: string, contentType = 'application/xml') =>
  testCaseApi.runs.$post(undefined, { headers: { 'Content-Type': contentType }, init: { body: xml } });

async function rowCounts() {
  const [suites] = await db().select({ n: count() }).from(testSuites);
  const [cases] = await db().select({ n: count() }).from(testCases);
  const [runs] = await db().select({ n: count() }).from(testRuns);
  const [results] = await db().select({ n: count() }).from(testResults);
  return { suites: suites!.n, cases: cases!.n, runs: runs!.n, results: results!.n };
}

async function suites() {
  const response = await testCaseApi.suites.$get();
  expect(response.status).toBe(200);
  return response.json();
}

const runResults = async (runId: number) => {
  const response = await testCaseApi.runs[':runId'].$get({ param: { runId: String(runId) } });
  expect(response.status).toBe(200);
  return (await response.json()).results;
};

describe('POST /api/test-cases/initialize', () => {
  test('registers every catalog suite and case, and a second call changes no row counts', async () => {
    const catalog = catalogSuites();
    const expected = { suites: catalog.length, cases: catalog.reduce((sum, suite) => sum + suite.cases.length, 0) };

    const first = await initialize();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual(expected);
    const counts = await rowCounts();
    const rows = await snapshot();

    const second = await initialize();
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(expected);
    expect(await rowCounts()).toEqual(counts);
    expect((await snapshot()).cases).toEqual(rows.cases);

    const listed = await suites();
    for (const suite of catalog) {
      const row = listed.find((item) => item.name === suite.name);
      expect(row).toMatchObject({ category: suite.category, description: suite.description });
      expect(row!.totalTests).toBeGreaterThanOrEqual(suite.cases.length);
    }
    const [critical] = await db().select().from(testCases).where(eq(testCases.name, catalog[0]!.cases[0]!.name));
    expect(critical).toMatchObject({ priority: catalog[0]!.cases[0]!.priority, expectedResult: catalog[0]!.cases[0]!.expectedResult });
  });
});

describe('POST /api/test-cases/runs', () => {
  test('a bun test report is stored as one completed run per suite, with its counts, times and failure message', async () => {
    await initialize();
    const response = await recordReport(sampleReport);
    expect(response.status).toBe(201);
    const { runs } = await response.json();
    expect(runs.map(({ runId: _, ...run }) => run)).toEqual([
      { suiteName: 'Unit', passed: 2, failed: 1, skipped: 2 },
      { suiteName: 'scratch/other.test.ts', passed: 1, failed: 0, skipped: 0 },
    ]);

    const [unitRun] = await db().select().from(testRuns).where(eq(testRuns.id, runs[0]!.runId));
    expect(unitRun).toMatchObject({
      status: 'completed',
      runBy: admin.user.email,
      totalTests: 5,
      passedTests: 2,
      failedTests: 1,
      skippedTests: 2,
    });
    expect(unitRun!.durationMs).toBeGreaterThanOrEqual(0);

    const results = await runResults(runs[0]!.runId);
    expect(results.map(({ caseName, status }) => [caseName, status])).toEqual([
      ['<b>sample</b> › <img src=x onerror=alert(1)> passes', 'passed'],
      ['<b>sample</b> › compares a total', 'failed'],
      ['<b>sample</b> › is skipped for now', 'skipped'],
      ['<b>sample</b> › is still to write', 'skipped'],
      ['passes at the top level', 'passed'],
    ]);
    // The spec's data: "Test result: id, status (passed, failed, skipped), caseName, caseDescription,
    // priority, executionTime, expectedResult, errorMessage."
    expect(Object.keys(results[0]!).sort()).toEqual(
      ['caseDescription', 'caseName', 'errorMessage', 'executionTime', 'expectedResult', 'id', 'priority', 'status'].sort(),
    );
    const failed = results[1]!;
    expect(failed.errorMessage).toContain('expect(received).toEqual(expected)');
    expect(failed.errorMessage).toContain('"total": 4');
    expect(failed.priority).toBe('medium');
    expect(results.filter((result) => result.status !== 'failed').every((result) => result.errorMessage === null)).toBe(true);

    // Cases the catalog did not list are created on import, linked to their results.
    const [created] = await db().select().from(testCases).where(eq(testCases.name, '<b>sample</b> › compares a total'));
    expect(created).toMatchObject({ priority: 'medium', description: '', expectedResult: '' });
    const [stored] = await db().select().from(testResults).where(eq(testResults.id, failed.id));
    expect(stored!.caseId).toBe(created!.id);

    // The spec's data: "Test suite: id, name, category, description, totalTests, latestRun" and
    // "Test run: id, status (running, completed), startedAt, duration, runBy, totalTests, passedTests,
    // failedTests, skippedTests, results"; GET /api/test-cases/suites is the "list of suites with latestRun".
    const listed = await suites();
    const unit = listed.find((suite) => suite.name === 'Unit')!;
    expect(Object.keys(unit).sort()).toEqual(['category', 'description', 'id', 'latestRun', 'name', 'totalTests']);
    expect(unit.latestRun).toEqual({
      id: runs[0]!.runId,
      status: 'completed',
      startedAt: unitRun!.startedAt.toISOString(),
      duration: unitRun!.durationMs,
      runBy: admin.user.email,
      totalTests: 5,
      passedTests: 2,
      failedTests: 1,
      skippedTests: 2,
      passPercentage: 40,
      results,
    });
    expect(listed.find((suite) => suite.name === 'scratch/other.test.ts')).toMatchObject({ category: 'Uncategorized', totalTests: 1 });
  });

  test("this project's own test run is recorded under its catalog suite", async () => {
    const response = await recordReport(ownReport, 'text/xml; charset=utf-8');
    expect(response.status).toBe(201);
    const { runs } = await response.json();
    expect(runs).toEqual([{ suiteName: 'Unit', runId: expect.any(Number), passed: 3, failed: 0, skipped: 0 }]);
    const names = (await runResults(runs[0]!.runId)).map((result) => result.caseName);
    expect(names).toContain('a fresh header is Home, Blog, Services, About, then Contact (docs/product.md §2)');
  });

  test('a Playwright report lands on the browser suites, started at its timestamp, with its error element as a failure', async () => {
    const xml = `<testsuites id="" name="" tests="2" failures="1" skipped="0" errors="0" time="3.5">
<testsuite name="public-site.e2e.ts" timestamp="2026-03-01T10:00:00.000Z" hostname="" tests="2" failures="1" skipped="0" time="3.5" errors="0">
<testcase name="home → latest post → post page" classname="public-site.e2e.ts" time="2.25"></testcase>
<testcase name="a hostile search term is echoed as text" classname="public-site.e2e.ts" time="1.25">
<failure message="public-site.e2e.ts:80:1 a hostile search term is echoed as text" type="FAILURE"><![CDATA[Error: expected <b> to be text]]></failure>
</testcase>
</testsuite>
</testsuites>`;
    const response = await recordReport(xml);
    expect(response.status).toBe(201);
    const { runs } = await response.json();
    expect(runs.map((run) => run.suiteName)).toEqual(['Browser journeys']);
    const [run] = await db().select().from(testRuns).where(eq(testRuns.id, runs[0]!.runId));
    expect(run).toMatchObject({ durationMs: 3500, totalTests: 2, passedTests: 1, failedTests: 1 });
    expect(run!.startedAt.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    const results = await runResults(run!.id);
    // The catalog's text for a listed case travels with the result.
    expect(results[0]).toMatchObject({ caseName: 'home → latest post → post page', priority: 'critical', executionTime: 2250 });
    expect(results[0]!.expectedResult).not.toBe('');
    expect(results[1]).toMatchObject({ status: 'failed', errorMessage: 'Error: expected <b> to be text' });
  });

  test('recording the same report twice makes two runs and no duplicate cases', async () => {
    const before = await rowCounts();
    expect((await postReport(ownReport)).status).toBe(201);
    const after = await rowCounts();
    expect(after).toEqual({ ...before, runs: before.runs + 1, results: before.results + 3 });
  });

  test('HTML in suite and case names is stored verbatim, never interpreted', async () => {
    const xml = `<testsuites><testsuite name="&lt;script&gt;alert(1)&lt;/script&gt;.test.ts"><testcase name="&lt;img src=x onerror=alert(2)&gt; &amp;amp;"><failure message="&lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;"/></testcase></testsuite></testsuites>`;
    const response = await recordReport(xml);
    expect(response.status).toBe(201);
    const { runs } = await response.json();
    expect(runs[0]!.suiteName).toBe('<script>alert(1)</script>.test.ts');
    const [result] = await runResults(runs[0]!.runId);
    expect(result).toMatchObject({ caseName: '<img src=x onerror=alert(2)> &amp;', errorMessage: '</pre><script>x</script>' });
  });

  test('a 1 MB failure message is stored as 10 KB', async () => {
    const xml = `<testsuites><testsuite name="tests/unit/big.test.ts"><testcase name="fails loudly"><failure>${'x'.repeat(MB)}</failure></testcase></testsuite></testsuites>`;
    const response = await recordReport(xml);
    expect(response.status).toBe(201);
    const { runs } = await response.json();
    const [result] = await db().select().from(testResults).where(eq(testResults.runId, runs[0]!.runId));
    expect(result!.errorMessage).toHaveLength(10 * 1024);
    expect(result!.errorMessage!.startsWith('xxxx')).toBe(true);
  });

  test('1M numeric character references in a failure message are handled fast and stored as 10 KB', async () => {
    const xml = `<testsuites><testsuite name="tests/unit/refs.test.ts"><testcase name="refs"><failure>${'&#65;'.repeat(1_000_000)}</failure></testcase></testsuite></testsuites>`;
    const started = performance.now();
    const response = await recordReport(xml);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(response.status).toBe(201);
    const { runs } = await response.json();
    const [result] = await db().select().from(testResults).where(eq(testResults.runId, runs[0]!.runId));
    expect(result!.errorMessage!.startsWith('AAAA')).toBe(true);
    expect(result!.errorMessage).toHaveLength(10 * 1024);
  });

  test('a report of exactly 5 MB is accepted', async () => {
    const head = '<testsuites><testsuite name="tests/unit/padded.test.ts"><testcase name="padded"/></testsuite><!--';
    const tail = '--></testsuites>';
    const xml = head + 'p'.repeat(5 * MB - head.length - tail.length) + tail;
    expect(xml.length).toBe(5 * MB);
    expect((await postReport(xml)).status).toBe(201);
  });
});

describe('GET /api/test-cases/suites', () => {
  test('every suite has the docs/product.md §3 fields; a suite without runs has latestRun null', async () => {
    await initialize();
    const listed = await suites();
    expect(listed.map((suite) => suite.name)).toEqual([...listed.map((suite) => suite.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const suite of listed) {
      expect(Object.keys(suite).sort()).toEqual(['category', 'description', 'id', 'latestRun', 'name', 'totalTests']);
    }
    const withoutRun = listed.find((suite) => suite.name === 'Backlog and drafts');
    expect(withoutRun?.latestRun).toBeNull();
    const response = await request('/api/test-cases/suites', { headers: admin.headers() });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/test-cases/runs/:runId', () => {
  test('runs/abc → 400 naming runId', async () => {
    const response = await request('/api/test-cases/runs/abc', { headers: admin.headers() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: MESSAGES.badRunId, field: 'runId' });
  });

  test('runs/999999 → 404 "Run not found"', async () => {
    const response = await request('/api/test-cases/runs/999999', { headers: admin.headers() });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: MESSAGES.runNotFound });
  });

  for (const id of ['-1', '0', '1.5', '99999999999']) {
    test(`runs/${id} → 400`, async () => {
      expect((await request(`/api/test-cases/runs/${id}`, { headers: admin.headers() })).status).toBe(400);
    });
  }
});
