import type { MiddlewareHandler } from 'hono';
import { fsRouter } from 'waku';
import adapter from 'waku/adapters/bun';
import { app, isAppPath } from '../server/app.ts';
import { boot } from '../server/boot.ts';
import { PAST_END_HEADER, pageCacheMiddleware } from '../server/cache/page-cache-middleware.ts';
import { cspNonceMiddleware } from '../server/http/csp-nonce.ts';
import { refuseMalformedUrl } from '../server/http/malformed-url.ts';
import { databaseUnavailable } from '../server/services/health.ts';
import { pageStatus, pastEnd } from './lib/page-status.ts';

/**
 * Pages are read-only (the site has no server actions): any other method is refused before Waku
 * would render the page for it, or answer a POST to an RSC path with a 500.
 */
const pageMethodsMiddleware = (): MiddlewareHandler => async (c, next) => {
  if (isAppPath(c.req.path) || c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  c.res = Response.json({ message: 'Method not allowed' }, { status: 405, headers: { Allow: 'GET, HEAD' } });
};

/** Hands /api and the feeds to the Hono app before Waku's page router sees them. */
const apiMiddleware = (): MiddlewareHandler => async (c, next) => {
  if (isAppPath(c.req.path)) {
    c.res = await app.fetch(c.req.raw, c.env);
    return;
  }
  await next();
};

// ASVS 16.5.3, docs/security.md: with the database away, pages answer a small static 503 view rather than
// Waku's 500 shell (nothing in it needs the database, the layout or a script).
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Service temporarily unavailable</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>Service temporarily unavailable</h1><p>The site cannot reach its database right now. Please try again in a minute.</p>
</body></html>`;

/**
 * Gives a page's response the status the page recorded (a 404 view, a 403 view), and turns a
 * page that failed to render while the database is unreachable into the 503 view.
 */
const pageStatusMiddleware = (): MiddlewareHandler => async (c, next) => {
  await next();
  if (c.res.status >= 500) {
    // The render's own error is not passed on by Waku: a connection lost in the last seconds, or
    // a database that does not answer now, is taken as the cause.
    if (await databaseUnavailable()) {
      await c.res.body?.cancel().catch(() => {});
      // Cleared first: Hono would otherwise copy the failed response's headers onto this one.
      c.res = undefined;
      c.res = new Response(UNAVAILABLE_PAGE, {
        status: 503,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '30' },
      });
    }
    return;
  }
  const status = pageStatus();
  if (status && c.res.status === 200) {
    c.res = new Response(c.res.body, { status, headers: c.res.headers });
    const firstMissing = pastEnd();
    if (status === 404 && firstMissing) c.res.headers.set(PAST_END_HEADER, String(firstMissing));
  }
};

/**
 * The development server has no start script: its first request boots the database and the jobs.
 * A failed boot is retried by the next request; meanwhile pages answer the 503 view below.
 */
const devBootMiddleware = (): MiddlewareHandler => async (_, next) => {
  await boot().catch((error: unknown) => console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`));
  await next();
};

// A malformed address (NUL, not UTF-8: server/http/malformed-url.ts) is refused before anything.
// The page cache only in production builds: in development every edit must show at once. It comes
// before the API because it also keeps the public API reads.
const middlewareFns = import.meta.env.PROD
  ? [refuseMalformedUrl, pageMethodsMiddleware, pageCacheMiddleware, cspNonceMiddleware, apiMiddleware, pageStatusMiddleware]
  : [refuseMalformedUrl, devBootMiddleware, pageMethodsMiddleware, apiMiddleware, pageStatusMiddleware];

/**
 * Waku 0.27 tries routes of the same length in the order it is given them, so `posts/[id].tsx`
 * would shadow `posts/new.tsx`: files with fewer dynamic segments go first.
 */
const staticRoutesFirst = <T>(modules: Record<string, T>) =>
  Object.fromEntries(Object.entries(modules).sort(([a], [b]) => a.split('[').length - b.split('[').length || a.localeCompare(b)));

export default adapter(fsRouter(staticRoutesFirst(import.meta.glob('./**/*.{tsx,ts}', { base: './pages' }))), {
  middlewareFns,
});
