import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches now, updating when it changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The layout is narrow below 1100 px (docs/product/constants.md#layout). */
export const wideLayoutQuery = '(min-width: 1100px)';

export function useIsWideLayout(): boolean {
  return useMediaQuery(wideLayoutQuery);
}
