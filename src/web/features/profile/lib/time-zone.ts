import { TIME_ZONE_STORAGE_KEY } from '~/shared/contracts/profile';

export const FALLBACK_TIME_ZONE = 'UTC';
export const TIME_ZONE_SAVE_FAILED_MESSAGE = 'Could not save timezone preference';

/** The browser's own time zone, or null when it reports none. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The zone kept in the browser (spec §3 'user-timezone'), or null. */
export function storedTimeZone(): string | null {
  try {
    return localStorage.getItem(TIME_ZONE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Keeps the chosen zone in the browser; a failure (storage off or full) is only logged (spec §8). */
export function storeTimeZone(zone: string): void {
  try {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, zone);
  } catch (error) {
    console.warn(TIME_ZONE_SAVE_FAILED_MESSAGE, error);
  }
}

/** Spec §4: the saved zone, else the browser's zone, else UTC. */
export function effectiveTimeZone(saved: string | null | undefined, browser: string | null = browserTimeZone()): string {
  return saved || browser || FALLBACK_TIME_ZONE;
}

/**
 * The IANA zones to choose from: the browser's list, plus UTC and the current choice when the
 * list lacks them (some browsers list neither UTC nor every alias), sorted.
 */
export function timeZoneOptions(current: string, supported: readonly string[] = supportedTimeZones()): string[] {
  const zones = new Set(supported);
  zones.add(FALLBACK_TIME_ZONE);
  zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b, 'en'));
}

function supportedTimeZones(): readonly string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** 'America/Argentina/Buenos_Aires' → 'America/Argentina/Buenos Aires'. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}
