// ASVS 8.2.1, docs/security.md: walks every route Hono has registered and proves each one is either on the
// public allowlist below or refuses a signed-out caller (401) and a non-admin (403).
import { describe, expect, test } from 'bun:test';
import { app } from '#server/app.ts';
import { PORTAL_SIGNED_OUT } from '#src/schemas/portal.ts';
import { request, SITE_ORIGIN } from '../helpers/app.ts';
import { signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { clientSignedIn, createClientRow } from '../helpers/portal.ts';

const testDb = setupTestDatabase();

/** Routes anyone may call. A new route missing from here must be admin-guarded, or this test fails. */
const PUBLIC_ROUTES = new Set([
  'GET /rss.xml',
  'GET /sitemap.xml',
  'GET /:sitemap{sitemap-[1-9][0-9]{0,6}\\.xml}',
  'GET /robots.txt',
  'GET /api/health',
  'GET /api/blog-posts',
  'GET /api/blog-posts/:slug{.+}',
  'GET /api/categories',
  'GET /api/testimonials',
  'GET /api/posts/:slug/cover.svg',
  'GET /api/posts/:slug/cover.png',
  'GET /og/:file{.+\\.png}',
  'GET /media/:file{[a-z2-7]{24}\\.(jpg|png|gif)}',
  'GET /media/:id{[a-z2-7]{24}}/:file{[1-9][0-9]{0,3}\\.(webp|avif)}',
  'POST /api/contact',
  'POST /api/analytics/event',
  'POST /api/newsletter/subscribe',
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  'POST /api/newsletter/resubscribe',
  'GET /api/booking/slots',
  'POST /api/bookings',
  'GET /api/bookings/manage',
  'GET /api/bookings/manage/slots',
  'POST /api/bookings/manage/cancel',
  'POST /api/bookings/manage/reschedule',
  // The coach's private feed of calls: its signed token is the check (tests/api/calendars.test.ts).
  'GET /api/calendar-feed/:token',
  'POST /api/payments/webhook',
  'POST /api/payments/packages/:id/checkout',
  'GET /api/payments/holds/status',
  'POST /api/auth/login',
  // The sign-in's second step, reached before there is a session: its login-challenge cookie is the check.
  'POST /api/auth/login/second-factor',
  'POST /api/auth/logout',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  'GET /api/auth/me',
  'GET /api/uploads/:file{[a-z2-7]{24}\\.(jpg|png|gif)}',
  // The client portal's sign-in (issue 36): before there is a session; the emailed link or code is the check.
  'POST /api/portal/sign-in',
  'POST /api/portal/sign-in/code',
  'POST /api/portal/sign-in/link',
  'POST /api/portal/sign-out',
  // Who is signed in to the portal: null for anyone else (tests/api/portal-sign-in.test.ts).
  'GET /api/portal/session',
]);

/** The portal's routes for a signed-in client: the portal cookie is their guard, never the admin's. */
const isClientRoute = (route: string) => route.split(' ')[1]!.startsWith('/api/portal/me');

const routes = [...new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`))];
const guarded = routes.filter((route) => !PUBLIC_ROUTES.has(route) && !isClientRoute(route));
const clientRoutes = routes.filter(isClientRoute);

/** A concrete URL for a route pattern: every parameter filled with a plausible value. */
const concrete = (path: string) => path.replace(/:[a-zA-Z]+(\{[^}]*\})?/g, (param) => (param.startsWith(':file') ? 'x.png' : '1'));

function call(route: string, cookie?: string) {
  const [method, path] = route.split(' ') as [string, string];
  const headers: Record<string, string> = { Origin: SITE_ORIGIN, 'Content-Type': 'application/json' };
  if (cookie) headers.Cookie = cookie;
  return request(concrete(path), { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' });
}

test('the route table has guarded admin routes and every public route is still registered', () => {
  expect(guarded.length).toBeGreaterThan(0);
  expect([...PUBLIC_ROUTES].filter((route) => !routes.includes(route))).toEqual([]);
});

describe('every admin route', () => {
  for (const route of guarded) {
    test(`${route}: 401 signed out and for a signed-in client, 403 for a user`, async () => {
      const anonymous = await call(route);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ message: 'Authentication required' });
      const asClient = await call(route, (await portalClient()).cookie);
      expect(asClient.status).toBe(401);
      expect(await asClient.json()).toEqual({ message: 'Authentication required' });
      const { cookie } = await signedIn(testDb.handle.db, 'user');
      const asUser = await call(route, cookie);
      expect(asUser.status).toBe(403);
      expect(await asUser.json()).toEqual({ message: 'Admin privileges required' });
    });
  }
});

describe('every route of a signed-in client', () => {
  test('there are some', () => expect(clientRoutes.length).toBeGreaterThan(0));
  for (const route of clientRoutes) {
    test(`${route}: 401 signed out and for an admin`, async () => {
      const { cookie } = await signedIn(testDb.handle.db, 'admin');
      for (const answer of [await call(route), await call(route, cookie)]) {
        expect(answer.status).toBe(401);
        expect(await answer.json()).toEqual({ message: PORTAL_SIGNED_OUT });
      }
    });
  }
});

let clientCounter = 0;
/** A client signed in to the portal (a new one each time: the tests run in any order). */
async function portalClient() {
  const client = await createClientRow(testDb.handle.db, 'Guard Client', `guard-${++clientCounter}@example.com`);
  return clientSignedIn(client.id);
}

test('admin API responses are never cached and never indexed', async () => {
  const { cookie } = await signedIn(testDb.handle.db, 'admin');
  const response = await request('/api/auth/admin/users', { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-robots-tag')).toBe('noindex');
});

test('an admin cookie changes no public response and earns no Set-Cookie', async () => {
  const { cookie } = await signedIn(testDb.handle.db, 'admin');
  for (const path of ['/api/blog-posts', '/api/categories', '/rss.xml']) {
    const plain = await request(path);
    const withCookie = await request(path, { headers: { Cookie: cookie } });
    expect(await withCookie.text()).toBe(await plain.text());
    expect(withCookie.headers.get('set-cookie')).toBeNull();
  }
});
