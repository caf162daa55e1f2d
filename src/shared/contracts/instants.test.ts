import { describe, expect, it } from 'vitest';
import { CalendarDateSchema, InstantSchema } from './instants';

describe('CalendarDateSchema', () => {
  it('takes days that exist from 1900 to 2199', () => {
    for (const day of ['1900-01-01', '2024-02-29', '2026-11-27', '2199-12-31']) expect(CalendarDateSchema.safeParse(day).success, day).toBe(true);
  });

  it('refuses days that do not exist, other spellings and days outside the bounds', () => {
    for (const day of ['2023-02-29', '2024-02-30', '2024-13-01', '2024-00-10', '2024-1-5', '20240105', '2024-01-05T00:00:00Z', '1899-12-31', '2200-01-01', '9999-12-31', '0000-01-01', '']) {
      expect(CalendarDateSchema.safeParse(day).success, day).toBe(false);
    }
  });
});

describe('InstantSchema', () => {
  it('takes instants with an offset from 1900 up to 2200, and nothing outside', () => {
    expect(InstantSchema.safeParse('1900-01-01T00:00:00Z').success).toBe(true);
    expect(InstantSchema.safeParse('2199-12-31T23:59:59+14:00').success).toBe(true);
    for (const instant of ['1899-12-31T23:59:59Z', '2200-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-11-27T10:00:00', '2026-11-27']) {
      expect(InstantSchema.safeParse(instant).success, instant).toBe(false);
    }
  });
});
