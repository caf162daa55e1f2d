import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_STATUSES,
  availableActions,
  decideTransition,
  patientMayChange,
  type AppointmentAction,
  type AppointmentParty,
  type AppointmentStatus,
} from './appointments.js';

const startsAt = new Date('2026-12-01T10:00:00Z');
const endsAt = new Date('2026-12-01T10:30:00Z');
const twoDaysBefore = new Date('2026-11-29T10:00:00Z');
const duringVisit = new Date('2026-12-01T10:10:00Z');
const afterVisit = new Date('2026-12-01T11:00:00Z');

/** Every status × action × party, with a time at which the timing rules allow the action. */
const ALLOWED: Record<AppointmentStatus, Partial<Record<AppointmentAction, { to: AppointmentStatus; by: AppointmentParty[]; at: Date }>>> = {
  booked: {
    confirm: { to: 'confirmed', by: ['practice'], at: twoDaysBefore },
    check_in: { to: 'checked_in', by: ['practice'], at: duringVisit },
    cancel: { to: 'cancelled', by: ['patient', 'practice'], at: twoDaysBefore },
    mark_no_show: { to: 'no_show', by: ['practice'], at: duringVisit },
    complete: { to: 'completed', by: ['practice'], at: afterVisit },
  },
  confirmed: {
    check_in: { to: 'checked_in', by: ['practice'], at: duringVisit },
    cancel: { to: 'cancelled', by: ['patient', 'practice'], at: twoDaysBefore },
    mark_no_show: { to: 'no_show', by: ['practice'], at: duringVisit },
    complete: { to: 'completed', by: ['practice'], at: afterVisit },
  },
  checked_in: { complete: { to: 'completed', by: ['practice'], at: duringVisit } },
  completed: {},
  cancelled: {},
  no_show: {},
};

const decide = (status: AppointmentStatus, action: AppointmentAction, by: AppointmentParty, now: Date, cancellationWindowHours = 24) =>
  decideTransition({ status, action, by, startsAt, endsAt, now, cancellationWindowHours });

describe('appointment status transitions', () => {
  for (const status of APPOINTMENT_STATUSES) {
    for (const action of APPOINTMENT_ACTIONS) {
      for (const by of ['patient', 'practice'] as const) {
        const allowed = ALLOWED[status][action];
        if (allowed?.by.includes(by)) {
          it(`${by} may ${action} a ${status} appointment → ${allowed.to}`, () => {
            expect(decide(status, action, by, allowed.at)).toEqual({ ok: true, to: allowed.to });
          });
        } else {
          it(`${by} may not ${action} a ${status} appointment`, () => {
            for (const now of [twoDaysBefore, duringVisit]) {
              const decision = decide(status, action, by, now);
              expect(decision.ok).toBe(false);
              expect(decision).toMatchObject({ reason: allowed ? 'appointment.not-allowed' : 'appointment.invalid-transition' });
            }
          });
        }
      }
    }
  }
});

