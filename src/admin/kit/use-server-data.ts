'use client';

import { useRef, useState } from 'react';
import { errorMessage } from '#src/lib/api-client.ts';
import { useToast } from '#src/lib/toast-store.ts';

/**
 * Data a screen got from the server with its first render, fetched again after each change. The
 * admin's query rules: nothing refetches by itself (no polling, no refetch on focus, never stale),
 * and a read is retried only where its fetcher says so (the users list). A failed refetch keeps
 * what is shown and says why in a destructive toast.
 */
export function useServerData<T>(
  initial: T,
  load: () => Promise<T>,
  failure: { title: string; fallback?: string },
  /** Called with each refetched value that is shown (not one dropped for a later change). */
  onShown?: (value: T) => void,
) {
  const toast = useToast();
  const [data, setData] = useState(initial);
  const [refetching, setRefetching] = useState(false);
  const latest = useRef(0);

  async function refetch() {
    const id = ++latest.current;
    setRefetching(true);
    try {
      const fresh = await load();
      if (id === latest.current) {
        setData(fresh);
        onShown?.(fresh);
      }
    } catch (error) {
      if (id === latest.current)
        toast({ variant: 'destructive', title: failure.title, description: errorMessage(error, failure.fallback) });
    } finally {
      if (id === latest.current) setRefetching(false);
    }
  }

  /** A list fetched before a local change would undo it on arrival: a change drops any refetch in flight. */
  function dropRefetch() {
    latest.current++;
    setRefetching(false);
  }

  return { data, setData, refetching, refetch, dropRefetch };
}
