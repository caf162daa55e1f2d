import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML; true from the
 * render after (and at once for a component the browser renders itself, e.g. after a client-side
 * navigation). Controls that only work with JavaScript stay disabled (or show their placeholder)
 * until then, so nothing is clicked or submitted before it can respond — a form submitted
 * natively before hydration would put its fields in the address.
 *
 * Which of the two a mount is, React tells through `useSyncExternalStore`: it reads the server
 * snapshot when it renders on the server or hydrates (also a part of the page hydrated later,
 * such as a lazy component's Suspense boundary), the browser snapshot otherwise. Both snapshots
 * are the same value, so React never has a difference to re-render for; the flip to true after
 * hydration is a transition. Returning true from the browser snapshot instead made React
 * re-render every button, the header and the footer synchronously straight after the hydration
 * commit, flushing the page's passive effects first: one task of 200-300 ms at Lighthouse's 4×
 * CPU slowdown on `/` (bench/README.md, "Hydration without a blocking re-render"). A transition
 * renders in slices that yield to the browser.
 */
export function useHydrated(): boolean {
  let hydrating = false;
  useSyncExternalStore(
    subscribe,
    () => 0,
    // React calls the server snapshot only while it renders this component (on the server, or
    // hydrating), before the useState below reads the variable; nothing reads it after render.
    // eslint-disable-next-line react-hooks/immutability
    () => {
      // eslint-disable-next-line react-hooks/immutability
      hydrating = true;
      return 0;
    },
  );
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
