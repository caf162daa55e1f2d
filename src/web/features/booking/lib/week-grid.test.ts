import { describe, expect, it } from 'vitest';
import { layoutWeek, nowMarker } from './week-grid';

const item = (id: string, startsAt: string, endsAt: string) => ({ id, startsAt, endsAt });
const week = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];

describe('layoutWeek', () => {
  it('puts each item in the column of its local day, from its wall-clock start, for as long as it lasts', () => {
    // 09:00-09:30 and 23:30-00:30 on Tuesday in Sydney (AEDT, +11).
    const layout = layoutWeek([item('a', '2026-11-30T22:00:00Z', '2026-11-30T22:30:00Z'), item('late', '2026-12-01T12:30:00Z', '2026-12-01T13:30:00Z')], week, 'Australia/Sydney');
    const tuesday = layout.columns.find((c) => c.day === '2026-12-01')!;
    expect(layout.columns.find((c) => c.day === '2026-12-02')!.placed).toEqual([]);
    // The grid runs from 08:00 and to midnight, for the late one, which stops at midnight.
    expect([layout.firstHour, layout.lastHour]).toEqual([8, 24]);
    expect(tuesday.placed.map((p) => [p.item.id, p.top, p.height, p.lane, p.lanes])).toEqual([
      ['a', 60, 30, 0, 1],
      ['late', 15 * 60 + 30, 30, 0, 1],
    ]);
    // Nothing on a day of the week: 08:00 to 18:00; an early one moves the first hour.
    expect(layoutWeek([], week, 'UTC')).toMatchObject({ firstHour: 8, lastHour: 18 });
    expect(layoutWeek([item('early', '2026-12-02T06:45:00Z', '2026-12-02T07:15:00Z')], week, 'UTC')).toMatchObject({ firstHour: 6, lastHour: 18 });
    // Items outside the days are left out.
    expect(layoutWeek([item('next week', '2026-12-08T10:00:00Z', '2026-12-08T11:00:00Z')], week, 'UTC').columns.every((c) => c.placed.length === 0)).toBe(true);
  });

  it('sets overlapping items side by side, each group of them with its own lanes; back to back is no overlap', () => {
    const layout = layoutWeek(
      [
        item('cancelled', '2026-12-03T10:00:00Z', '2026-12-03T10:30:00Z'),
        item('rebooked', '2026-12-03T10:00:00Z', '2026-12-03T10:30:00Z'),
        item('overlapping both', '2026-12-03T10:15:00Z', '2026-12-03T10:45:00Z'),
        item('after the first', '2026-12-03T10:30:00Z', '2026-12-03T11:00:00Z'),
        item('alone', '2026-12-03T14:00:00Z', '2026-12-03T15:00:00Z'),
        item('back to back', '2026-12-03T15:00:00Z', '2026-12-03T15:30:00Z'),
      ],
      week,
      'UTC',
    );
    const thursday = layout.columns.find((c) => c.day === '2026-12-03')!;
    expect(Object.fromEntries(thursday.placed.map((p) => [p.item.id, [p.lane, p.lanes]]))).toEqual({
      cancelled: [0, 3],
      rebooked: [1, 3],
      'overlapping both': [2, 3],
      // Lane 0 is free again at 10:30.
      'after the first': [0, 3],
      alone: [0, 1],
      'back to back': [0, 1],
    });
  });

  it('measures a visit on the night the clocks change by the time it takes, from its wall-clock start', () => {
    // Sydney, 5 April 2026: 03:00 AEDT becomes 02:00 AEST. 01:30 AEDT (14:30Z) for 2 hours ends at 02:30 AEST.
    const layout = layoutWeek([item('dst', '2026-04-04T14:30:00Z', '2026-04-04T16:30:00Z')], ['2026-04-05'], 'Australia/Sydney', { first: 0, last: 1 });
    expect(layout.columns[0]!.placed.map((p) => [p.top, p.height])).toEqual([[90, 120]]);
    expect(layout.lastHour).toBe(4);
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT. 03:30 EDT (07:30Z) is at 210 minutes on the wall clock.
    const spring = layoutWeek([item('ny', '2026-03-08T07:30:00Z', '2026-03-08T08:00:00Z')], ['2026-03-08'], 'America/New_York', { first: 0, last: 1 });
    expect(spring.columns[0]!.placed.map((p) => [p.top, p.height])).toEqual([[210, 30]]);
  });
});

describe('nowMarker', () => {
  const layout = layoutWeek([], week, 'Australia/Sydney');
  it("is in today's column (in the zone), at the wall clock's minutes from the grid's first hour", () => {
    // 2026-12-02 23:15 UTC is Thursday 3 December, 10:15 in Sydney (AEDT, +11).
    expect(nowMarker(layout, new Date('2026-12-02T23:15:00Z'), 'Australia/Sydney')).toEqual({ column: 3, top: 2 * 60 + 15 });
    // The same instant in New York is Wednesday 18:15: the grid's last hour, still shown.
    expect(nowMarker(layoutWeek([], week, 'America/New_York'), new Date('2026-12-02T23:00:00Z'), 'America/New_York')).toEqual({ column: 2, top: 10 * 60 });
  });
  it('is not shown outside the grid hours or on another week', () => {
    expect(nowMarker(layout, new Date('2026-12-02T19:59:00Z'), 'Australia/Sydney')).toBeNull(); // 06:59
    expect(nowMarker(layout, new Date('2026-12-03T07:01:00Z'), 'Australia/Sydney')).toBeNull(); // 18:01
    expect(nowMarker(layout, new Date('2026-12-09T23:15:00Z'), 'Australia/Sydney')).toBeNull();
  });
});
