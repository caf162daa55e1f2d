import { TIME_ZONE_STORAGE_KEY } from '~/shared/contracts/profile';

const FALLBACK_TIME_ZONE = 'UTC';

function storedTimeZone(): string | null {
  try {
    return localStorage.getItem(TIME_ZONE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Spec §4: the saved zone (account, then browser storage), else the browser's zone, else UTC. */
export function userTimeZone(accountZone: string | null | undefined): string {
  for (const zone of [accountZone, storedTimeZone(), browserTimeZone()]) {
    if (zone && isTimeZone(zone)) return zone;
  }
  return FALLBACK_TIME_ZONE;
}

/** A date in the spec's 'PPP' style (e.g. 'March 4th, 2031' → Intl's long date) in a time zone. */
export function formatDate(iso: string, locale: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date);
}

/** A calendar day (YYYY-MM-DD, no time zone) in the short local style. */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A byte count with the largest sensible unit, in the reader's language (e.g. '1.5 MB'). */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** Remembers the session's organisation in the browser (spec §3 `current_tenant_id`); the server's answer always wins. */
export const CURRENT_TENANT_STORAGE_KEY = 'current_tenant_id';

export function rememberCurrentTenant(tenantId: string | null): void {
  try {
    if (tenantId) localStorage.setItem(CURRENT_TENANT_STORAGE_KEY, tenantId);
    else localStorage.removeItem(CURRENT_TENANT_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing depends on it.
  }
}
