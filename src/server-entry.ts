import type { MiddlewareHandler } from 'hono';
import { fsRouter } from 'waku';
import adapter from 'waku/adapters/bun';
import { app, isAppPath } from '../server/app.ts';
import { pageCacheMiddleware } from '../server/cache/page-cache-middleware.ts';
import { pageStatus } from './lib/page-status.ts';

/** Hands /api and the feeds to the Hono app before Waku's page router sees them. */
const apiMiddleware = (): MiddlewareHandler => async (c, next) => {
  if (isAppPath(c.req.path)) {
    c.res = await app.fetch(c.req.raw, c.env);
    return;
  }
  await next();
};

/** Gives a page's response the status the page recorded (a 404 view, a 403 view). */
const pageStatusMiddleware = (): MiddlewareHandler => async (c, next) => {
  await next();
  const status = pageStatus();
  if (status && c.res.status === 200) {
    c.res = new Response(c.res.body, { status, headers: c.res.headers });
  }
};

// The page cache only in production builds: in development every edit must show at once.
const middlewareFns = import.meta.env.PROD
  ? [apiMiddleware, pageCacheMiddleware, pageStatusMiddleware]
  : [apiMiddleware, pageStatusMiddleware];

/**
 * Waku 0.27 tries routes of the same length in the order it is given them, so `posts/[id].tsx`
 * would shadow `posts/new.tsx`: files with fewer dynamic segments go first.
 */
const staticRoutesFirst = <T,>(modules: Record<string, T>) =>
  Object.fromEntries(
    Object.entries(modules).sort(([a], [b]) => (a.split('[').length - b.split('[').length) || a.localeCompare(b)),
  );

export default adapter(fsRouter(staticRoutesFirst(import.meta.glob('./**/*.{tsx,ts}', { base: './pages' }))), {
  middlewareFns,
});
