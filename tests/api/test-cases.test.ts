// Test-suite monitoring API (docs/product.md §2 "Admin test results", §3, §7; docs/decisions.md: test-suite
// monitoring; ASVS 1.5.1, docs/security.md#input-validation). Reports are real `bun test` JUnit output:
// a tiny run of this project's own navigation test, and a sample file with a failure, skips and
// hostile names run in a scratch folder. Every refusal proves the four tables are unchanged.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { testCases, testResults, testRuns, testSuites } from '#db/schema.ts';
import { catalogSuites } from '#server/test-results/catalog.ts';
import { typedApi } from '../helpers/api.ts';
import { request, SITE_ORIGIN } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);

const ROOT = path.resolve(import.meta.dir, '../..');
const MB = 1024 * 1024;

const MESSAGES = {
  notJunit: 'Body is not a JUnit XML report',
  declaration: 'JUnit XML must not declare a DOCTYPE or entities',
  time: 'time must be a number of seconds from 0 to 2147483',
  nameTooLong: 'Suite and test names must be at most 1000 characters',
  tooLarge: 'Report too large',
  contentType: 'Content-Type must be application/xml or text/xml',
  runNotFound: 'Run not found',
  badRunId: 'runId must be a positive whole number',
  signedOut: 'Authentication required',
  notAdmin: 'Admin privileges required',
  crossSite: 'Cross-site request refused',
};

const SAMPLE_TEST = `import { describe, expect, test } from 'bun:test';
describe('<b>sample</b>', () => {
  test('<img src=x onerror=alert(1)> passes', () => { expect(1 + 1).toBe(2); });
  test('compares a total', () => { expect({ total: 3 }).toEqual({ total: 4 }); });
  test.skip('is skipped for now', () => {});
  test.todo('is still to write');
});
test('passes at the top level', () => { expect(true).toBe(true); });
`;

let scratch: string;
/** `bun test` JUnit for tests/unit/sample.test.ts (→ Unit) and scratch/other.test.ts (→ Uncategorized). */
let sampleReport: string;
/** `bun test` JUnit for this project's own tests/unit/navigation.test.ts. */
let ownReport: string;

function bunJunit(cwd: string, files: string[], outfile: string): string {
  // The runner's own exit code reflects the sample's deliberate failure; the report is what counts.
  Bun.spawnSync(['bun', 'test', ...files, '--reporter=junit', `--reporter-outfile=${outfile}`], {
    cwd,
    stdout: 'ignore',
    stderr: 'ignore',
  });
  return readFileSync(outfile, 'utf8');
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'junit-'));
  mkdirSync(path.join(scratch, 'tests/unit'), { recursive: true });
  mkdirSync(path.join(scratch, 'scratch'), { recursive: true });
  writeFileSync(path.join(scratch, 'tests/unit/sample.test.ts'), SAMPLE_TEST);
  writeFileSync(path.join(scratch, 'scratch/other.test.ts'), `import { test } from 'bun:test';\ntest('runs', () => {});\n`);
  sampleReport = bunJunit(scratch, ['./tests/unit/sample.test.ts', './scratch/other.test.ts'], path.join(scratch, 'sample.xml'));
  ownReport = bunJunit(ROOT, ['./tests/unit/navigation.test.ts'], path.join(scratch, 'own.xml'));
}, 60_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function postReport(
  body: BodyInit,
  { contentType = 'application/xml' as string | null, cookie = admin.cookie as string | null, origin = SITE_ORIGIN, headers = {} } = {},
) {
  return request('/api/test-cases/runs', {
    method: 'POST',
    headers: {
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
      ...(contentType ? { 'Content-Type': contentType } : {}),
      ...headers,
    },
    body,
    duplex: 'half',
  } as RequestInit);
}

const { testCaseApi } = typedApi(admin.headers);

/** A report sent through the typed client: the route reads the XML itself, so it goes in as the request's body. */
const recordReport = (xml: string, contentType = 'application/xml') =>
  testCaseApi.runs.$post(undefined, { headers: { 'Content-Type': contentType }, init: { body: xml } });

const initialize = (cookie = admin.cookie) =>
  request('/api/test-cases/initialize', { method: 'POST', headers: { Origin: SITE_ORIGIN, Cookie: cookie } });

async function rowCounts() {
  const [suites] = await db().select({ n: count() }).from(testSuites);
  const [cases] = await db().select({ n: count() }).from(testCases);
  const [runs] = await db().select({ n: count() }).from(testRuns);
  const [results] = await db().select({ n: count() }).from(testResults);
  return { suites: suites!.n, cases: cases!.n, runs: runs!.n, results: results!.n };
}

/** Every row of the four tables, in a stable order. */
async function snapshot() {
  return {
    suites: await db().select().from(testSuites).orderBy(asc(testSuites.id)),
    cases: await db().select().from(testCases).orderBy(asc(testCases.id)),
    runs: await db().select().from(testRuns).orderBy(asc(testRuns.id)),
    results: await db().select().from(testResults).orderBy(asc(testResults.id)),
  };
}

