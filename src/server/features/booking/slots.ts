import { TZDate } from '@date-fns/tz';

/**
 * Bookable times from a provider's availability rules: pure, so it is tested on its own, across
 * daylight-saving changes, whatever time zone the server runs in.
 *
 * Rules are wall-clock times in the location's time zone (a practice opens at 09:00 local time all
 * year). Each day's hours become real instants first; slots then step through real time from the
 * start of each opening, so a day on which the clocks change has as many slots as it has real
 * hours: 00:00-04:00 is three hours on the night clocks go forward and five on the night they go
 * back. A wall time that does not exist (inside the skipped hour) moves forward by the gap.
 * Hours to 24:00 that go on from 00:00 the next day let an appointment run past midnight.
 */

/** 'HH:MM', 24-hour clock; an end may be '24:00' (midnight at the end of the day). */
export type WallTime = string;

export interface WallRange {
  start: WallTime;
  end: WallTime;
}

export interface WeeklyRange extends WallRange {
  /** 0 = Sunday … 6 = Saturday, as Date#getDay. */
  weekday: number;
}

export interface DateOverride {
  /** 'YYYY-MM-DD', a date in the location's time zone. */
  date: string;
  /** Replaces that date's weekly hours: an empty list is a day off, ranges are the day's hours. */
  hours: WallRange[];
}

export interface AvailabilityRules {
  timeZone: string;
  weekly: WeeklyRange[];
  /** Taken out of the hours on that weekday (weekly hours and overrides alike). */
  breaks: WeeklyRange[];
  overrides: DateOverride[];
  /** Slots start this often from the start of each opening. */
  slotIntervalMinutes: number;
  /** No slot starts sooner than this after now. */
  minimumNoticeMinutes: number;
  /** No slot starts later than this many days after now. */
  horizonDays: number;
}

export interface ServiceTiming {
  durationMinutes: number;
  /** Time kept free before and after the appointment (preparation, notes, travel). */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** A time the provider is taken: an appointment with its buffers, or a blocked period. */
export interface Busy {
  start: Date;
  end: Date;
}

export interface Slot {
  start: Date;
  end: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

export function parseWallTime(value: WallTime): { hours: number; minutes: number } {
  if (!WALL_TIME.test(value)) throw new RangeError(`not a wall time (HH:MM): ${value}`);
  const [hours, minutes] = value.split(':').map(Number) as [number, number];
  return { hours, minutes };
}

export function isWallRange(range: WallRange): boolean {
  if (!WALL_TIME.test(range.start) || !WALL_TIME.test(range.end) || range.start === '24:00') return false;
  return range.start < range.end;
}

/** The local calendar date (year, month 0-11, day) of an instant in a time zone. */
function localDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const local = new TZDate(instant.getTime(), timeZone);
  return { year: local.getFullYear(), month: local.getMonth(), day: local.getDate() };
}

function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instants a local date spans in a time zone (23, 24 or 25 hours). */
export function localDay(date: string, timeZone: string): { from: Date; to: Date } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { from: new Date(new TZDate(y, m - 1, d, 0, 0, timeZone).getTime()), to: new Date(new TZDate(y, m - 1, d + 1, 0, 0, timeZone).getTime()) };
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const { year, month, day } = localDate(instant, timeZone);
  return isoDate(year, month, day);
}

/**
 * Wall times already turned into instants, by zone, date and time. Each conversion asks the ICU
 * time-zone data several times (most of an availability request's time, measured); the answer
 * never changes, and the same few opening hours on the same coming days are asked for again and
 * again. Bounded: emptied when it passes this many entries.
 */
const INSTANT_CACHE_LIMIT = 100_000;
const instants = new Map<string, number>();

