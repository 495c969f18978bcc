// docs/security.md#input-validation harness (b), its route table: every POST/PUT/PATCH the Hono app
// registers is either a JSON endpoint of tests/helpers/json-bodies/endpoints.ts (whose generated bodies
// tests/api/json-bodies.property.test.ts sends) or named here with the reason it takes no JSON, so a new
// write route fails this file until it is classified; and every JSON endpoint refuses a body that is not JSON.
import { expect, test } from 'bun:test';
import { app } from '#server/app.ts';
import { request, SITE_ORIGIN } from '../helpers/app.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { JSON_ENDPOINTS } from '../helpers/json-bodies/endpoints.ts';
import { adminCookie, currentFixtures, nextIp, setupJsonBodyFixtures } from '../helpers/json-bodies/fixtures.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
setupJsonBodyFixtures(db);

/** Write routes that read no JSON body, and why each is left out. */
const NOT_JSON: Record<string, string> = {
  'POST /api/auth/logout': 'takes no body',
  'POST /api/upload-profile-image': 'multipart upload (tests/api/upload.test.ts)',
  'POST /api/admin/media': 'multipart image upload (tests/api/media.test.ts)',
  'POST /api/test-cases/runs': 'JUnit XML (tests/api/test-cases.test.ts)',
  'POST /api/test-cases/initialize': 'takes no body',
  'POST /api/admin/generate-draft': 'takes no body',
  'POST /api/admin/outbox/:id/retry': 'takes no body',
  'POST /api/admin/outbox/:id/resend': 'takes no body',
  'POST /api/admin/outbox/test': 'takes no body',
  'POST /api/admin/newsletters/:id/test': 'takes no body',
  'POST /api/admin/account/two-factor/setup': 'takes no body',
  'POST /api/admin/account/sessions/sign-out-others': 'takes no body',
  'POST /api/admin/clients/from-message/:id': 'takes no body: the message says who',
  'POST /api/admin/clients/from-booking/:id': 'takes no body: the booking says who',
  'POST /api/admin/bookings/:id/notes/send': 'takes no body: the notes are stored (tests/api/session-notes.test.ts)',
  'POST /api/admin/calendars/:id/read': 'takes no body: reads the calendar now (tests/api/calendars.test.ts)',
  'POST /api/admin/calendars/feed/rotate': 'takes no body: a new feed address (tests/api/calendars.test.ts)',
  'POST /api/admin/clients/:id/portal/link': 'takes no body: the client says where (tests/api/portal-sign-in.test.ts)',
  'POST /api/portal/sign-out': 'takes no body',
  // Its caller is a signed-in client, whom these tests do not make: its bodies are refused in tests/api/portal.test.ts.
  'PATCH /api/portal/me/sessions/:id/action-items/:item': "a signed-in client's { done } (tests/api/portal.test.ts)",
  'PUT /api/portal/me/profile': "a signed-in client's details (tests/api/portal.test.ts)",
  'POST /api/portal/me/sessions/:id/answers': "a signed-in client's intake answers (tests/api/portal.test.ts)",
  'POST /api/portal/me/erasure': 'takes no body: the signed-in client asks (tests/api/portal.test.ts)',
  'POST /api/analytics/event': 'a sendBeacon text/plain body, read and refused 400 by its own route (tests/api/analytics.test.ts)',
  'POST /api/payments/webhook': "Stripe's signed event, read as the exact bytes it signed (tests/api/payments.test.ts)",
  'POST /api/newsletter/unsubscribe':
    'RFC 8058 one-click: the token is in the URL, the form body is fixed (tests/api/newsletter-signup.test.ts)',
};

// ---- The route table

const writeRoutes = [
  ...new Set(app.routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method)).map((route) => `${route.method} ${route.path}`)),
].sort();

test('every POST/PUT/PATCH route is either a JSON endpoint here or named as taking no JSON', () => {
  expect(writeRoutes).toEqual([...Object.keys(JSON_ENDPOINTS), ...Object.keys(NOT_JSON)].sort());
});

test('every JSON endpoint here reads its body as JSON: a text/plain body is refused with 415', async () => {
  const f = await currentFixtures();
  for (const [route, endpoint] of Object.entries(JSON_ENDPOINTS)) {
    const method = route.split(' ')[0]!;
    const headers: Record<string, string> = { 'Content-Type': 'text/plain', Origin: SITE_ORIGIN };
    if (endpoint.caller === 'admin') headers.Cookie = adminCookie;
    const response = await request(endpoint.url(f), { method, headers, body: '{}' }, nextIp());
    expect({ route, status: response.status, body: await response.json() }).toEqual({
      route,
      status: 415,
      body: { message: 'Content-Type must be application/json' },
    });
  }
});
