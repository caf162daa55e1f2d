import { appointmentEmails, notifications } from '../../db/schema/booking.js';
import type { ServiceContext } from '../../platform/context.js';
import type { Queryable } from '../../platform/db/database.js';
import { telehealthVisitPath } from '../../../shared/calendar-links.js';
import { renderAppointmentEmail, videoVisitWords, type AppointmentEmailKind } from './appointment-emails.js';
import type { AppointmentRow } from './appointments.repo.js';
import { appointmentCalendarFile } from './calendar-file.js';
import { type AddressField, formatAddress, isRegionCode } from '../../../shared/regions.js';

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

/** A place's address as the patient's emails show it, in its region's order; '' for a video room. */
export function locationAddress(location: Partial<Record<AddressField, string | null>> & { kind: string; country: string }): string {
  if (location.kind !== 'practice') return '';
  return formatAddress(location, isRegionCode(location.country) ? location.country : 'US');
}

function isVideoVisit(row: AppointmentRow): boolean {
  return row.a.mode === 'telehealth';
}

/**
 * Where the patient goes, by the appointment's mode: an in-person visit's address; '' for a video
 * visit, even when its location is a practice (the provider may hold video visits from there).
 */
export function addressOf(row: AppointmentRow): string {
  return isVideoVisit(row) ? '' : locationAddress(row.location);
}

/** A video visit's page (absolute), where its patient joins it; null for an in-person visit. */
export function videoVisitUrl(row: AppointmentRow, origin: string): string | null {
  return isVideoVisit(row) ? `${origin}${telehealthVisitPath(row.a.id)}` : null;
}

/**
 * The appointment's calendar file as its patient receives it, its words in the reader's language:
 * a video visit's LOCATION and URL are its page (LOCATION says "Video visit: <link>") and its
 * DESCRIPTION has a line to join it; an in-person visit's LOCATION is the address.
 */
export function calendarFileOf(row: AppointmentRow, ctx: Pick<ServiceContext, 'config' | 'publicOrigin' | 'now'>, locale: string | null = null): string {
  const org = row.organisationName ?? '';
  const videoUrl = videoVisitUrl(row, ctx.publicOrigin);
  const video = videoUrl ? videoVisitWords(locale, videoUrl) : null;
  return appointmentCalendarFile({
    id: row.a.id,
    sequence: row.a.sequence,
    cancelled: row.a.status === 'cancelled',
    start: row.a.startsAt,
    end: row.a.endsAt,
    timeZone: row.a.timeZone,
    summary: `${row.service.name} — ${row.provider.displayName}`,
    description: [org, video?.join, row.a.reason].filter(Boolean).join('\n'),
    location: video?.location ?? (addressOf(row) || org),
    url: videoUrl ?? `${ctx.publicOrigin}/appointments`,
    organizer: { name: org || row.provider.displayName, email: fromAddress(ctx.config.MAIL_FROM) },
    attendee: { name: row.patient.name, email: row.patient.email },
    stamp: ctx.now(),
  });
}

/** The patient's email about an appointment, with its calendar file, in the reader's language and zone. */
export async function sendAppointmentEmail(
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
      mode: isVideoVisit(row) ? 'telehealth' : 'in_person',
      address: addressOf(row),
      // A cancelled visit is not joined.
      videoUrl: kind === 'cancelled' ? null : videoVisitUrl(row, ctx.publicOrigin),
      // A cancelled appointment's button books another time with the same provider.
      url: kind === 'cancelled' ? `${ctx.publicOrigin}/appointments/book/${row.a.providerId}` : `${ctx.publicOrigin}/appointments`,
      bookedBy: row.a.bookedBy === 'practice' ? 'practice' : 'patient',
      cancelledBy: (row.a.cancelledBy as 'patient' | 'practice' | null) ?? null,
      cancellationReason: row.a.cancellationReason,
      calendarFile: calendarFileOf(row, ctx, reader.locale),
    }),
  );
}

/** What the message is written from; `by` says who made the change, so each reader is told it their way. */
function notificationData(row: AppointmentRow, by: 'patient' | 'practice' | 'system'): Record<string, string> {
  return { provider: row.provider.displayName, patient: row.patient.name, service: row.service.name, startsAt: row.a.startsAt.toISOString(), timeZone: row.a.timeZone, by };
}

/**
 * The in-app notifications of a change: the other party hears of it; the patient also of the
 * practice's changes and of reminders.
 */
async function notifyInApp(q: Queryable, row: AppointmentRow, event: AppointmentEvent, by: 'patient' | 'practice' | 'system'): Promise<void> {
  const recipients = new Set<string>();
  if (by !== 'practice' && event !== 'reminder') recipients.add(row.provider.userId);
  if (by !== 'patient') recipients.add(row.a.patientId);
  if (recipients.size === 0) return;
  await q.insert(notifications).values([...recipients].map((userId) => ({ userId, kind: NOTIFICATION_OF[event], appointmentId: row.a.id, data: notificationData(row, by) })));
}

/**
 * In the transaction of a change, so the change and what it tells people commit together: the
 * in-app notifications, and the patient's email queued for the appointment-emails job
 * (platform/system/booking-jobs.ts), which sends it once, also after SMTP was down or the
 * process stopped. `row` is the appointment after the change; call `wake` once it committed.
 */
export async function recordAppointmentChange(
  tx: Queryable,
  row: AppointmentRow,
  event: Exclude<AppointmentEvent, 'reminder'>,
  by: 'patient' | 'practice',
  linkOrigin: string,
): Promise<void> {
  await notifyInApp(tx, row, event, by);
  const kind = EMAIL_OF[event];
  if (kind) await tx.insert(appointmentEmails).values({ appointmentId: row.a.id, kind, linkOrigin });
}

/**
 * In the reminder job's transaction that claims the appointments: each patient's in-app reminder,
 * and their reminder email queued for the appointment-emails job (sent once, retried while SMTP
 * is down, dropped if the appointment is cancelled, moved or over before it goes).
 */
export async function recordReminders(tx: Queryable, rows: AppointmentRow[], linkOrigin: string): Promise<void> {
  for (const row of rows) await notifyInApp(tx, row, 'reminder', 'system');
  if (rows.length > 0) await tx.insert(appointmentEmails).values(rows.map((row) => ({ appointmentId: row.a.id, kind: 'reminder', linkOrigin })));
}
