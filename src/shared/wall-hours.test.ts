import { describe, expect, it } from 'vitest';
import { HoursSchema } from './contracts/practice';
import { breaksOutsideHours, hoursProblems } from './wall-hours';

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
