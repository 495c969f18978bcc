import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while rendering on the server and during hydration, true after. Values that depend on
 * the browser (its time zone) render only then, so the server's HTML and the first client render agree.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
