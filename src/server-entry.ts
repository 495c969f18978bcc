import type { MiddlewareHandler } from 'hono';
import { fsRouter } from 'waku';
import adapter from 'waku/adapters/bun';
import { app } from '../server/app.ts';

/** Hands every /api request to the Hono app before Waku's page router sees it. */
const apiMiddleware = (): MiddlewareHandler => async (c, next) => {
  if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
    c.res = await app.fetch(c.req.raw, c.env);
    return;
  }
  await next();
};

export default adapter(fsRouter(import.meta.glob('./**/*.{tsx,ts}', { base: './pages' })), {
  middlewareFns: [apiMiddleware],
});
