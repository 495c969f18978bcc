'use client';

import { Provider as JotaiProvider, useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { toastsAtom } from '#src/lib/toast-store.ts';

// Radix's toast code is fetched with the first toast: most visits never see one, and the public
// pages stay under their JavaScript budget (issue 3: < 100 KB gzip per page).
const Toaster = lazy(() => import('./toaster.tsx').then(({ Toaster }) => ({ default: Toaster })));

function ToasterOnceNeeded() {
  const hasToasts = useAtomValue(toastsAtom).length > 0;
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * Client state and the toast viewport: one jotai store per page load (never shared across
 * requests during SSR). Only the pages that show toasts mount it (the admin, the contact page), so
 * the other public pages ship neither jotai nor Radix.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider>
      {children}
      <ToasterOnceNeeded />
    </JotaiProvider>
  );
}
