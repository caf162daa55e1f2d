import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following its changes. The server (and the first render
 * before hydration) answers `serverValue`: callers render what needs the answer only client-side.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
