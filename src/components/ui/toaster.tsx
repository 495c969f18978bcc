'use client';

import * as Toast from '@radix-ui/react-toast';
import { useAtomValue, useSetAtom } from 'jotai';
import { X } from 'lucide';
import { createPortal } from 'react-dom';
import { cn } from '#src/lib/cn.ts';
import { dismissToastAtom, toastHostAtom, toastsAtom } from '#src/lib/toast-store.ts';
import { Icon } from './icon.tsx';

// docs/product.md §9: shown for 5,000 ms, swiped right past 50 px to dismiss, viewport at most 420px wide.
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

const variants = {
  default: 'border-line bg-surface text-ink',
  destructive: 'border-red-700 bg-red-700 text-white',
} as const;

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const host = useAtomValue(toastHostAtom);
  const viewport = (
    <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]" />
  );
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, action, variant = 'default', open }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-card border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition',
            variants[variant],
          )}
        >
          <div className="grid gap-1">
            {title && <Toast.Title className="text-sm font-semibold">{title}</Toast.Title>}
            {description && <Toast.Description className="text-sm opacity-90">{description}</Toast.Description>}
          </div>
          {action}
          <Toast.Close aria-label="Close" className="absolute right-2 top-2 rounded-control p-1 opacity-70 hover:opacity-100">
            <Icon shapes={X} aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Inside an open modal dialog (see toastHostAtom), else at the end of the page. */}
      {host ? createPortal(viewport, host) : viewport}
    </Toast.Provider>
  );
}
