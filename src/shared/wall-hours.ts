/**
 * What is wrong with a set of weekly opening hours or breaks, per weekday: a range whose end is
 * not after its start, or two ranges of one day that overlap. The hours contract (zod, in
 * contracts/practice.ts) refuses the same sets; the availability editor names the day before saving.
 * Times are 'HH:MM' on a 24-hour clock (an end may be '24:00'), so they compare as text.
 */
export type HoursProblemKind = 'end-before-start' | 'overlap';
export interface HoursProblem {
  weekday: number;
  kind: HoursProblemKind;
}

interface WallRange {
  weekday: number;
  start: string;
  end: string;
}

export function endsAfterStart(range: { start: string; end: string }): boolean {
  return range.start !== '24:00' && range.start < range.end;
}

/** One problem per weekday and kind, in weekday order. */
export function hoursProblems(ranges: readonly WallRange[]): HoursProblem[] {
  const found = new Map<string, HoursProblem>();
  const note = (weekday: number, kind: HoursProblemKind) => found.set(`${weekday}:${kind}`, { weekday, kind });
  for (const r of ranges) if (!endsAfterStart(r)) note(r.weekday, 'end-before-start');
  const sorted = ranges.filter(endsAfterStart).sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  sorted.forEach((r, i) => {
    const before = sorted[i - 1];
    if (before && before.weekday === r.weekday && before.end > r.start) note(r.weekday, 'overlap');
  });
  return [...found.values()].sort((a, b) => a.weekday - b.weekday || a.kind.localeCompare(b.kind));
}

/**
 * The weekdays with a break that is not inside one of that day's opening ranges (a break on a day
 * without hours, or running past the end of the hours): such a break takes nothing away, so the
 * provider most likely meant other times. In weekday order, each once.
 */
export function breaksOutsideHours(weekly: readonly WallRange[], breaks: readonly WallRange[]): number[] {
  const days = new Set<number>();
  for (const b of breaks) {
    if (!endsAfterStart(b)) continue;
    const inside = weekly.some((r) => r.weekday === b.weekday && endsAfterStart(r) && r.start <= b.start && b.end <= r.end);
    if (!inside) days.add(b.weekday);
  }
  return [...days].sort((a, b) => a - b);
}

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const DAY_END = 24 * 60;

/** The free stretches of [from, to) that none of `taken` covers, in order (minutes of the day). */
function freeStretches(from: number, to: number, taken: readonly { start: string; end: string }[]): [number, number][] {
  const busy = taken
    .filter(endsAfterStart)
    .map((r) => [minutesOf(r.start), minutesOf(r.end)] as const)
    .sort((a, b) => a[0] - b[0]);
  const free: [number, number][] = [];
  let at = from;
  for (const [start, end] of busy) {
    if (start > at && at < to) free.push([at, Math.min(start, to)]);
    at = Math.max(at, end);
  }
  if (at < to) free.push([at, to]);
  return free;
}

/**
 * The times a new opening range of a day starts with ("Add hours"): morning hours on a day
 * without any; else three hours from an hour after the day's last range ends (a second session
 * after a pause), or from its end when that is late in the evening; else the first free time
 * between its ranges. A day without a free minute keeps 14:00–17:00 (the editor then says they overlap).
 */
export function newOpeningRange(day: readonly { start: string; end: string }[]): { start: string; end: string } {
  const valid = day.filter(endsAfterStart);
  if (valid.length === 0) return { start: '09:00', end: '12:00' };
  const lastEnd = Math.max(...valid.map((r) => minutesOf(r.end)));
  if (lastEnd < DAY_END) {
    const start = lastEnd + 60 < DAY_END ? lastEnd + 60 : lastEnd;
    return { start: timeOf(start), end: timeOf(Math.min(start + 180, DAY_END)) };
  }
  const gap = freeStretches(0, DAY_END, valid)[0];
  if (gap) return { start: timeOf(gap[0]), end: timeOf(Math.min(gap[0] + 180, gap[1])) };
  return { start: '14:00', end: '17:00' };
}

/**
 * The times a new break of a day starts with ("Add a break"): within the day's opening hours and
 * clear of its other breaks; lunch (12:00–13:00) when that is free, else an hour (or what there is)
 * at the first free time. A day without hours, or without a free minute in them, gets 12:00–13:00.
 */
export function newBreakRange(hours: readonly { start: string; end: string }[], breaks: readonly { start: string; end: string }[]): { start: string; end: string } {
  const free = hours.filter(endsAfterStart).flatMap((r) => freeStretches(minutesOf(r.start), minutesOf(r.end), breaks));
  const lunch = [12 * 60, 13 * 60] as const;
  if (free.length === 0 || free.some(([start, end]) => start <= lunch[0] && lunch[1] <= end)) return { start: '12:00', end: '13:00' };
  const [start, end] = free.sort((a, b) => a[0] - b[0])[0]!;
  return { start: timeOf(start), end: timeOf(Math.min(start + 60, end)) };
}

/**
 * Which time of which range (by its index in `ranges`) a problem of `hoursProblems` or
 * `breaksOutsideHours` is about, so an editor can mark that field: the end of a range that does not
 * end after its start, the start of a range that begins before the one before it ends, and the
 * start of a break outside the day's hours (with `hours`, when `ranges` are breaks).
 */
export function invalidRangeFields(ranges: readonly WallRange[], hours?: readonly WallRange[]): Map<number, 'start' | 'end'> {
  const marked = new Map<number, 'start' | 'end'>();
  ranges.forEach((r, index) => {
    if (!endsAfterStart(r)) marked.set(index, 'end');
  });
  const sorted = ranges
    .map((r, index) => ({ r, index }))
    .filter(({ r }) => endsAfterStart(r))
    .sort((a, b) => a.r.weekday - b.r.weekday || a.r.start.localeCompare(b.r.start));
  sorted.forEach(({ r, index }, i) => {
    const before = sorted[i - 1];
    if (before && before.r.weekday === r.weekday && before.r.end > r.start) marked.set(index, 'start');
  });
  if (hours) {
    ranges.forEach((b, index) => {
      if (marked.has(index) || !endsAfterStart(b)) return;
      if (!hours.some((r) => r.weekday === b.weekday && endsAfterStart(r) && r.start <= b.start && b.end <= r.end)) marked.set(index, 'start');
    });
  }
  return marked;
}
