import { describe, expect, it } from 'vitest';
import { HoursSchema } from './contracts/practice';
import { breaksOutsideHours, hoursProblems, invalidRangeFields, newBreakRange, newOpeningRange } from './wall-hours';

const r = (weekday: number, start: string, end: string) => ({ weekday, start, end });

describe('hoursProblems', () => {
  it('finds nothing in valid hours, back to back ranges included, and an end of 24:00', () => {
    expect(hoursProblems([r(1, '08:00', '12:00'), r(1, '12:00', '17:00'), r(2, '18:00', '24:00')])).toEqual([]);
  });

  it('names the day of a range that ends before it starts, or at its start', () => {
    expect(hoursProblems([r(1, '18:00', '08:00'), r(3, '09:00', '09:00'), r(4, '24:00', '24:00')])).toEqual([
      { weekday: 1, kind: 'end-before-start' },
      { weekday: 3, kind: 'end-before-start' },
      { weekday: 4, kind: 'end-before-start' },
    ]);
  });

  it('names the day of overlapping ranges once, in any order; other days may use the same times', () => {
    expect(hoursProblems([r(1, '14:00', '17:00'), r(2, '08:00', '18:00'), r(1, '08:00', '18:00'), r(1, '16:00', '19:00')])).toEqual([{ weekday: 1, kind: 'overlap' }]);
  });

  it('agrees with the hours contract the server applies', () => {
    const sets = [[r(1, '08:00', '18:00'), r(1, '14:00', '17:00')], [r(0, '10:00', '09:00')], [r(5, '08:00', '12:00'), r(5, '13:00', '17:00')]];
    for (const weeklyHours of sets) {
      expect(HoursSchema.safeParse({ weeklyHours, breaks: [] }).success, JSON.stringify(weeklyHours)).toBe(hoursProblems(weeklyHours).length === 0);
    }
  });

  it('names the days with a break outside their opening hours (no hours that day, or past their end)', () => {
    const weekly = [r(1, '08:00', '12:00'), r(1, '13:00', '18:00'), r(2, '08:00', '18:00')];
    expect(breaksOutsideHours(weekly, [r(1, '12:00', '13:00'), r(2, '12:30', '13:30')])).toEqual([1]);
    expect(breaksOutsideHours(weekly, [r(2, '17:30', '18:30'), r(3, '12:00', '13:00'), r(2, '19:00', '20:00')])).toEqual([2, 3]);
    expect(breaksOutsideHours(weekly, [r(1, '10:00', '11:00'), r(2, '08:00', '18:00')])).toEqual([]);
    expect(HoursSchema.safeParse({ weeklyHours: weekly, breaks: [r(2, '19:00', '20:00')] }).success).toBe(false);
    expect(HoursSchema.safeParse({ weeklyHours: weekly, breaks: [r(2, '12:30', '13:30')] }).success).toBe(true);
  });
});

describe('a new range of a day', () => {
  it('opening hours: after the last ones with an hour between, up to midnight; else the first free time; morning on an empty day', () => {
    expect(newOpeningRange([])).toEqual({ start: '09:00', end: '12:00' });
    // Monday 08:00–18:00 ("Add hours" used to give 14:00–17:00, which overlaps).
    expect(newOpeningRange([r(1, '08:00', '18:00')])).toEqual({ start: '19:00', end: '22:00' });
    expect(newOpeningRange([r(1, '13:00', '17:00'), r(1, '08:00', '12:00')])).toEqual({ start: '18:00', end: '21:00' });
    expect(newOpeningRange([r(1, '08:00', '22:00')])).toEqual({ start: '23:00', end: '24:00' });
    expect(newOpeningRange([r(1, '08:00', '23:30')])).toEqual({ start: '23:30', end: '24:00' });
    expect(newOpeningRange([r(1, '08:00', '24:00')])).toEqual({ start: '00:00', end: '03:00' });
    expect(newOpeningRange([r(1, '00:00', '02:00'), r(1, '04:00', '24:00')])).toEqual({ start: '02:00', end: '04:00' });
    expect(newOpeningRange([r(1, '00:00', '24:00')])).toEqual({ start: '14:00', end: '17:00' });
  });

  it('opening hours it gives save as they are', () => {
    for (const day of [[r(1, '08:00', '18:00')], [r(1, '08:00', '12:00'), r(1, '13:00', '23:30')], [r(1, '00:00', '01:00'), r(1, '02:00', '24:00')]]) {
      const weeklyHours = [...day, { weekday: 1, ...newOpeningRange(day) }];
      expect(HoursSchema.safeParse({ weeklyHours, breaks: [] }).success, JSON.stringify(weeklyHours)).toBe(true);
    }
  });

  it('breaks: lunch when it is free, else the first free hour within the hours and clear of other breaks', () => {
    const hours = [r(1, '08:00', '18:00')];
    expect(newBreakRange(hours, [])).toEqual({ start: '12:00', end: '13:00' });
    expect(newBreakRange(hours, [r(1, '12:00', '13:00')])).toEqual({ start: '08:00', end: '09:00' });
    expect(newBreakRange(hours, [r(1, '08:00', '08:30'), r(1, '12:30', '13:30')])).toEqual({ start: '08:30', end: '09:30' });
    expect(newBreakRange([r(1, '13:00', '13:40')], [])).toEqual({ start: '13:00', end: '13:40' });
    expect(newBreakRange([], [])).toEqual({ start: '12:00', end: '13:00' });
    const breaks = [r(1, '12:00', '13:00'), { weekday: 1, ...newBreakRange(hours, [r(1, '12:00', '13:00')]) }];
    expect(HoursSchema.safeParse({ weeklyHours: hours, breaks }).success).toBe(true);
  });
});

describe('invalidRangeFields', () => {
  it('marks the end of a range that ends first, the start of one that overlaps the one before and the start of a break outside the hours', () => {
    expect([...invalidRangeFields([r(1, '08:00', '18:00'), r(1, '18:00', '06:00'), r(2, '09:00', '12:00')])]).toEqual([[1, 'end']]);
    expect([...invalidRangeFields([r(1, '14:00', '17:00'), r(2, '08:00', '18:00'), r(1, '08:00', '18:00')])]).toEqual([[0, 'start']]);
    const hours = [r(1, '08:00', '18:00')];
    expect([...invalidRangeFields([r(1, '12:00', '13:00'), r(1, '17:30', '18:30'), r(2, '12:00', '13:00')], hours)]).toEqual([
      [1, 'start'],
      [2, 'start'],
    ]);
    expect(invalidRangeFields([r(1, '12:00', '13:00')], hours).size).toBe(0);
  });
});
