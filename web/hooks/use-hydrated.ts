import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true once the app runs in the browser: what depends
 * on the browser (the reader's clock, locale or stored choices) renders after hydration, so that
 * the browser's first render is the server's (docs/decisions/085).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
