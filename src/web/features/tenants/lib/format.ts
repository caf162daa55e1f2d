
/** Dates in the spec's 'PPP' style and the person's time zone: one implementation for every screen. */
export { formatDate, userTimeZone } from '~/web/lib/dates';

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
