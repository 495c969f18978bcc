'use client';

import type { ReactNode } from 'react';
import { ToastProvider } from './toast-provider.tsx';
import { TooltipProvider } from './tooltip.tsx';

// docs/product.md §9: tooltips open after 700 ms, and skip the delay for 300 ms after one closes.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Everything the admin's client components rely on: client state, toasts and tooltips. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </TooltipProvider>
    </ToastProvider>
  );
}
