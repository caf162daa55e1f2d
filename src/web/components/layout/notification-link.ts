import type { Notification, NotificationKind } from '~/shared/contracts/notifications';
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

/** The kinds told differently by who made the change, and how. */
const BY_VARIANTS = {
  appointment_booked: { practice: 'notifications.kinds.appointment_booked_byPractice' },
  appointment_rescheduled: { practice: 'notifications.kinds.appointment_rescheduled_byPractice' },
  appointment_cancelled: { practice: 'notifications.kinds.appointment_cancelled_byPractice', patient: 'notifications.kinds.appointment_cancelled_byPatient' },
} as const satisfies Partial<Record<NotificationKind, Partial<Record<'patient' | 'practice', string>>>>;

type VariantKey = { [K in keyof typeof BY_VARIANTS]: (typeof BY_VARIANTS)[K][keyof (typeof BY_VARIANTS)[K]] }[keyof typeof BY_VARIANTS];

/**
 * A notification's message key: a booking, move or cancellation is told by who made it ("Your
 * practice booked … for you" to the patient, "Demo Patient cancelled …" to the provider); an older
 * notice without `by`, or a change with no variant (a patient's own booking, told to the provider),
 * reads as its kind.
 */
export function notificationMessageKey(n: Pick<Notification, 'kind' | 'data'>): `notifications.kinds.${NotificationKind}` | VariantKey {
  const variants: Partial<Record<string, VariantKey>> | undefined = n.kind in BY_VARIANTS ? BY_VARIANTS[n.kind as keyof typeof BY_VARIANTS] : undefined;
  return (n.data.by && variants && Object.hasOwn(variants, n.data.by) ? variants[n.data.by] : undefined) ?? `notifications.kinds.${n.kind}`;
}
