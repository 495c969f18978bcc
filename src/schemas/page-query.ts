// The query parameters each public page reads (issue 18), shared by the page cache's key
// (server/cache/cache-key.ts) and the pages. A page reads its query through `pageQuery`, which
// hands it the declared parameters only: a parameter a page starts reading without declaring it
// here does nothing, rather than being served from another URL's cache entry.

export interface Param {
  name: string;
  /** The value that means the same as no value (dropped from the key). */
  fallback?: string;
  /** A value that fails this answers a redirect to the URL without it. */
  valid?: RegExp;
}

export const PAGE: Param = { name: 'page', fallback: '1', valid: /^[1-9]\d{0,5}$/ };

/**
 * The query parameters each public page reads, in key order. A page reading none is listed with
 * `[]`: every query string maps to its bare path. Adding a parameter is one entry here.
 */
export const PAGE_PARAMS: [RegExp, Param[]][] = [
  [/^\/blog$/, [{ name: 'category' }, { name: 'tag' }, PAGE, { name: 'q' }]],
  [/^\/newsletter\/(confirm|unsubscribe)$/, [{ name: 'token' }]],
  [/^\/blog\/[^/]+$/, []],
  [/^\/(|about|services|contact|cookies|privacy|terms|book|book\/manage)$/, []],
  // A session type's page reads the key of a private type's link.
  [/^\/book\/[^/]+$/, [{ name: 'key' }]],
  // The feeds read no parameter either: `/rss.xml?x=1` is the cached feed.
  [/^\/(rss\.xml|sitemap(-\d+)?\.xml|robots\.txt)$/, []],
];

export const paramsOf = (pathname: string) => PAGE_PARAMS.find(([route]) => route.test(pathname))?.[1];

/** The query a page should read: only its declared parameters (the whole query on a route not listed). */
export function pageQuery(pathname: string, query: string): URLSearchParams {
  const declared = paramsOf(pathname);
  const given = new URLSearchParams(query);
  if (!declared) return given;
  const kept = new URLSearchParams();
  for (const { name } of declared) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept;
}
