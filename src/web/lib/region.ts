import { createContext, useContext, useSyncExternalStore } from 'react';
import {
  DEFAULT_REGION,
  REGION_STORAGE_KEY,
  type RegionCode,
  detectRegion,
  parseRegionCode,
} from '~/shared/regions';

/**
 * The visitor's region (spec §4 Region detection): `?region=` when it names a known region (and
 * then it is stored), else the stored choice, then the time zone, then the browser's languages,
 * then US. A server-rendered page starts with the region the server could tell (query or cookie,
 * else US) and the browser settles on the detected one right after hydration.
 */

/** Cookie mirror of the stored choice, so a server-rendered page can show the right region. */
export const REGION_COOKIE = 'userRegion';

let serverRegion: RegionCode = DEFAULT_REGION;
let clientRegion: RegionCode | undefined;
const listeners = new Set<() => void>();

/** The region the server rendered with (set once from the root's data before hydration). */
export function setInitialRegion(code: RegionCode): void {
  serverRegion = code;
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(REGION_STORAGE_KEY);
  } catch {
    return null;
  }
}

function detectInBrowser(): RegionCode {
  const fromQuery = parseRegionCode(new URLSearchParams(window.location.search).get('region'));
  if (fromQuery) {
    store(fromQuery);
    return fromQuery;
  }
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return detectRegion({ stored: readStored(), timeZone, languages: navigator.languages ?? [navigator.language] });
}

function store(code: RegionCode): void {
  try {
    window.localStorage.setItem(REGION_STORAGE_KEY, code);
  } catch {
    // Storage can be unavailable (private mode); the cookie still carries the choice.
  }
  document.cookie = `${REGION_COOKIE}=${code}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

function getSnapshot(): RegionCode {
  clientRegion ??= detectInBrowser();
  return clientRegion;
}

function getServerSnapshot(): RegionCode {
  return serverRegion;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The region the server rendered this page with (the root loader's), provided by the root route:
 * the server renders with it (one server serves many visitors, so it cannot be a module value),
 * and hydration starts from the same one.
 */
export const RenderedRegionContext = createContext<RegionCode | undefined>(undefined);

/** The current region; re-renders when it changes. Safe to call during server rendering. */
export function useRegion(): RegionCode {
  const rendered = useContext(RenderedRegionContext);
  return useSyncExternalStore(subscribe, getSnapshot, () => rendered ?? getServerSnapshot());
}

/**
 * Stores a region choice. Only a known code is stored (spec §5); returns whether it was.
 * Callers that follow the spec's selector then switch the language and reload after 100 ms.
 */
export function saveRegion(value: string): boolean {
  const code = parseRegionCode(value);
  if (!code) return false;
  store(code);
  clientRegion = code;
  for (const listener of listeners) listener();
  return true;
}
