'use client';

import { useEffect, useState } from 'react';
import { errorMessage } from '#src/lib/api-client.ts';

/**
 * One record fetched for whatever `key` names (a dialog's id): null while it loads or when there is
 * no key, the server's words when it failed. A change of key drops the answer still on its way.
 */
export function useLoaded<Key, T>(key: Key | null, load: (key: Key) => Promise<T>) {
  const [state, setState] = useState<{ value: T | null; error: string | null }>({ value: null, error: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a fetcher of the same record for every render; the key alone decides.
  useEffect(() => {
    setState({ value: null, error: null });
    if (key === null) return;
    let current = true;
    load(key).then(
      (value) => current && setState({ value, error: null }),
      (error: unknown) => current && setState({ value: null, error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
