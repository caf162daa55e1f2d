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
