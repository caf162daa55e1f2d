import { useEffect, useState } from 'react';
import { PrefetchPageLinks } from 'react-router';
import { isBuiltPage } from '~/shared/page-routes';

/** Spec §7: these pages are prefetched 2 s after load (those that exist yet). */
export const PREFETCH_PATHS = ['/providers', '/appointments/book', '/auth/login'] as const;
export const PREFETCH_DELAY_MS = 2000;

export function DeferredPrefetch() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return (
    <>
      {PREFETCH_PATHS.filter(isBuiltPage).map((path) => (
        <PrefetchPageLinks key={path} page={path} />
      ))}
    </>
  );
}
