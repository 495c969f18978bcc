// Test-suite monitoring API: the reports it refuses (docs/security.md#input-validation; ASVS 1.5.1).
// Hostile XML (entities, billion laughs, huge names), oversized and mistyped bodies, and callers
// without the right: each refused fast with its exact message, nothing stored and nothing leaked,
// the four tables unchanged. What it records and lists is test-cases.test.ts.
import { beforeAll, describe, expect, test } from 'bun:test';
import { request } from '../helpers/app.ts';
import { adminSession, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { sampleJunitReport } from '../helpers/junit-reports.ts';
import { MESSAGES, testResultsApi } from '../helpers/test-results-api.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const { postReport, initialize, snapshot } = testResultsApi(db, admin);

const MB = 1024 * 1024;

/** `bun test` JUnit for tests/unit/sample.test.ts (→ Unit) and scratch/other.test.ts (→ Uncategorized). */
let sampleReport: string;

beforeAll(() => {
  sampleReport = sampleJunitReport();
}, 60_000);

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

describe('POST /api/test-cases/runs', () => {
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
