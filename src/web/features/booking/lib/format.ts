import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { dateLocale, formatTime, localDate } from '~/web/lib/dates';

// Shared with every screen: the web app's date module.
export { addDays, localDate, zoneName } from '~/web/lib/dates';
export { formatMoney, isolatePrice } from '~/web/lib/money';


/** A day heading: "Tuesday, 1 December" in the interface language. */
export function formatDayHeading(isoDay: string, language: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  return format(date, 'EEEE PPP', { locale: dateLocale(language), in: tz('UTC') });
}


/** A wall-clock time of a location's hours ('HH:MM', '24:00' for the end of the day) as the interface language writes times. */
export function formatWallTime(wall: string, language: string): string {
  return formatTime(`2000-01-01T${wall === '24:00' ? '00:00' : wall}:00Z`, language, 'UTC');
}

/** Slots grouped by the viewer's local day, in order. */
export function slotsByDay<T extends { start: string }>(slots: readonly T[], timeZone: string): { day: string; slots: T[] }[] {
  // Generic over anything with a start, so appointments group the same way.
  const days = new Map<string, T[]>();
  for (const slot of slots) {
    const day = localDate(slot.start, timeZone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}

/** Monday (YYYY-MM-DD) of the week of a local date. */
export function mondayOf(isoDay: string): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}


