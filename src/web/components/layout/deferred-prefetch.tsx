import { useEffect, useState } from 'react';
import { PrefetchPageLinks } from 'react-router';
import { isBuiltPage } from '~/shared/page-routes';

/** Spec §7: these pages are prefetched 2 s after load (those that exist yet). */
export const PREFETCH_PATHS = ['/providers', '/appointments/book', '/auth/login'] as const;
export const PREFETCH_DELAY_MS = 2000;
/** The pages' prefetches start one after another, this far apart. */
export const PREFETCH_STEP_MS = 200;

const PATHS = PREFETCH_PATHS.filter(isBuiltPage);

/**
 * Prefetches the spec's pages from 2 s after load, one page at a time: each page's modules are
 * some twenty `<link rel="modulepreload">`, and the browser starts every request as the link is
 * inserted, on the main thread. All sixty at once were one task of 80 ms (over 300 ms at
 * Lighthouse's 4× CPU slowdown) that would block a tap made then.
 */
export function DeferredPrefetch() {
  const [started, setStarted] = useState(0);
  useEffect(() => {
    if (started >= PATHS.length) return;
    const timer = setTimeout(() => setStarted((count) => count + 1), started === 0 ? PREFETCH_DELAY_MS : PREFETCH_STEP_MS);
    return () => clearTimeout(timer);
  }, [started]);
  return (
    <>
      {PATHS.slice(0, started).map((path) => (
        <PrefetchPageLinks key={path} page={path} />
      ))}
    </>
  );
}
