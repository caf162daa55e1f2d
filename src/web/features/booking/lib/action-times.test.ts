import { describe, expect, it } from 'vitest';
import { nextActionChange, nextPatientChange } from './action-times';

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

describe('nextPatientChange', () => {
  const now = Date.parse('2026-12-01T09:00:00Z');
  const visit = (startsAt: string, endsAt: string, status = 'booked', cancellationWindowHours = 24) => ({ startsAt, endsAt, status, cancellationWindowHours });

  it('is when the cancellation window starts, before the visit ends', () => {
    expect(nextPatientChange([visit('2026-12-02T15:00:00Z', '2026-12-02T15:30:00Z')], now)).toBe(Date.parse('2026-12-01T15:00:00Z'));
  });

  it('is the end of a visit whose window has started, and takes each visit’s own window', () => {
    expect(nextPatientChange([visit('2026-12-01T12:00:00Z', '2026-12-01T12:30:00Z')], now)).toBe(Date.parse('2026-12-01T12:30:00Z'));
    expect(nextPatientChange([visit('2026-12-01T14:00:00Z', '2026-12-01T14:30:00Z', 'confirmed', 2)], now)).toBe(Date.parse('2026-12-01T12:00:00Z'));
  });

  it('a checked-in visit changes only when it ends; closed visits and past moments count for nothing', () => {
    const list = [
      visit('2026-12-01T09:10:00Z', '2026-12-01T09:40:00Z', 'checked_in', 0),
      visit('2026-12-03T09:00:00Z', '2026-12-03T09:30:00Z', 'cancelled'),
      visit('2026-12-01T08:00:00Z', '2026-12-01T08:30:00Z', 'completed'),
    ];
    expect(nextPatientChange(list, now)).toBe(Date.parse('2026-12-01T09:40:00Z'));
    expect(nextPatientChange(list.slice(1), now)).toBeNull();
  });
});
