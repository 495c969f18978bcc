'use client';

import { useEffect } from 'react';
import { useRouter } from 'waku';

// The site's own count of page views (server/routes/analytics.ts): one small beacon per public
// page, no cookie, nothing stored in the browser, nothing sent when the visitor asked not to be
// tracked (Do Not Track, Global Privacy Control).

let firstView = true;

export function PageViewBeacon() {
  const { path, query } = useRouter();
  useEffect(() => {
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    if (nav.doNotTrack === '1' || nav.globalPrivacyControl) return;
    // The referrer belongs to the view that came from it; later views are moves within the site.
    const referrer = firstView ? document.referrer : '';
    firstView = false;
    const view = {
      p: path,
      r: referrer,
      u: new URLSearchParams(query).get('utm_source'),
      z: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
    nav.sendBeacon?.('/api/analytics/event', JSON.stringify(view));
  }, [path, query]);
  return null;
}
