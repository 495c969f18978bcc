'use client';

import { useEffect } from 'react';
import { useRouter } from 'waku';

/**
 * Reports each page view (docs/product.md §2) as a Plausible-compatible event to the configured endpoint.
 * Rendered only when analytics is configured; admin pages never report (docs/decisions.md).
 */
export function PageViewReporter({ endpoint, domain }: { endpoint: string; domain: string }) {
  const { path, query } = useRouter();
  useEffect(() => {
    if (path === '/admin' || path.startsWith('/admin/')) return;
    const url = `${window.location.origin}${path}${query ? `?${query}` : ''}`;
    const body = JSON.stringify({ name: 'pageview', url, domain, referrer: document.referrer || null });
    navigator.sendBeacon?.(endpoint, new Blob([body], { type: 'text/plain' }));
  }, [endpoint, domain, path, query]);
  return null;
}
