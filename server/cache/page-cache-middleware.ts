import type { MiddlewareHandler } from 'hono';
import { catchUpWithContentChanges } from './content-events.ts';
import { type CachedPage, pageCache } from './page-cache.ts';

/** Admin pages, their RSC payloads and anything under /api are never cached. */
const UNCACHEABLE = /^(\/RSC\/R)?\/admin([/.]|$)|^\/api\//;
const CACHEABLE_TYPE = /^(text\/html|text\/x-component)\b/;

/**
 * Serves public pages from the page cache, and stores a freshly rendered one while it streams to
 * its first visitor (the stream is split: one branch to the client, one into the cache).
 */
export const pageCacheMiddleware = (): MiddlewareHandler => async (c, next) => {
  const url = new URL(c.req.url);
  if (c.req.method !== 'GET' || UNCACHEABLE.test(url.pathname)) return next();
  const key = `${url.pathname}${url.search}`;
  // A page is served from the cache only once every change notified so far has been heard of.
  const hit = pageCache.get(key) && (await catchUpWithContentChanges(), pageCache.get(key));
  if (hit) {
    c.res = new Response(hit.body, { status: hit.status, headers: hit.headers });
    c.res.headers.set('X-Page-Cache', 'hit');
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
};
