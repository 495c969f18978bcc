// Conditional GETs (RFC 9110 §13): a client holding a copy names it by ETag (If-None-Match) or
// date (If-Modified-Since), and gets 304 Not Modified with no body when it is still current.

/** The opaque part of an entity tag: weak and strong tags compare alike for a GET (weak comparison). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether the client's copy is current. If-None-Match, when sent, decides alone (§13.1.3: it
 * beats If-Modified-Since); otherwise a copy dated at or after Last-Modified is current.
 */
export function isNotModified(request: Headers, etag: string | null, lastModified: string | null): boolean {
  const ifNoneMatch = request.get('if-none-match');
  if (ifNoneMatch !== null) {
    if (!etag) return false;
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const ifModifiedSince = Date.parse(request.get('if-modified-since') ?? '');
  const modified = Date.parse(lastModified ?? '');
  return !Number.isNaN(ifModifiedSince) && !Number.isNaN(modified) && modified <= ifModifiedSince;
}

/** Headers a 304 repeats from the full answer (§15.4.5). */
const KEPT_ON_304 = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'last-modified', 'vary'];

/** The 304 for a full answer's headers: the validators and caching headers, no body. */
export function notModified(headers: Headers): Response {
  const kept = new Headers();
  for (const name of KEPT_ON_304) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}

/** A strong ETag for a body: the same bytes always give the same tag. */
export const etagOf = (body: string | Uint8Array) => `"${Bun.hash(body).toString(36)}"`;
