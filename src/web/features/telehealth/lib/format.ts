import { intlLocale } from '~/web/lib/dates';

/** How long until an instant, in whole units for a countdown ("in 2 hours", "in 5 minutes"); null once it has passed. */
export function timeUntil(target: Date, now: Date): { unit: 'day' | 'hour' | 'minute'; value: number } | null {
  const ms = target.getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return { unit: 'minute', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hour', value: hours };
  return { unit: 'day', value: Math.floor(hours / 24) };
}

/** "in 5 minutes" in the interface language. */
export function formatTimeUntil(until: { unit: 'day' | 'hour' | 'minute'; value: number }, language: string): string {
  return new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'always' }).format(until.value, until.unit);
}

