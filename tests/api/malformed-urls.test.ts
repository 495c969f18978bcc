// Issue 33 §3: Postgres refuses a NUL in text, so a NUL in a path or a query answered 500. Walks
// every route Hono has registered (as tests/api/guards.test.ts does) and every query parameter a
// route reads (server/validation.ts `query` names them), and sends each a NUL, a lone surrogate
// and overlong or stray UTF-8: 400 or 404 with a JSON message, never a 5xx. Admin routes are called
// signed in as the owner, so each reaches its own handler rather than stopping at the guard.
import { beforeAll, describe, expect, test } from 'bun:test';
import { app } from '#server/app.ts';
import { MALFORMED_URL_MESSAGE } from '#server/http/malformed-url.ts';
import { notAllowedIn, type QueryReader } from '#server/validation.ts';
import { request, SITE_ORIGIN } from '../helpers/app.ts';
import { signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';

const testDb = setupTestDatabase();

/** NUL; a lone surrogate (U+D800 as UTF-8); overlong `.`; overlong `/`; a byte that starts nothing. */
const HOSTILE = ['%00', 'x%00', '%ED%A0%80', '%C0%AE', '%C0%AF', '%FF'];

/** The probe, as sent, and the parameter each answer names (none for a path). */
const PROBE: [string, string?][] = [
  ['/x%00'],
  ['/blog%00'],
  ['/og/x%00.png'],
  ['/api/blog-posts/x%00'],
  ['/api/posts/x%00/cover.svg'],
  ['/api/blog-posts?tag=%00', 'tag'],
  ['/api/blog-posts?category=%00', 'category'],
  ['/api/admin/subscribers?search=%00', 'search'],
  ['/api/admin/subscribers/export.csv?search=%00', 'search'],
  ['/api/admin/audit?actor=%00', 'actor'],
];

// Sub-apps with their own error handler register a wrapper that keeps the original under this key (hono/compose).
type Handler = Partial<QueryReader> & { __COMPOSED_HANDLER?: Partial<QueryReader> };
const queryNamesOf = (handler: unknown) => {
  const h = handler as Handler;
  return h.queryNames ?? h.__COMPOSED_HANDLER?.queryNames ?? [];
};

/** Every route, with the query parameters its handlers read. */
const routes = new Map<string, Set<string>>();
for (const route of app.routes) {
  if (route.method === 'ALL') continue;
  const key = `${route.method} ${route.path}`;
  const names = routes.get(key) ?? new Set<string>();
  for (const name of queryNamesOf(route.handler)) names.add(name);
  routes.set(key, names);
}

// A parameter and its pattern, which may hold a `{n,m}` of its own.
const PARAM = /:[a-zA-Z]+(\{(?:[^{}]|\{[^{}]*\})*\})?/g;
/** A plausible value for a route parameter: a file name for `:file`, an id otherwise. */
const plausible = (param: string) => (param.startsWith(':file') ? 'x.png' : '1');

/** The route's path with one parameter (by index) given `value` and the others plausible ones. */
function pathWith(path: string, index: number, value: string) {
  let i = 0;
  return path.replace(PARAM, (param) => {
    if (i++ !== index) return plausible(param);
    return param.startsWith(':file') ? `${value}.png` : value;
  });
}

let cookie = '';
beforeAll(async () => {
  ({ cookie } = await signedIn(testDb.handle.db, 'admin', { isOwner: true }));
});

function call(method: string, url: string) {
  return request(url, {
    method,
    headers: { Origin: SITE_ORIGIN, 'Content-Type': 'application/json', Cookie: cookie },
    body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
  });
}

/**
 * 400 or 404 with a JSON message; a failure names the request and its status. A refused query
 * value is a 400 naming its parameter, as the routes' own checks name it.
 */
async function expectRefused(method: string, url: string, field?: string) {
  const response = await call(method, url);
  const status = response.status;
  expect({ request: `${method} ${url}`, status, refused: status === 400 || status === 404 }).toMatchObject({ refused: true });
  const body = (await response.json()) as { message?: unknown; field?: unknown };
  expect(typeof body.message).toBe('string');
  if (field !== undefined)
    expect({ request: `${method} ${url}`, ...body }).toEqual({ request: `${method} ${url}`, message: notAllowedIn(field), field });
}

test('the route table is walked: routes with path parameters and routes that read a query', () => {
  expect(routes.size).toBeGreaterThan(100);
  expect([...routes.keys()].filter((route) => route.includes('/:')).length).toBeGreaterThan(20);
  expect(routes.get('GET /api/blog-posts')).toEqual(new Set(['limit', 'offset', 'category', 'tag', 'search']));
  expect(routes.get('GET /api/admin/audit')).toContain('actor');
  expect(routes.get('GET /api/admin/subscribers/export.csv')).toContain('search');
});

test("the issue's probe: 400 with a JSON message, never a 500", async () => {
  for (const [url, field] of PROBE) {
    const response = await call('GET', url);
    expect({ url, status: response.status }).toEqual({ url, status: 400 });
    expect(await response.json()).toEqual(field ? { message: notAllowedIn(field), field } : { message: MALFORMED_URL_MESSAGE });
  }
});

describe('every route', () => {
  for (const [route, queryNames] of routes) {
    const [method, path] = route.split(' ') as [string, string];
    const params = path.match(PARAM) ?? [];
    test(`${route}: hostile path parameters and query values are 400 or 404`, async () => {
      for (const value of HOSTILE) {
        for (let index = 0; index < params.length; index++) await expectRefused(method, pathWith(path, index, value));
        const plain = pathWith(path, -1, '');
        for (const name of queryNames) await expectRefused(method, `${plain}?${name}=${value}`, name);
        // A parameter no route reads, and a hostile name: the same.
        await expectRefused(method, `${plain}?unread=${value}`, 'unread');
        await expectRefused(method, `${plain}?${value}=1`);
      }
    });
  }
});

test('well-formed text in a path or a query is not refused: accents, emoji, an encoded % sign', async () => {
  expect((await call('GET', '/api/blog-posts?search=caf%C3%A9%20%F0%9F%99%82')).status).toBe(200);
  expect((await call('GET', '/api/blog-posts?search=100%25')).status).toBe(200);
  const response = await call('GET', '/api/blog-posts/caf%C3%A9');
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ message: 'Blog post not found' });
});
