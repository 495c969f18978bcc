// The page cache's key for a request (issue 18): a public page's key holds only the query
// parameters that page reads, in a fixed order, with empty and default values dropped. Anything
// else (utm_*, fbclid, gclid, junk) maps to the same entry. A malformed value answers a redirect
// to the canonical URL instead of one render per value.
//
// The parameters each page reads are declared in src/schemas/page-query.ts.

import { PAGE, paramsOf } from '#src/schemas/page-query.ts';

/** Parameters no page or API read ever reads: dropped even on routes not listed in page-query.ts. */
const TRACKING = /^(utm_.*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|mc_cid|mc_eid|_ga|_gl|yclid|igshid|ref_src)$/i;

/** The canonical query of a page: declared parameters in order, empty and default values dropped. */
function canonicalQuery(pathname: string, query: URLSearchParams): { query: string; invalid: boolean } {
  const declared = paramsOf(pathname);
  if (!declared) {
    const kept = [...query].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { query: new URLSearchParams(kept).toString(), invalid: false };
  }
  const kept = new URLSearchParams();
  let invalid = false;
  for (const { name, fallback, valid } of declared) {
    const value = query.get(name);
    if (value === null || value === '' || value === fallback) continue;
    if (valid && !valid.test(value)) invalid = true;
    else kept.set(name, value);
  }
  return { query: kept.toString(), invalid };
}

/** `/RSC/R/blog.txt` → `/blog` (Waku's encodeRoutePath + encodeRscPath, reversed); otherwise undefined. */
export function rscPagePath(pathname: string): string | undefined {
  const match = /^\/RSC\/R(\/.*)\.txt$/.exec(pathname);
  if (!match?.[1]) return undefined;
  const path = match[1];
  if (path === '/_root') return '/';
  return path.startsWith('/__') ? `/_${path.slice(3)}` : path;
}

export interface PageKey {
  /** The cache entry that answers this request. */
  key: string;
  /** Set when a parameter's value is malformed: the canonical URL to redirect to, with no render. */
  redirect?: string;
  /** The page number asked for, when the page is paginated (past the end answers the shared 404). */
  page?: number;
  /** The entry of this list's "past the last page" 404, shared by every page number past the end. */
  pastEndKey?: string;
}

/** The cache key of a request: the page (or RSC payload) path and its canonical query. */
export function cacheKeyOf(url: URL): PageKey {
  const rscPath = rscPagePath(url.pathname);
  const pagePath = rscPath ?? url.pathname;
  const given = rscPath === undefined ? url.searchParams : new URLSearchParams(url.searchParams.get('query') ?? '');
  const { query, invalid } = canonicalQuery(pagePath, given);
  const withQuery = (q: string) => {
    if (!q) return url.pathname;
    return rscPath === undefined ? `${url.pathname}?${q}` : `${url.pathname}?${new URLSearchParams({ query: q })}`;
  };
  const key = withQuery(query);
  const result: PageKey = { key };
  if (invalid) result.redirect = key;
  const declared = paramsOf(pagePath);
  if (declared?.includes(PAGE)) {
    const canonical = new URLSearchParams(query);
    result.page = Number(canonical.get('page') ?? 1);
    canonical.set('page', 'past-end');
    result.pastEndKey = withQuery(canonical.toString());
  }
  return result;
}

/** The cache key of a request (see cacheKeyOf). */
export const cacheKey = (url: URL) => cacheKeyOf(url).key;
