import { TZDate } from '@date-fns/tz';
import { localDate } from '~/web/lib/dates';

/** What the week's time grid places: anything with a start and an end. */
export interface GridItem {
  startsAt: string;
  endsAt: string;
}

/** An item in its day's column: minutes from the grid's first hour, and its lane among those it overlaps. */
export interface PlacedItem<T> {
  item: T;
  /** Minutes from the grid's first hour to the start (as the wall clock of the zone reads it). */
  top: number;
  /** Minutes it lasts on that day's grid (to midnight at most). */
  height: number;
  /** Its lane (0 first) and how many lanes its group of overlapping items takes. */
  lane: number;
  lanes: number;
}

export interface WeekLayout<T> {
  firstHour: number;
  lastHour: number;
  columns: { day: string; placed: PlacedItem<T>[] }[];
}

const DAY_MINUTES = 24 * 60;

/** Minutes since the local midnight of the instant's own date in a zone (the wall clock: 03:30 is 210 on a day the clocks change too). */
function wallMinutes(instant: string, timeZone: string): number {
  const local = new TZDate(new Date(instant).getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/**
 * The week's time grid: each item in the column of the day it starts on (in the zone), from its
 * wall-clock start to its end (midnight at most), side by side with those it overlaps (a
 * cancelled visit and the one booked in its place, or several people's). The grid spans
 * `defaultHours` at least, and every hour an item takes.
 */
export function layoutWeek<T extends GridItem>(items: readonly T[], days: readonly string[], timeZone: string, defaultHours: { first: number; last: number } = { first: 8, last: 18 }): WeekLayout<T> {
  const spans = items
    .map((item) => {
      const day = localDate(item.startsAt, timeZone);
      const start = wallMinutes(item.startsAt, timeZone);
      const lasting = Math.max(0, (new Date(item.endsAt).getTime() - new Date(item.startsAt).getTime()) / 60_000);
      // Past midnight, the day's column ends at midnight; a wall-clock end is not used, since on
      // the day the clocks change it is an hour off the time the visit takes.
      const end = Math.min(DAY_MINUTES, start + lasting);
      return { item, day, start, end: Math.max(end, start) };
    })
    .filter((s) => days.includes(s.day));
  const firstHour = Math.min(defaultHours.first, ...spans.map((s) => Math.floor(s.start / 60)));
  const lastHour = Math.max(defaultHours.last, ...spans.map((s) => Math.ceil(s.end / 60)));
  const columns = days.map((day) => {
    const mine = spans.filter((s) => s.day === day).sort((a, b) => a.start - b.start || a.end - b.end);
    const placed: PlacedItem<T>[] = [];
    // Groups of items that overlap one another, each item in the first lane free at its start.
    let group: PlacedItem<T>[] = [];
    let laneEnds: number[] = [];
    let groupEnd = -1;
    const closeGroup = () => {
      for (const p of group) p.lanes = laneEnds.length;
      placed.push(...group);
      group = [];
      laneEnds = [];
    };
    for (const s of mine) {
      if (s.start >= groupEnd) closeGroup();
      let lane = laneEnds.findIndex((endOfLane) => endOfLane <= s.start);
      if (lane === -1) {
        lane = laneEnds.length;
        laneEnds.push(s.end);
      } else laneEnds[lane] = s.end;
      group.push({ item: s.item, top: s.start - firstHour * 60, height: s.end - s.start, lane, lanes: 1 });
      groupEnd = Math.max(groupEnd, s.end);
    }
    closeGroup();
    return { day, placed };
  });
  return { firstHour, lastHour, columns };
}

/**
 * Where the grid's line for now goes: the column of today (in the zone) and the minutes from the
 * grid's first hour; null when today is not one of the columns or now is outside the grid's hours.
 */
export function nowMarker(layout: Pick<WeekLayout<unknown>, 'firstHour' | 'lastHour' | 'columns'>, now: Date, timeZone: string): { column: number; top: number } | null {
  const column = layout.columns.findIndex((c) => c.day === localDate(now, timeZone));
  const minutes = wallMinutes(now.toISOString(), timeZone);
  if (column === -1 || minutes < layout.firstHour * 60 || minutes > layout.lastHour * 60) return null;
  return { column, top: minutes - layout.firstHour * 60 };
}
