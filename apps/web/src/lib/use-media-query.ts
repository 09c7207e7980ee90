import { useCallback, useSyncExternalStore } from 'react';

/** docs/product-contract.md §9: a narrow screen is 768 px wide or less. */
export const NARROW_SCREEN_QUERY = '(max-width: 768px)';

/** Whether a CSS media query matches now; re-renders when it starts or stops matching. */
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

export function useIsNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY);
}
