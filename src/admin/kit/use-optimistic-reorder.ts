'use client';

import { type Dispatch, type RefObject, type SetStateAction, useRef } from 'react';
import { errorMessage } from '#src/lib/api-client.ts';
import { useToast } from '#src/lib/toast-store.ts';

/**
 * A reorderable list's save (the backlog, the testimonials, the session types): the new order
 * shows at once; the server's answer becomes the list and what `confirmed` holds; a refused save
 * puts back the last confirmed order. Only the latest of quick drops settles the list.
 */
export function useOptimisticReorder<T>({
  setItems,
  confirmed,
  save,
  texts,
  beforeShow,
}: {
  setItems: Dispatch<SetStateAction<T[]>>;
  /** The order the server last confirmed. */
  confirmed: RefObject<T[]>;
  save: (next: T[]) => Promise<T[]>;
  texts: { success: string; failure: string };
  /** Runs before the new order shows (a refetch still on its way would put the old order back). */
  beforeShow?: () => void;
}) {
  const toast = useToast();
  const latest = useRef(0);
  return async function reorder(next: T[]) {
    const id = ++latest.current;
    beforeShow?.();
    setItems(next);
    try {
      const saved = await save(next);
      confirmed.current = saved;
      // A later drop is already showing its own order; its answer will settle the list.
      if (id !== latest.current) return;
      setItems(saved);
      toast({ title: texts.success });
    } catch (error) {
      if (id !== latest.current) return;
      setItems(confirmed.current);
      toast({ variant: 'destructive', title: texts.failure, description: errorMessage(error) });
    }
  };
}
