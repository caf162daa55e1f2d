import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/auth.js';
import { notifications } from '../../db/schema/booking.js';
import type { ServiceContext } from '../../platform/context.js';
import { renderAppointmentEmail, type AppointmentEmailKind } from './appointment-emails.js';
import { findAppointment, type AppointmentRow } from './appointments.repo.js';
import { appointmentCalendarFile } from './calendar-file.js';
import { formatAddress, isRegionCode } from '../../../shared/regions.js';

export type AppointmentEvent = 'booked' | 'rescheduled' | 'cancelled' | 'confirmed' | 'reminder';
export type NotifyContext = Pick<ServiceContext, 'db' | 'mailer' | 'log' | 'config' | 'publicOrigin' | 'now'>;

const EMAIL_OF: Partial<Record<AppointmentEvent, AppointmentEmailKind>> = {
  booked: 'booked',
  rescheduled: 'rescheduled',
  cancelled: 'cancelled',
  reminder: 'reminder',
};

const NOTIFICATION_OF: Record<AppointmentEvent, string> = {
  booked: 'appointment_booked',
  rescheduled: 'appointment_rescheduled',
  cancelled: 'appointment_cancelled',
  confirmed: 'appointment_confirmed',
  reminder: 'appointment_reminder',
};

/** The mailbox address in MAIL_FROM ("Name <address>" or a bare address). */
function fromAddress(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
}

export function addressOf(row: AppointmentRow): string {
  if (row.location.kind !== 'practice') return '';
  return formatAddress(row.location, isRegionCode(row.location.country) ? row.location.country : 'US');
}

/** The appointment's calendar file as its patient receives it. */
export function calendarFileOf(row: AppointmentRow, ctx: Pick<ServiceContext, 'config' | 'publicOrigin' | 'now'>): string {
  const org = row.organisationName ?? '';
  return appointmentCalendarFile({
    id: row.a.id,
    sequence: row.a.sequence,
    cancelled: row.a.status === 'cancelled',
    start: row.a.startsAt,
    end: row.a.endsAt,
    timeZone: row.a.timeZone,
    summary: `${row.service.name} — ${row.provider.displayName}`,
    description: [org, row.a.reason].filter(Boolean).join('\n'),
    location: addressOf(row) || org,
    url: `${ctx.publicOrigin}/appointments`,
    organizer: { name: org || row.provider.displayName, email: fromAddress(ctx.config.MAIL_FROM) },
    attendee: { name: row.patient.name, email: row.patient.email },
    stamp: ctx.now(),
  });
}

/** The patient's email about an appointment, with its calendar file, in the reader's language and zone. */
async function sendAppointmentEmail(
  ctx: NotifyContext,
  row: AppointmentRow,
  kind: AppointmentEmailKind,
  reader: { locale: string | null; timeZone: string | null },
): Promise<void> {
  await ctx.mailer.send(
    renderAppointmentEmail(kind, {
      to: row.patient.email,
      name: row.patient.name,
      locale: reader.locale,
      readerTimeZone: reader.timeZone,
      provider: row.provider.displayName,
      service: row.service.name,
      organisation: row.organisationName ?? '',
      start: row.a.startsAt,
      end: row.a.endsAt,
      timeZone: row.a.timeZone,
      address: addressOf(row),
      url: `${ctx.publicOrigin}/appointments`,
      cancelledBy: (row.a.cancelledBy as 'patient' | 'practice' | null) ?? null,
      calendarFile: calendarFileOf(row, ctx),
    }),
  );
}

/**
 * Tells the people of an appointment what happened, after the change committed: the patient by
 * email (with the calendar file) and the other party in the header's notifications. Delivery
 * preferences (language, time zone) are the recipient's own account settings, read with the
 * platform's connection. A failure is logged and never undoes the change; the answer says
 * whether the email went (the reminder job tries again when it did not).
 */
export async function notifyAppointment(ctx: NotifyContext, appointmentId: string, event: AppointmentEvent, by: 'patient' | 'practice' | 'system'): Promise<boolean> {
  try {
    const row = await findAppointment(ctx.db, appointmentId);
    if (!row) return false;
    const [patient] = await ctx.db.select({ locale: users.locale, timeZone: users.timeZone }).from(users).where(eq(users.id, row.a.patientId));
    const data = { provider: row.provider.displayName, patient: row.patient.name, service: row.service.name, startsAt: row.a.startsAt.toISOString(), timeZone: row.a.timeZone };
    // The other party hears of it in the app; the patient also hears of the practice's changes and reminders.
    const recipients = new Set<string>();
    if (by !== 'practice' && event !== 'reminder') recipients.add(row.provider.userId);
    if (by !== 'patient') recipients.add(row.a.patientId);
    if (recipients.size > 0) {
      await ctx.db.insert(notifications).values([...recipients].map((userId) => ({ userId, kind: NOTIFICATION_OF[event], appointmentId, data })));
    }
    const kind = EMAIL_OF[event];
    if (!kind) return true;
    await sendAppointmentEmail(ctx, row, kind, { locale: patient?.locale ?? null, timeZone: patient?.timeZone ?? null });
    return true;
  } catch (error) {
    ctx.log.error({ err: error, appointmentId, event }, 'appointment notification failed');
    return false;
  }
}

const inFlight = new Set<Promise<unknown>>();

/**
 * Notifies after the answer: a booking does not wait for SMTP. The server waits for these on
 * shutdown ({@link drainNotifications}), so a clean stop loses none.
 */
export function notifyInBackground(ctx: NotifyContext, appointmentId: string, event: AppointmentEvent, by: 'patient' | 'practice'): void {
  const sending: Promise<unknown> = notifyAppointment(ctx, appointmentId, event, by).finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

/**
 * Only the patient's email, after the answer, for a change whose in-app notification was written
 * with it (a booking: book_appointment). The row is the one the answer was made from: no reads.
 */
export function emailInBackground(ctx: NotifyContext, row: AppointmentRow, kind: AppointmentEmailKind, reader: { locale: string | null; timeZone: string | null }): void {
  const sending: Promise<unknown> = sendAppointmentEmail(ctx, row, kind, reader)
    .catch((error: unknown) => ctx.log.error({ err: error, appointmentId: row.a.id, event: kind }, 'appointment email failed'))
    .finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

export async function drainNotifications(): Promise<void> {
  await Promise.allSettled([...inFlight]);
}
