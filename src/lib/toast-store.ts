import { atom, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';

// docs/product.md §9: one toast visible at a time; a dismissed toast is removed after 1,000,000 ms
// (the constants of shadcn's use-toast, kept in a jotai atom instead of module listeners).
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastMessage {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: 'default' | 'destructive';
  open: boolean;
}

export type ToastInput = Omit<ToastMessage, 'id' | 'open'>;

export const toastsAtom = atom<ToastMessage[]>([]);

/**
 * The open modal dialog, if any. A modal <dialog> sits in the browser's top layer and makes the
 * rest of the page inert, so toasts are shown inside it while it is open (seen and announced).
 */
export const toastHostAtom = atom<HTMLElement | null>(null);

export const addToastAtom = atom(null, (get, set, toast: ToastMessage) => {
  set(toastsAtom, [toast, ...get(toastsAtom)].slice(0, TOAST_LIMIT));
});

const removeToastAtom = atom(null, (get, set, id: string) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});

export const dismissToastAtom = atom(null, (get, set, id: string) => {
  set(
    toastsAtom,
    get(toastsAtom).map((toast) => (toast.id === id ? { ...toast, open: false } : toast)),
  );
  setTimeout(() => set(removeToastAtom, id), TOAST_REMOVE_DELAY_MS);
});

let counter = 0;

/** `const toast = useToast(); toast({ title, description, variant })` from any client component. */
export function useToast() {
  const add = useSetAtom(addToastAtom);
  return (input: ToastInput) => {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    add({ ...input, id: String(counter), open: true });
  };
}
