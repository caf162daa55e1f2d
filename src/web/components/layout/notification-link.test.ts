import { describe, expect, it } from 'vitest';
import { notificationLink } from './notification-link';

describe('notificationLink', () => {
  const booked = { kind: 'appointment_booked', data: { patient: 'Ana', startsAt: '2026-12-01T22:30:00.000Z', timeZone: 'Australia/Sydney' } } as const;

  it('opens the practice calendar on the appointment’s day in the viewer’s zone', () => {
    expect(notificationLink(booked, true, 'Australia/Sydney')).toBe('/provider/appointments?view=day&date=2026-12-02');
    expect(notificationLink(booked, true, 'America/New_York')).toBe('/provider/appointments?view=day&date=2026-12-01');
    expect(notificationLink({ ...booked, kind: 'appointment_cancelled' }, true, 'UTC')).toBe('/provider/appointments?view=day&date=2026-12-01');
  });

  it('keeps an older notice without a start (or with an unreadable one) on the calendar, and the patient on their appointments', () => {
    expect(notificationLink({ kind: 'appointment_booked', data: {} }, true, 'UTC')).toBe('/provider/appointments');
    expect(notificationLink({ kind: 'appointment_booked', data: { startsAt: 'soon' } }, true, 'UTC')).toBe('/provider/appointments');
    expect(notificationLink(booked, false, 'UTC')).toBe('/appointments');
  });
});
