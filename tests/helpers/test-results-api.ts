// The test-results API as its tests call it (tests/api/test-cases*.test.ts): the messages it answers
// with, a raw report upload (as the admin unless told otherwise, so also one it must refuse),
// initialize, and every row of its four tables.
import { asc } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { testCases, testResults, testRuns, testSuites } from '#db/schema.ts';
import { request, SITE_ORIGIN } from './app.ts';

export const MESSAGES = {
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

/** The calls for the calling file's database and admin (adminSession). */
export function testResultsApi(db: () => Database, admin: { cookie: string }) {
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

  const initialize = (cookie = admin.cookie) =>
    request('/api/test-cases/initialize', { method: 'POST', headers: { Origin: SITE_ORIGIN, Cookie: cookie } });

  /** Every row of the four tables, in a stable order. */
  async function snapshot() {
    return {
      suites: await db().select().from(testSuites).orderBy(asc(testSuites.id)),
      cases: await db().select().from(testCases).orderBy(asc(testCases.id)),
      runs: await db().select().from(testRuns).orderBy(asc(testRuns.id)),
      results: await db().select().from(testResults).orderBy(asc(testResults.id)),
    };
  }

  return { postReport, initialize, snapshot };
}
