import { TZDate } from '@date-fns/tz';

/** How often a practice's series of visits repeats, in weeks (weekly, fortnightly, four-weekly). */
export const SERIES_EVERY_WEEKS = [1, 2, 4] as const;
export type SeriesEveryWeeks = (typeof SERIES_EVERY_WEEKS)[number];
/** The visits one series books at most, the first included (a quarter of weekly visits). */
export const SERIES_MAX_VISITS = 12;

/**
 * The starts of a series: the first visit's start, then the same wall-clock time in the location's
 * time zone every `everyWeeks` weeks, `visits` starts in all. A weekly 9:00 visit stays at 9:00
 * across a daylight-saving change (the instants then lie 167 or 169 hours apart); a wall time
 * the change skips moves forward by the gap, as the slot rules do.
 */
export function seriesStarts(firstStart: string, timeZone: string, everyWeeks: number, visits: number): string[] {
  const first = new TZDate(Date.parse(firstStart), timeZone);
  const starts: string[] = [];
  for (let i = 0; i < visits; i += 1) {
    const local = new TZDate(
      first.getFullYear(),
      first.getMonth(),
      first.getDate() + i * 7 * everyWeeks,
      first.getHours(),
      first.getMinutes(),
      first.getSeconds(),
      first.getMilliseconds(),
      timeZone,
    );
    starts.push(new Date(local.getTime()).toISOString());
  }
  return starts;
}