/** Sends a report that must be refused: the status, the exact body, fast, nothing stored, nothing leaked. */
async function expectRefused(send: () => Response | Promise<Response>, status: number, message: string, { withinMs = 2_000 } = {}) {
  const before = await snapshot();
  const started = performance.now();
  const response = await send();
  const text = await response.text();
  expect(performance.now() - started).toBeLessThan(withinMs);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(JSON.parse(text)).toEqual({ message });
  expect(text).not.toContain('root:');
  expect(await snapshot()).toEqual(before);
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
    expect(names).toContain('the header nav is Home, Blog, Services, About (docs/product.md §2)');
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

  describe('hostile bodies', () => {
    const notJunit: [string, string][] = [
      ['not XML', 'this is not XML at all'],
      ['a truncated report', '<testsuites><testsuite name="tests/unit/x.test.ts"><testcase name="a"'],
      ['an HTML page', '<html><body><h1>Hello</h1></body></html>'],
      ['XML that is not JUnit', '<rss version="2.0"><channel><title>x</title></channel></rss>'],
      ['an empty body', ''],
    ];
    for (const [label, body] of notJunit) {
      test(`${label} → 400, nothing stored`, () => expectRefused(() => postReport(body), 400, MESSAGES.notJunit));
    }

    test('a DOCTYPE with an external entity (file:///etc/passwd) → 400, nothing stored, no file content', () =>
      expectRefused(
        () =>
          postReport(
            '<?xml version="1.0"?><!DOCTYPE testsuites [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><testsuites><testsuite name="&xxe;"><testcase name="&xxe;"/></testsuite></testsuites>',
          ),
        400,
        MESSAGES.declaration,
      ));

    test('billion laughs → 400 fast, nothing stored', () => {
      const entities = Array.from({ length: 9 }, (_, n) => `<!ENTITY lol${n + 1} "${`&lol${n || ''};`.repeat(10)}">`).join('');
      const xml = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${entities}]><testsuites><testsuite name="x"><testcase name="&lol9;"/></testsuite></testsuites>`;
      return expectRefused(() => postReport(xml), 400, MESSAGES.declaration, { withinMs: 1_000 });
    });

    test('one large entity referenced many times → 400 fast, nothing stored', () => {
      const xml = `<!DOCTYPE t [<!ENTITY big "${'x'.repeat(10_000)}">]><testsuites><testsuite name="x">${'<testcase name="&big;"/>'.repeat(10_000)}</testsuite></testsuites>`;
      return expectRefused(() => postReport(xml), 400, MESSAGES.declaration, { withinMs: 1_000 });
    });

    test('1M numeric character references in a test name → 400 fast, nothing stored', () =>
      expectRefused(
        () => postReport(`<testsuites><testsuite name="x"><testcase name="${'&#65;'.repeat(1_000_000)}"/></testsuite></testsuites>`),
        400,
        MESSAGES.nameTooLong,
        { withinMs: 5_000 },
      ));

    for (const time of ['-1', 'NaN']) {
      test(`time="${time}" → 400, nothing stored`, () =>
        expectRefused(
          () => postReport(`<testsuites><testsuite name="x"><testcase name="a" time="${time}"/></testsuite></testsuites>`),
          400,
          MESSAGES.time,
        ));
    }

    test('a report whose second suite is bad stores nothing of the first', () =>
      expectRefused(
        () =>
          postReport(
            '<testsuites><testsuite name="tests/unit/a.test.ts"><testcase name="ok"/></testsuite><testsuite name="tests/unit/b.test.ts" time="-5"/></testsuites>',
          ),
        400,
        MESSAGES.time,
      ));
  });

  describe('size and type', () => {
    test('5 MB + 1 byte → 413 "Report too large", nothing stored', () =>
      expectRefused(() => postReport(`<testsuites>${' '.repeat(5 * MB + 1 - 25)}</testsuites>`), 413, MESSAGES.tooLarge));

    test('a chunked body over 5 MB with no length → 413, nothing stored', () => {
      const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode('<testsuites>'));
          if (sent < 8 * MB) {
            sent += chunk.length;
            controller.enqueue(chunk);
          } else controller.close();
        },
      });
      return expectRefused(() => postReport(stream), 413, MESSAGES.tooLarge);
    });

    for (const contentType of [
      'application/json',
      'text/plain',
      'text/html',
      'multipart/form-data; boundary=x',
      'application/xml-dtd',
      null,
    ]) {
      test(`Content-Type ${contentType ?? '(none)'} → 415, nothing stored`, () =>
        expectRefused(() => postReport(sampleReport, { contentType }), 415, MESSAGES.contentType));
    }
  });

  describe('access', () => {
    test('signed out → 401, nothing stored', () =>
      expectRefused(() => postReport(sampleReport, { cookie: null }), 401, MESSAGES.signedOut));

    test('a user-role session → 403, nothing stored', async () => {
      const user = await signedIn(db(), 'user');
      await expectRefused(() => postReport(sampleReport, { cookie: user.cookie }), 403, MESSAGES.notAdmin);
    });

    test('an admin cookie from a foreign Origin → 403, nothing stored', () =>
      expectRefused(() => postReport(sampleReport, { origin: 'https://evil.example' }), 403, MESSAGES.crossSite));

    test('a user-role session cannot initialize or list suites', async () => {
      const user = await signedIn(db(), 'user');
      expect((await initialize(user.cookie)).status).toBe(403);
      expect((await request('/api/test-cases/suites', { headers: { Cookie: user.cookie } })).status).toBe(403);
      expect((await request('/api/test-cases/suites')).status).toBe(401);
    });
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
