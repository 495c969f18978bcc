'use client';

import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { Toaster } from './toaster.tsx';
import { TooltipProvider } from './tooltip.tsx';

// Spec §9: tooltips open after 700 ms, and skip the delay for 300 ms after one closes.
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Client-side state for the whole page: one jotai store per page load (never shared across requests during SSR). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider>
      <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
        <Toaster />
      </TooltipProvider>
    </JotaiProvider>
  );
}
