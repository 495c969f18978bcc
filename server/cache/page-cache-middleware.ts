import type { MiddlewareHandler } from 'hono';
import { cachedResponse, cacheKey, freshCachedPage } from './cached-response.ts';
import { type CachedPage, pageCache } from './page-cache.ts';

/** Admin pages and their RSC payloads are never cached. */
const ADMIN_PAGE = /^(\/RSC\/R)?\/admin([/.]|$)/;
/** The public reads of the API: the same for every visitor, like the pages. */
const PUBLIC_API_READ = /^\/api\/(blog-posts|categories|testimonials)(\/|$)/;
const CACHEABLE_TYPE = /^(text\/html|text\/x-component|application\/json)\b/;

const cacheablePath = (path: string) => (path.startsWith('/api/') ? PUBLIC_API_READ.test(path) : !ADMIN_PAGE.test(path));

/**
 * Serves public pages and public API reads from the page cache, and stores a freshly rendered
 * answer while it streams to its first visitor (the stream is split: one branch to the client,
 * one into the cache).
 */
export const pageCacheMiddleware = (): MiddlewareHandler => async (c, next) => {
  const url = new URL(c.req.url);
  if (c.req.method !== 'GET' || !cacheablePath(url.pathname)) return next();
  const key = cacheKey(url);
  const hit = await freshCachedPage(key);
  if (hit) {
    c.res = cachedResponse(hit, c.req.header('accept-encoding') ?? null);
    return;
  }
  const ticket = pageCache.ticket();
  await next();
  const response = c.res;
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !CACHEABLE_TYPE.test(type) || response.headers.has('set-cookie') || !response.body) return;
  const [toClient, toCache] = response.body.tee();
  const headers: [string, string][] = [...response.headers];
  void new Response(toCache)
    .arrayBuffer()
    .then((buffer) => pageCache.store(key, { status: 200, headers, body: new Uint8Array(buffer) } satisfies CachedPage, ticket))
    .catch(() => {});
  c.res = new Response(toClient, response);
  c.res.headers.set('X-Page-Cache', 'miss');
  c.res.headers.append('Vary', 'Accept-Encoding');
};
