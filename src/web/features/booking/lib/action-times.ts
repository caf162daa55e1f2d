import { CHECK_IN_OPENS_MINUTES } from '~/shared/appointments';

const MINUTE_MS = 60_000;

/**
 * When the actions the server offers on these appointments next change by the clock alone:
 * check-in opens (60 min before the start), confirming closes and completing or marking a no-show
 * opens (the start). The earliest such moment after `now`, or null when there is none.
 */
export function nextActionChange(appointments: readonly { startsAt: string; status: string }[], now: number): number | null {
  let next: number | null = null;
  for (const a of appointments) {
    if (a.status !== 'booked' && a.status !== 'confirmed' && a.status !== 'checked_in') continue;
    const start = Date.parse(a.startsAt);
    for (const moment of [start - CHECK_IN_OPENS_MINUTES * MINUTE_MS, start]) {
      if (moment > now && (next === null || moment < next)) next = moment;
    }
  }
  return next;
}

/**
 * When a patient's own list next changes by the clock alone: their cancellation window starts
 * (Cancel and Reschedule go, the card says how to reach the practice instead) and a visit ends
 * (it moves from upcoming to past). The earliest such moment after `now`, or null when there is none.
 */
export function nextPatientChange(
  appointments: readonly { startsAt: string; endsAt: string; status: string; cancellationWindowHours: number }[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const a of appointments) {
    if (a.status !== 'booked' && a.status !== 'confirmed' && a.status !== 'checked_in') continue;
    const moments = [Date.parse(a.endsAt)];
    if (a.status !== 'checked_in') moments.push(Date.parse(a.startsAt) - a.cancellationWindowHours * 60 * MINUTE_MS);
    for (const moment of moments) {
      if (moment > now && (next === null || moment < next)) next = moment;
    }
  }
  return next;
}
