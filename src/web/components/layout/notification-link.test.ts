import { describe, expect, it } from 'vitest';
import { notificationLink, notificationMessageKey } from './notification-link';

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

describe('notificationMessageKey', () => {
  it('tells a change by who made it, and an older notice (no `by`) as its kind', () => {
    expect(notificationMessageKey({ kind: 'appointment_booked', data: { by: 'practice' } })).toBe('notifications.kinds.appointment_booked_byPractice');
    expect(notificationMessageKey({ kind: 'appointment_booked', data: { by: 'patient' } })).toBe('notifications.kinds.appointment_booked');
    expect(notificationMessageKey({ kind: 'appointment_cancelled', data: { by: 'patient' } })).toBe('notifications.kinds.appointment_cancelled_byPatient');
    expect(notificationMessageKey({ kind: 'appointment_cancelled', data: { by: 'practice' } })).toBe('notifications.kinds.appointment_cancelled_byPractice');
    expect(notificationMessageKey({ kind: 'appointment_rescheduled', data: { by: 'practice' } })).toBe('notifications.kinds.appointment_rescheduled_byPractice');
    expect(notificationMessageKey({ kind: 'appointment_cancelled', data: {} })).toBe('notifications.kinds.appointment_cancelled');
    expect(notificationMessageKey({ kind: 'appointment_reminder', data: { by: 'system' } })).toBe('notifications.kinds.appointment_reminder');
    expect(notificationMessageKey({ kind: 'appointment_cancelled', data: { by: 'constructor' } })).toBe('notifications.kinds.appointment_cancelled');
    expect(notificationMessageKey({ kind: 'waitlist_offer', data: { by: 'constructor' } })).toBe('notifications.kinds.waitlist_offer');
  });
});
