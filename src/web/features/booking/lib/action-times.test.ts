import { describe, expect, it } from 'vitest';
import { nextActionChange } from './action-times';

describe('nextActionChange', () => {
  const now = Date.parse('2026-12-01T09:00:00Z');

  it('is the start of a visit that check-in is already open for', () => {
    expect(nextActionChange([{ startsAt: '2026-12-01T09:30:00Z', status: 'booked' }], now)).toBe(Date.parse('2026-12-01T09:30:00Z'));
  });

  it('is when check-in opens, an hour before a later start, the earliest of several', () => {
    const list = [
      { startsAt: '2026-12-01T14:00:00Z', status: 'confirmed' },
      { startsAt: '2026-12-01T11:00:00Z', status: 'booked' },
    ];
    expect(nextActionChange(list, now)).toBe(Date.parse('2026-12-01T10:00:00Z'));
  });

  it('ignores closed visits and moments already past', () => {
    const list = [
      { startsAt: '2026-12-01T09:30:00Z', status: 'cancelled' },
      { startsAt: '2026-12-01T08:00:00Z', status: 'booked' },
    ];
    expect(nextActionChange(list, now)).toBeNull();
  });
});
