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

export default adapter(fsRouter(import.meta.glob('./**/*.{tsx,ts}', { base: './pages' })), { middlewareFns });
