import { useContext, useEffect, useMemo, useState } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext as DataRouterContext, UNSAFE_FrameworkContext as FrameworkContext } from 'react-router';
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
        <PrefetchPageModules key={path} page={path} />
      ))}
    </>
  );
}

/**
 * A page's route modules and their imports as `<link rel="modulepreload">`, from the build's
 * manifest. Not React Router's `PrefetchPageLinks`: to read a route's `links()` it imports the
 * route module itself, and a failed import (the network gone for a moment two seconds after load)
 * makes React Router reload the page, losing what the person had typed. A preload link that
 * fails only fails; the page loads the module when it is opened.
 */
function PrefetchPageModules({ page }: { page: string }) {
  const framework = useContext(FrameworkContext);
  const dataRouter = useContext(DataRouterContext);
  const hrefs = useMemo(() => {
    if (!framework || !dataRouter) return [];
    const matches = matchRoutes(dataRouter.router.routes, page, dataRouter.router.basename) ?? [];
    // A page React Router has not discovered yet (no link to it on this page) matches the
    // not-found route: nothing of it to prefetch.
    if (matches.some((match) => match.route.path === '*')) return [];
    const unique = new Set<string>();
    for (const match of matches) {
      const route = framework.manifest.routes[match.route.id];
      if (!route) continue;
      unique.add(route.module);
      for (const href of route.imports ?? []) unique.add(href);
    }
    return [...unique];
  }, [framework, dataRouter, page]);
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </>
  );
}