describe('appointment timing', () => {
  it('lets a patient cancel only outside the cancellation window, and the practice until the start', () => {
    const inWindow = new Date('2026-12-01T00:00:00Z'); // 10 hours before
    expect(decide('booked', 'cancel', 'patient', inWindow)).toEqual({ ok: false, reason: 'appointment.inside-cancellation-window' });
    expect(decide('booked', 'cancel', 'patient', inWindow, 6)).toEqual({ ok: true, to: 'cancelled' });
    expect(decide('booked', 'cancel', 'practice', inWindow)).toEqual({ ok: true, to: 'cancelled' });
    expect(decide('confirmed', 'cancel', 'practice', duringVisit)).toEqual({ ok: false, reason: 'appointment.already-started' });
    expect(decide('confirmed', 'cancel', 'patient', duringVisit)).toEqual({ ok: false, reason: 'appointment.already-started' });
  });

  it('opens check-in an hour before the start and closes it at the end, whether or not the visit was confirmed', () => {
    for (const status of ['booked', 'confirmed'] as const) {
      expect(decide(status, 'check_in', 'practice', new Date('2026-12-01T08:59:00Z'))).toEqual({ ok: false, reason: 'appointment.check-in-not-open' });
      expect(decide(status, 'check_in', 'practice', new Date('2026-12-01T09:00:00Z'))).toEqual({ ok: true, to: 'checked_in' });
      expect(decide(status, 'check_in', 'practice', new Date('2026-12-01T10:29:59Z'))).toEqual({ ok: true, to: 'checked_in' });
      expect(decide(status, 'check_in', 'practice', endsAt)).toEqual({ ok: false, reason: 'appointment.already-ended' });
      expect(decide(status, 'check_in', 'patient', duringVisit)).toEqual({ ok: false, reason: 'appointment.not-allowed' });
    }
  });

  it('takes a booked appointment nobody confirmed through check-in to completion once confirming has closed', () => {
    expect(decide('booked', 'confirm', 'practice', duringVisit)).toEqual({ ok: false, reason: 'appointment.already-started' });
    expect(decide('booked', 'check_in', 'practice', duringVisit)).toEqual({ ok: true, to: 'checked_in' });
    expect(decide('checked_in', 'complete', 'practice', duringVisit)).toEqual({ ok: true, to: 'completed' });
  });

  it('marks a no-show or a completion only once the appointment has started', () => {
    expect(decide('confirmed', 'mark_no_show', 'practice', twoDaysBefore)).toEqual({ ok: false, reason: 'appointment.not-started' });
    expect(decide('checked_in', 'complete', 'practice', new Date('2026-12-01T09:30:00Z'))).toEqual({ ok: false, reason: 'appointment.not-started' });
    expect(decide('booked', 'confirm', 'practice', duringVisit)).toEqual({ ok: false, reason: 'appointment.already-started' });
  });

  it('completes a visit nobody checked in only once it has ended (recorded afterwards), and a checked-in one from its start', () => {
    for (const status of ['booked', 'confirmed'] as const) {
      expect(decide(status, 'complete', 'practice', twoDaysBefore)).toEqual({ ok: false, reason: 'appointment.not-started' });
      expect(decide(status, 'complete', 'practice', duringVisit)).toEqual({ ok: false, reason: 'appointment.not-checked-in' });
      expect(decide(status, 'complete', 'practice', new Date(endsAt.getTime() - 1))).toEqual({ ok: false, reason: 'appointment.not-checked-in' });
      expect(decide(status, 'complete', 'practice', endsAt)).toEqual({ ok: true, to: 'completed' });
      expect(decide(status, 'complete', 'patient', afterVisit)).toEqual({ ok: false, reason: 'appointment.not-allowed' });
    }
    expect(decide('checked_in', 'complete', 'practice', duringVisit)).toEqual({ ok: true, to: 'completed' });
    expect(decide('checked_in', 'complete', 'practice', afterVisit)).toEqual({ ok: true, to: 'completed' });
  });

  it('tells a patient whether they may still change the appointment themselves', () => {
    expect(patientMayChange({ status: 'confirmed', startsAt, now: twoDaysBefore, cancellationWindowHours: 24 }).ok).toBe(true);
    expect(patientMayChange({ status: 'confirmed', startsAt, now: new Date('2026-11-30T10:00:01Z'), cancellationWindowHours: 24 })).toEqual({
      ok: false,
      reason: 'appointment.inside-cancellation-window',
    });
    expect(patientMayChange({ status: 'completed', startsAt, now: twoDaysBefore, cancellationWindowHours: 24 }).ok).toBe(false);
  });

  it('offers each party only the actions that would work now', () => {
    const base = { startsAt, endsAt, cancellationWindowHours: 24 };
    expect(availableActions({ ...base, status: 'booked', by: 'patient', now: twoDaysBefore })).toEqual(['cancel']);
    expect(availableActions({ ...base, status: 'booked', by: 'practice', now: twoDaysBefore })).toEqual(['confirm', 'cancel']);
    expect(availableActions({ ...base, status: 'booked', by: 'practice', now: new Date('2026-12-01T09:30:00Z') })).toEqual(['confirm', 'check_in', 'cancel']);
    expect(availableActions({ ...base, status: 'booked', by: 'practice', now: duringVisit })).toEqual(['check_in', 'mark_no_show']);
    expect(availableActions({ ...base, status: 'booked', by: 'patient', now: duringVisit })).toEqual([]);
    expect(availableActions({ ...base, status: 'confirmed', by: 'practice', now: duringVisit })).toEqual(['check_in', 'mark_no_show']);
    // After the end, check-in has closed: the visit is recorded as completed, or as missed.
    expect(availableActions({ ...base, status: 'confirmed', by: 'practice', now: afterVisit })).toEqual(['complete', 'mark_no_show']);
    expect(availableActions({ ...base, status: 'booked', by: 'practice', now: afterVisit })).toEqual(['complete', 'mark_no_show']);
    expect(availableActions({ ...base, status: 'completed', by: 'practice', now: duringVisit })).toEqual([]);
  });
});
