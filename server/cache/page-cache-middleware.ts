import type { MiddlewareHandler } from 'hono';
import { cacheKeyOf } from './cache-key.ts';
import { cachedResponse, freshCachedPage } from './cached-response.ts';
import { type CachedPage, pageCache } from './page-cache.ts';

/** Admin pages and their RSC payloads are never cached. */
const ADMIN_PAGE = /^(\/RSC\/R)?\/admin([/.]|$)/;
/** The public reads of the API: the same for every visitor, like the pages. */
const PUBLIC_API_READ = /^\/api\/(blog-posts|categories|testimonials)(\/|$)/;
const CACHEABLE_TYPE = /^(text\/html|text\/x-component|application\/json|application\/(rss\+)?xml|text\/plain)\b/;
/**
 * Set by the server entry on a paginated page's 404 for a page past the last one: the first page
 * number that does not exist. Every page number from there answers the same cached 404.
 */
export const PAST_END_HEADER = 'X-Past-End-From';

const cacheablePath = (path: string) => (path.startsWith('/api/') ? PUBLIC_API_READ.test(path) : !ADMIN_PAGE.test(path));

/**
 * Serves public pages and public API reads from the page cache, and stores a freshly rendered
 * answer while it streams to its first visitor (the stream is split: one branch to the client,
 * one into the cache). The key holds only the parameters a page reads (cache-key.ts); a malformed
 * value is redirected to the canonical URL before anything renders.
 */
export const pageCacheMiddleware = (): MiddlewareHandler => async (c, next) => {
  const url = new URL(c.req.url);
  if (c.req.method !== 'GET' || !cacheablePath(url.pathname)) return next();
  const { key, redirect, page, pastEndKey } = cacheKeyOf(url);
  if (redirect) {
    c.res = new Response(null, { status: 308, headers: { Location: redirect, 'Cache-Control': 'public, max-age=3600' } });
    return;
  }
  let hit = await freshCachedPage(key);
  if (!hit && pastEndKey && page !== undefined) {
    const pastEnd = await freshCachedPage(pastEndKey);
    if (pastEnd?.fromPage !== undefined && page >= pastEnd.fromPage) hit = pastEnd;
  }
  if (hit) {
    c.res = cachedResponse(hit, c.req.raw.headers);
    return;
  }
  const ticket = pageCache.ticket();
  await next();
  const response = c.res;
  const type = response.headers.get('content-type') ?? '';
  const fromPage = Number(response.headers.get(PAST_END_HEADER) ?? Number.NaN);
  const pastEndAnswer = response.status === 404 && pastEndKey !== undefined && Number.isInteger(fromPage);
  if (!pastEndAnswer && response.status !== 200) return;
  if (!CACHEABLE_TYPE.test(type) || response.headers.has('set-cookie') || !response.body) return;
  const [toClient, toCache] = response.body.tee();
  const headers: [string, string][] = [...response.headers].filter(([name]) => name.toLowerCase() !== PAST_END_HEADER.toLowerCase());
  const entry = (body: Uint8Array<ArrayBuffer>): CachedPage =>
    pastEndAnswer ? { status: 404, headers, body, fromPage } : { status: 200, headers, body };
  void new Response(toCache)
    .arrayBuffer()
    .then((buffer) => pageCache.store(pastEndAnswer ? pastEndKey : key, entry(new Uint8Array(buffer)), ticket))
    .catch(() => {});
  c.res = new Response(toClient, response);
  c.res.headers.delete(PAST_END_HEADER);
  c.res.headers.set('X-Page-Cache', 'miss');
  c.res.headers.append('Vary', 'Accept-Encoding');
};
