import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML; true from the
 * first render after. Controls that only work with JavaScript stay disabled (or show their
 * placeholder) until then, so nothing is clicked or submitted before it can respond — a form
 * submitted natively before hydration would put its fields in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
