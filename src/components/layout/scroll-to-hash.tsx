'use client';

import { useEffect } from 'react';
import { useRouter } from 'waku';

// docs/product.md §2/§9: after a route change, scroll to the hash target once the page has had 100 ms to
// render (streamed sections may not exist yet when the router scrolls); without a hash the
// router has already scrolled to the top.
export const HASH_SCROLL_DELAY_MS = 100;

export function ScrollToHash() {
  const { path, hash } = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path with the same hash scrolls again
  useEffect(() => {
    if (!hash) return;
    const timer = setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.replace(/^#/, '')))?.scrollIntoView();
    }, HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [path, hash]);
  return null;
}
