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
