/**
 * Appointment statuses and the only ways between them. The server decides every change with
 * `decideTransition`; the web app uses the same function to offer only the actions that will work
 * and to say why one will not.
 *
 *   booked ─confirm→ confirmed ─check_in→ checked_in ─complete→ completed
 *     ├─check_in→ checked_in                     (same window; never confirmed, and confirm closes at the start)
 *     │                 │
 *     ├─cancel──────────┴─cancel→ cancelled      (before the start; a patient only outside the
 *     │                 │                         practice's cancellation window)
 *     ├─mark_no_show────┴─mark_no_show→ no_show  (the practice, once the start has passed)
 *     └─complete→ completed                      (the practice, once the visit has ended: a patient
 *                                                  seen but not checked in, recorded afterwards)
 */
export const APPOINTMENT_STATUSES = ['booked', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Statuses that hold the provider's time (the database's no-overlap rule covers exactly these). */
export const ACTIVE_APPOINTMENT_STATUSES = ['booked', 'confirmed', 'checked_in', 'completed'] as const satisfies readonly AppointmentStatus[];
/** Statuses of an appointment still to happen or under way: its patient and provider are taken then. */
export const OPEN_APPOINTMENT_STATUSES = ['booked', 'confirmed', 'checked_in'] as const satisfies readonly AppointmentStatus[];
/** Whether a status (as an answer carries it, a string) is one of the open ones. */
export function isOpenAppointmentStatus(status: string): boolean {
  return (OPEN_APPOINTMENT_STATUSES as readonly string[]).includes(status);
}
export const FINAL_APPOINTMENT_STATUSES = ['completed', 'cancelled', 'no_show'] as const satisfies readonly AppointmentStatus[];

export const APPOINTMENT_ACTIONS = ['confirm', 'check_in', 'complete', 'cancel', 'mark_no_show'] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

/** Who asks: the patient, or the practice (the provider or their organisation's staff). */
export type AppointmentParty = 'patient' | 'practice';

/** Default hours before the start inside which a patient can no longer cancel or reschedule. */
export const DEFAULT_CANCELLATION_WINDOW_HOURS = 24;
/** How early before the start the practice may check a patient in. */
export const CHECK_IN_OPENS_MINUTES = 60;

export type TransitionRefusal =
  | 'appointment.invalid-transition'
  | 'appointment.not-allowed'
  | 'appointment.inside-cancellation-window'
  | 'appointment.already-started'
  | 'appointment.not-started'
  | 'appointment.check-in-not-open'
  | 'appointment.already-ended'
  | 'appointment.not-checked-in';

export type TransitionDecision = { ok: true; to: AppointmentStatus } | { ok: false; reason: TransitionRefusal };

interface Rule {
  from: readonly AppointmentStatus[];
  to: AppointmentStatus;
  by: readonly AppointmentParty[];
}

const RULES: Record<AppointmentAction, Rule> = {
  confirm: { from: ['booked'], to: 'confirmed', by: ['practice'] },
  // From `booked` too: most visits are never confirmed (a booking and a move start `booked`), and
  // `confirm` closes at the start, so without it a patient who arrives could not be checked in.
  check_in: { from: ['booked', 'confirmed'], to: 'checked_in', by: ['practice'] },
  // From `booked` and `confirmed` once the visit has ended, when check-in has closed: a practice
  // that saw the patient without checking them in records the visit afterwards, as attended.
  complete: { from: OPEN_APPOINTMENT_STATUSES, to: 'completed', by: ['practice'] },
  cancel: { from: ['booked', 'confirmed'], to: 'cancelled', by: ['patient', 'practice'] },
  mark_no_show: { from: ['booked', 'confirmed'], to: 'no_show', by: ['practice'] },
};

const MINUTE_MS = 60_000;

export interface TransitionInput {
  status: AppointmentStatus;
  action: AppointmentAction;
  by: AppointmentParty;
  startsAt: Date;
  endsAt: Date;
  now: Date;
  cancellationWindowHours: number;
}

/** Whether a patient may still cancel or move this appointment themselves. */
export function patientMayChange(input: { status: AppointmentStatus; startsAt: Date; now: Date; cancellationWindowHours: number }): TransitionDecision {
  if (input.status !== 'booked' && input.status !== 'confirmed') return { ok: false, reason: 'appointment.invalid-transition' };
  if (input.now.getTime() >= input.startsAt.getTime()) return { ok: false, reason: 'appointment.already-started' };
  if (input.startsAt.getTime() - input.now.getTime() < input.cancellationWindowHours * 60 * MINUTE_MS) {
    return { ok: false, reason: 'appointment.inside-cancellation-window' };
  }
  return { ok: true, to: input.status };
}

/** The status an action leads to, or why it is refused. */
export function decideTransition(input: TransitionInput): TransitionDecision {
  const rule = RULES[input.action];
  if (!rule.from.includes(input.status)) return { ok: false, reason: 'appointment.invalid-transition' };
  if (!rule.by.includes(input.by)) return { ok: false, reason: 'appointment.not-allowed' };
  const now = input.now.getTime();
  const start = input.startsAt.getTime();
  const end = input.endsAt.getTime();
  switch (input.action) {
    case 'cancel': {
      if (input.by === 'patient') {
        const change = patientMayChange(input);
        return change.ok ? { ok: true, to: rule.to } : change;
      }
      if (now >= start) return { ok: false, reason: 'appointment.already-started' };
      break;
    }
    case 'confirm':
      if (now >= start) return { ok: false, reason: 'appointment.already-started' };
      break;
    case 'check_in':
      if (now < start - CHECK_IN_OPENS_MINUTES * MINUTE_MS) return { ok: false, reason: 'appointment.check-in-not-open' };
      if (now >= end) return { ok: false, reason: 'appointment.already-ended' };
      break;
    case 'complete':
      if (now < start) return { ok: false, reason: 'appointment.not-started' };
      if (input.status !== 'checked_in' && now < end) return { ok: false, reason: 'appointment.not-checked-in' };
      break;
    case 'mark_no_show':
      if (now < start) return { ok: false, reason: 'appointment.not-started' };
      break;
  }
  return { ok: true, to: rule.to };
}

/** The actions a party could take now (for offering buttons; the server decides again). */
export function availableActions(input: Omit<TransitionInput, 'action'>): AppointmentAction[] {
  return APPOINTMENT_ACTIONS.filter((action) => decideTransition({ ...input, action }).ok);
}
