import type { ReactNode } from 'react';
import { useHydrated } from '~/web/lib/use-hydrated';

/**
 * Renders `children` only in the browser once the page has hydrated, `fallback` before (and on
 * the server). For interactive widgets loaded on demand: they appear when they can respond, so
 * nothing typed into them before hydration is lost.
 */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useHydrated() ? children : fallback;
}
