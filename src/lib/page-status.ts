import { unstable_getContextData } from 'waku/server';

// Waku 0.27 has no API for a page's HTTP status, and unstable_notFound() sends an empty shell.
// A page that renders its own "not found" or "denied" view records the status
// here, before its first Suspense boundary; the server entry applies it to the response.

const KEY = 'pageStatus';

export function setPageStatus(status: number): void {
  unstable_getContextData()[KEY] = status;
}

export function pageStatus(): number | undefined {
  const status = unstable_getContextData()[KEY];
  return typeof status === 'number' ? status : undefined;
}

const PAST_END = 'pastEnd';

/**
 * A paginated page's 404 for a page past its last one: `firstMissing` is the first page number
 * that does not exist. The page cache answers every page number from there with this one 404
 * (server/cache/page-cache-middleware.ts), rather than rendering it again per number.
 */
export function setPastEnd(firstMissing: number): void {
  setPageStatus(404);
  unstable_getContextData()[PAST_END] = firstMissing;
}

export function pastEnd(): number | undefined {
  const page = unstable_getContextData()[PAST_END];
  return typeof page === 'number' ? page : undefined;
}
