/**
 * Where to go after signing in: a same-site path starting with exactly one `/`, else /admin.
 * `//evil.example`, `/\evil.example` and absolute URLs (an open redirect) never leave the site,
 * and a control character anywhere refuses the whole value (docs/security.md#access-control).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !/^\/(?![/\\])/.test(next) || /[\u0000-\u001f\u007f]/.test(next)) return '/admin';
  return next;
}

/**
 * The page a request is for, with its query: what `next` keeps. The RSC request of a client
 * navigation names its page in its own path (`/RSC/R/admin/posts/12.txt` for /admin/posts/12).
 */
export function requestedPage(url: URL): string {
  const rsc = /^\/RSC\/R(\/.*?)(?:\.txt)?$/.exec(url.pathname);
  if (rsc) return rsc[1] === '/_root' ? '/' : rsc[1]!;
  return url.pathname + url.search;
}

/** The sign-in page that goes on to `page` once signed in. */
export const loginPathFor = (page: string) => (page === '/admin' ? '/admin/login' : `/admin/login?next=${encodeURIComponent(page)}`);
