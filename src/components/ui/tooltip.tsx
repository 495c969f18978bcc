'use client';

import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/** Re-exported so the app's providers can mount it without importing Radix themselves. */
export const TooltipProvider = RadixTooltip.Provider;

export interface TooltipProps {
  content: ReactNode;
  /** One element that can hold a ref and take event handlers (a button, a link, a span). */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /**
   * The trigger is a disabled control. Disabled buttons fire no pointer or focus events, so it is
   * wrapped in a focusable span that takes them instead (the Radix docs' recipe).
   */
  disabledTrigger?: boolean;
}

/** A short label on hover or keyboard focus; the delays come from the provider (docs/product.md §9). */
export function Tooltip({ content, children, side = 'top', disabledTrigger = false }: TooltipProps) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>
        {disabledTrigger ? (
          <span tabIndex={0} className="inline-flex rounded-control *:pointer-events-none">
            {children}
          </span>
        ) : (
          children
        )}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-w-64 rounded-control bg-primary-950 px-3 py-1.5 text-center text-xs font-medium leading-snug text-white shadow-lg"
        >
          {content}
          <RadixTooltip.Arrow className="fill-primary-950" width={10} height={5} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
