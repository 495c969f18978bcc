import { isNotModified, notModified } from '../http/conditional.ts';
import { cacheKey, cacheKeyOf } from './cache-key.ts';
import { cacheIsCurrent } from './content-events.ts';
import { type CachedPage, pageCache } from './page-cache.ts';

/** The cache key of a request (cache-key.ts): the path and the query parameters its page reads. */
export { cacheKey };

/** A cached answer, once every change notified so far has been heard of; otherwise nothing. */
export async function freshCachedPage(key: string): Promise<CachedPage | undefined> {
  if (!pageCache.get(key) || !(await cacheIsCurrent())) return undefined;
  return pageCache.get(key);
}

const acceptsGzip = (acceptEncoding: string | null) => !!acceptEncoding && /\bgzip\b/i.test(acceptEncoding);

/**
 * The response for a cached answer, gzip-compressed when the client accepts it. The compressed
 * bytes are made on the first such request and kept with the entry: a cached page is compressed
 * once, not on every hit. An answer that carries validators (the feeds' ETag and Last-Modified)
 * is a 304 with no body when the client's copy is still current.
 */
export function cachedResponse(page: CachedPage, request: Headers): Response {
  const headers = new Headers(page.headers);
  headers.set('X-Page-Cache', 'hit');
  headers.append('Vary', 'Accept-Encoding');
  if (page.status === 200 && isNotModified(request, headers.get('etag'), headers.get('last-modified'))) {
    const unchanged = notModified(headers);
    unchanged.headers.set('X-Page-Cache', 'hit');
    return unchanged;
  }
  if (!acceptsGzip(request.get('accept-encoding'))) return new Response(page.body, { status: page.status, headers });
  page.gzip ??= Bun.gzipSync(page.body);
  headers.set('Content-Encoding', 'gzip');
  return new Response(page.gzip, { status: page.status, headers });
}

/**
 * Answers a GET from the page cache before the request reaches the Waku entry (start.ts): a hit
 * skips Waku's router and middleware entirely. Misses go on to the entry, which renders and stores.
 */
export async function cachedAnswer(request: Request): Promise<Response | undefined> {
  if (request.method !== 'GET') return undefined;
  const { key, redirect } = cacheKeyOf(new URL(request.url));
  // A malformed value goes on to the entry, whose middleware redirects it.
  const page = redirect ? undefined : await freshCachedPage(key);
  return page && cachedResponse(page, request.headers);
}