/** The instant of a wall time on a local date (a time in a skipped hour moves forward by the gap). */
function instantOf(year: number, month: number, day: number, wall: WallTime, timeZone: string): number {
  const key = `${timeZone}|${year}|${month}|${day}|${wall}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const { hours, minutes } = parseWallTime(wall);
  const instant = new TZDate(year, month, day, hours, minutes, timeZone).getTime();
  if (instants.size >= INSTANT_CACHE_LIMIT) instants.clear();
  instants.set(key, instant);
  return instant;
}

/** The calendar date `offset` days after a date (month 0-11; day overflow rolls the month and year). A date's arithmetic needs no zone. */
function addDays(date: { year: number; month: number; day: number }, offset: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(date.year, date.month, date.day + offset));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() };
}

/**
 * The local dates a waitlist takes in a time zone: today, and each later date that ends inside
 * the horizon (`now` + `horizonDays` days; on a date the horizon only reaches part of, times
 * appear as it moves on), at most `maxDays` days after today. One rule for the days the page
 * offers and the day a person joins for.
 */
export function waitlistDates(now: Date, timeZone: string, horizonDays: number, maxDays: number): string[] {
  const today = localDate(now, timeZone);
  const horizonEnd = now.getTime() + horizonDays * DAY_MS;
  const dates: string[] = [];
  for (let i = 0; i <= Math.min(horizonDays, maxDays); i++) {
    const date = addDays(today, i);
    const next = addDays(today, i + 1);
    if (i > 0 && instantOf(next.year, next.month, next.day, '00:00', timeZone) > horizonEnd) break;
    dates.push(isoDate(date.year, date.month, date.day));
  }
  return dates;
}

type Interval = [start: number, end: number];

/** Sorted, merged, and with `cuts` taken out. */
function normalise(intervals: Interval[], cuts: Interval[]): Interval[] {
  const merged: Interval[] = [];
  for (const [start, end] of [...intervals].sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else if (end > start) merged.push([start, end]);
  }
  let result = merged;
  for (const [cutStart, cutEnd] of cuts) {
    const next: Interval[] = [];
    for (const [start, end] of result) {
      if (cutEnd <= start || cutStart >= end) next.push([start, end]);
      else {
        if (cutStart > start) next.push([start, cutStart]);
        if (cutEnd < end) next.push([cutEnd, end]);
      }
    }
    result = next;
  }
  return result;
}

/** The opening intervals (instants) of one local date. */
export function openingsOn(rules: OpeningRules, year: number, month: number, day: number): Interval[] {
  const { timeZone } = rules;
  // A calendar date's weekday is the same in every zone.
  const weekday = new Date(Date.UTC(year, month, day)).getUTCDay();
  const override = rules.overrides.find((o) => o.date === isoDate(year, month, day));
  const ranges: WallRange[] = override ? override.hours : rules.weekly.filter((w) => w.weekday === weekday);
  const toInterval = (r: WallRange): Interval => [instantOf(year, month, day, r.start, timeZone), instantOf(year, month, day, r.end, timeZone)];
  return normalise(ranges.filter(isWallRange).map(toInterval), rules.breaks.filter((b) => b.weekday === weekday && isWallRange(b)).map(toInterval));
}

/** The rules that say when a location is open, whatever the booking settings. */
export type OpeningRules = Pick<AvailabilityRules, 'timeZone' | 'weekly' | 'breaks' | 'overrides'>;

/**
 * Whether the hours cover the whole of `start`-`end`: inside one opening of the local date it
 * starts on, which may go on past midnight into the next date's hours as a slot may. Buffers are
 * not asked for: this is about the appointment itself (a booked time that a day off or shorter
 * hours later left outside the hours).
 */
export function withinHours(rules: OpeningRules, start: Date, end: Date): boolean {
  const first = localDate(start, rules.timeZone);
  const next = addDays(first, 1);
  const open = normalise([...openingsOn(rules, first.year, first.month, first.day), ...openingsOn(rules, next.year, next.month, next.day)], []);
  return open.some(([from, to]) => from <= start.getTime() && end.getTime() <= to);
}

/**
 * Every slot for `service` between `from` and `to` that keeps the rules: inside the day's hours and
 * outside its breaks, at least the minimum notice after `now` and within the horizon, with the
 * service's buffers clear of every busy period.
 */
export function availableSlots(input: {
  rules: AvailabilityRules;
  service: ServiceTiming;
  busy: readonly Busy[];
  from: Date;
  to: Date;
  now: Date;
}): Slot[] {
  const { rules, service, now } = input;
  const step = Math.max(1, rules.slotIntervalMinutes) * MINUTE_MS;
  const duration = service.durationMinutes * MINUTE_MS;
  const before = service.bufferBeforeMinutes * MINUTE_MS;
  const after = service.bufferAfterMinutes * MINUTE_MS;
  const earliest = Math.max(input.from.getTime(), now.getTime() + rules.minimumNoticeMinutes * MINUTE_MS);
  const latest = Math.min(input.to.getTime(), now.getTime() + rules.horizonDays * DAY_MS);
  if (earliest >= latest || duration <= 0) return [];

  const busy = input.busy.map((b) => [b.start.getTime(), b.end.getTime()] as Interval).sort((a, b) => a[0] - b[0]);
  let firstBusy = 0;
  const slots: Slot[] = [];

  // One local date at a time, from the date of `earliest` to the date of `latest`.
  const first = localDate(new Date(earliest), rules.timeZone);
  const last = localDate(new Date(latest), rules.timeZone);
  const lastKey = isoDate(last.year, last.month, last.day);
  const openingsAt = (offset: number): Interval[] => {
    const date = addDays(first, offset);
    return openingsOn(rules, date.year, date.month, date.day);
  };
  let today = openingsAt(0);
  for (let offset = 0; ; offset++) {
    const date = addDays(first, offset);
    const tomorrow = openingsAt(offset + 1);
    for (const [index, [open, close]] of today.entries()) {
      // Hours that run to midnight and go on from midnight the next day are one opening for the
      // appointment (a late clinic open 20:00-02:00): it may end after midnight. Its start keeps to
      // this day's hours and grid; the next day's own slots start on theirs.
      const next = index === today.length - 1 ? tomorrow[0] : undefined;
      const reach = next && next[0] === close ? next[1] : close;
      for (let start = open; start < close && start + duration <= reach; start += step) {
        if (start < earliest) continue;
        if (start >= latest) break;
        const end = start + duration;
        const takenFrom = start - before;
        const takenTo = end + after;
        while (firstBusy < busy.length && busy[firstBusy]![1] <= takenFrom) firstBusy++;
        let clash = false;
        for (let i = firstBusy; i < busy.length && busy[i]![0] < takenTo; i++) {
          if (busy[i]![1] > takenFrom) {
            clash = true;
            break;
          }
        }
        if (!clash) slots.push({ start: new Date(start), end: new Date(end) });
      }
    }
    if (isoDate(date.year, date.month, date.day) >= lastKey) break;
    today = tomorrow;
  }
  return slots;
}

const dayPrefixes = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
/** The last instant Date#toISOString writes with a four-digit year (10000-01-01). */
const FOUR_DIGIT_YEARS_END = 253_402_300_800_000;

/**
 * Date#toISOString, about nine times faster for the many instants of a few days that an
 * availability answer holds (90 days can be 3,500 of them: measured 2.2 ms with toISOString
 * against 0.25 ms, a fifth of the request). The date part is kept per day; the rest is arithmetic.
 */
export function isoString(instant: Date): string {
  const ms = instant.getTime();
  if (!(ms >= 0 && ms < FOUR_DIGIT_YEARS_END)) return instant.toISOString();
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    if (dayPrefixes.size >= 10_000) dayPrefixes.clear();
    dayPrefixes.set(day, prefix);
  }
  const t = ms - day * DAY_MS;
  const milli = t % 1000;
  return `${prefix}${TWO_DIGITS[Math.floor(t / 3_600_000)]}:${TWO_DIGITS[Math.floor(t / MINUTE_MS) % 60]}:${TWO_DIGITS[Math.floor(t / 1000) % 60]}.${String(milli).padStart(3, '0')}Z`;
}
