import type { Notification } from '~/shared/contracts/notifications';
import { localDate } from '~/web/lib/dates';

const PRACTICE_APPOINTMENT_KINDS: readonly string[] = ['appointment_booked', 'appointment_rescheduled', 'appointment_cancelled'];

/**
 * Where a notification leads: the booking page for an offer, the review list for a profile waiting
 * for review, the provider's own profile for the review's decision; for the practice, a booking,
 * move or cancellation opens the calendar's day view of the appointment's day in the viewer's time
 * zone (`timeZone`, as the calendar shows it), or the calendar when an older notice has no start;
 * else the reader's appointments.
 */
export function notificationLink(n: Pick<Notification, 'kind' | 'data'>, practice: boolean, timeZone: string): string {
  if (n.kind === 'waitlist_offer' && n.data.link) return n.data.link;
  if (n.kind === 'provider_submitted' || n.kind === 'provider_resubmitted') return '/admin/providers';
  if (n.kind === 'provider_verified' || n.kind === 'provider_rejected') return '/provider/profile';
  if (!practice || !PRACTICE_APPOINTMENT_KINDS.includes(n.kind)) return '/appointments';
  const start = n.data.startsAt ? new Date(n.data.startsAt) : null;
  if (!start || Number.isNaN(start.getTime())) return '/provider/appointments';
  return `/provider/appointments?view=day&date=${localDate(start, timeZone)}`;
}
