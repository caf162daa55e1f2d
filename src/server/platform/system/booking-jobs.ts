import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WAITLIST_HOLD_HOURS } from '../../../shared/contracts/appointments.js';
import type { Config } from '../../config/env.js';
import { users } from '../../db/schema/auth.js';
import { appointmentEmails, appointments, notifications, waitlistEntries } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { renderAppointmentEmail, type AppointmentEmailVars } from '../../features/booking/appointment-emails.js';
import { loadBookingTarget } from '../../features/booking/availability.js';
import type { AppointmentEmailKind } from '../../features/booking/appointment-emails.js';
import { appointmentQuery } from '../../features/booking/appointments.repo.js';
import { locationAddress, recordReminders, sendAppointmentEmail } from '../../features/booking/notify.js';
import { freeOnDate } from '../../features/booking/waitlist.service.js';
import { queryRows, type Database } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { createPeriodicJob, type PeriodicJob } from './periodic-job.js';

/**
 * System module (cross-tenant): the booking jobs. Both keep their state in the database, so a
 * restart loses nothing, and both are safe with several server processes.
 *
 * - Reminders: an appointment starting within 24 hours, booked more than 24 hours before its
 *   start, gets one reminder. A run claims due appointments by setting reminder_sent_at in one
 *   UPDATE over rows locked with SKIP LOCKED, so no two processes claim the same one, and in the
 *   same transaction writes the in-app reminders and queues the emails (below).
 * - Appointment emails: the patient's email about a booking, move, cancellation, reminder or
 *   waitlist offer, queued in appointment_emails by the transaction that decided it. A run claims due rows (SKIP LOCKED, with
 *   a claim deadline after which another process may take a row whose process died), renders
 *   each from the appointment as it is now and sends it; a failed send is tried again after
 *   30 s, 1, 2, 4 … minutes (at most an hour apart), and given up after
 *   APPOINTMENT_EMAIL_MAX_ATTEMPTS tries (logged as an error). The request that queued a row
 *   kicks the job after its commit, so the email normally leaves at once.
 * - Waitlist: offers that ran out expire; then, for each day someone waits for, the first free
 *   time is held for the first person waiting (two hours), and the offer's in-app notification
 *   and email (through the same outbox, superseded if the offer ended before it went) are written
 *   in that transaction. One process at a time does this (advisory lock), so an offer is made
 *   once and in order.
 */
export const REMINDER_HOURS_BEFORE = 24;
const REMINDER_BATCH = 100;
const WAITLIST_LOCK_KEY = 727_004;

export interface BookingJobDeps {
  db: Database;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Where links in emails point (PUBLIC_URL, else the address the server listens on). */
  origin: () => string;
  /** Emails were just queued by a job (the waitlist's offers): the appointment-emails job should run. */
  wake?: () => void;
}

export type ReminderResult = { status: 'sent'; count: number } | { status: 'not-ready' };

async function ready(db: Database, table: string): Promise<boolean> {
  const [row] = await queryRows<{ ready: boolean }>(db, sql`select to_regclass(${`public.${table}`}) is not null as ready`);
  return Boolean(row?.ready);
}

export async function sendDueReminders(deps: BookingJobDeps): Promise<ReminderResult> {
  if (!(await ready(deps.db, 'appointment_emails'))) return { status: 'not-ready' };
  const now = deps.now();
  const origin = deps.origin();
  // Claiming, the in-app reminders and the queued emails commit together: a reminder is recorded
  // once, and its email is sent by the appointment-emails job however long SMTP is down.
  const count = await deps.db.transaction(async (tx) => {
    const claimed = await queryRows<{ id: string }>(
      tx,
      // reminder_sent_at is the transaction's time, which is also the queued email's created_at:
      // that is how the email knows it is still the appointment's current reminder.
      sql`update appointments set reminder_sent_at = now()
          where id in (
            select id from appointments
            where status in ('booked', 'confirmed') and reminder_sent_at is null
              and starts_at > ${now.toISOString()}::timestamptz
              and starts_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${REMINDER_HOURS_BEFORE})
              and created_at <= starts_at - make_interval(hours => ${REMINDER_HOURS_BEFORE})
            order by starts_at limit ${REMINDER_BATCH} for update skip locked)
          returning id`,
    );
    if (claimed.length === 0) return 0;
    const rows = await appointmentQuery(tx).where(inArray(appointments.id, claimed.map((c) => c.id)));
    await recordReminders(tx, rows, origin);
    return rows.length;
  });
  if (count > 0) deps.wake?.();
  return { status: 'sent', count };
}

/** With the pauses below, about seven hours of trying. */
export const APPOINTMENT_EMAIL_MAX_ATTEMPTS = 14;
const APPOINTMENT_EMAIL_BATCH = 50;
/** How long a claim holds: far longer than sending a batch takes. */
const APPOINTMENT_EMAIL_CLAIM_SECONDS = 300;

/** The pause before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, … at most 1 h. */
export function appointmentEmailRetryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3_600);
}

/** `more`: the run stopped at its batch limit with its last batch full, so more may be due. */
export type AppointmentEmailResult = { status: 'done'; sent: number; superseded: number; retrying: number; failed: number; more: boolean } | { status: 'not-ready' };

type Outcome = { id: string; outcome: 'sent' | 'superseded' | 'failed' | 'retry'; error?: string; delaySeconds?: number };
type QueuedEmail = {
  id: string;
  /** Set for the appointment kinds. */
  appointment_id: string | null;
  /** Set for a waitlist offer. */
  waitlist_entry_id: string | null;
  kind: AppointmentEmailKind;
  link_origin: string;
  attempts: number;
  created_at: string | Date;
  /** A reminder that is still its appointment's current one (its claim's time is this row's). */
  current_reminder: boolean;
  /** The patient's language and zone, which their email is written in (read with the claim). */
  reader: { locale: string | null; timeZone: string | null } | null;
};

/** Batches one run takes at most; a run that stops there with work left starts the next at once. */
const APPOINTMENT_EMAIL_MAX_BATCHES_PER_RUN = 20;
/** Emails of different appointments in flight at once: the SMTP pool's connections (platform/mail/mailer.ts). */
const APPOINTMENT_EMAIL_CONCURRENCY = 10;

/**
 * Sends the queued appointment emails that are due, batch after batch while batches come full.
 * The queue's times are the database's clock (now()), the one clock every process shares.
 */
export async function sendQueuedAppointmentEmails(
  deps: BookingJobDeps,
  limits: { batch: number; batchesPerRun: number } = { batch: APPOINTMENT_EMAIL_BATCH, batchesPerRun: APPOINTMENT_EMAIL_MAX_BATCHES_PER_RUN },
): Promise<AppointmentEmailResult> {
  if (!(await ready(deps.db, 'appointment_emails'))) return { status: 'not-ready' };
  const totals = { status: 'done' as const, sent: 0, superseded: 0, retrying: 0, failed: 0, more: false };
  for (let batch = 0; batch < limits.batchesPerRun; batch++) {
    const claimed = await claimAppointmentEmails(deps.db, limits.batch);
    const outcomes = await sendAppointmentEmails(deps, claimed);
    if (outcomes.length > 0) await recordOutcomes(deps.db, outcomes);
    for (const o of outcomes) {
      if (o.outcome === 'retry') totals.retrying++;
      else totals[o.outcome]++;
    }
    totals.more = claimed.length === limits.batch;
    if (!totals.more) break;
  }
  return totals;
}

function claimAppointmentEmails(db: Database, batch: number): Promise<QueuedEmail[]> {
  return queryRows<QueuedEmail>(
    db,
    sql`update appointment_emails set claimed_until = now() + make_interval(secs => ${APPOINTMENT_EMAIL_CLAIM_SECONDS}), attempts = attempts + 1
        where id in (
          select id from appointment_emails
          where outcome is null and next_attempt_at <= now() and (claimed_until is null or claimed_until <= now())
          order by created_at limit ${batch} for update skip locked)
        returning id, appointment_id, waitlist_entry_id, kind, link_origin, attempts, created_at,
          (kind = 'reminder' and exists (select 1 from appointments a
            where a.id = appointment_emails.appointment_id and a.reminder_sent_at = appointment_emails.created_at)) as current_reminder,
          (select jsonb_build_object('locale', u.locale, 'timeZone', u.time_zone) from appointments a
            join users u on u.id = a.patient_id where a.id = appointment_emails.appointment_id) as reader`,
  );
}

/**
 * Renders each claimed email from its appointment (or waitlist offer) as it is now (a few reads
 * for the whole batch) and sends it. One appointment's emails go one after another in the order
 * of its changes, so a booking's email goes before its move's; different appointments' go side
 * by side.
 */
async function sendAppointmentEmails(deps: BookingJobDeps, claimed: QueuedEmail[]): Promise<Outcome[]> {
  if (claimed.length === 0) return [];
  const appointmentIds = [...new Set(claimed.flatMap((j) => (j.appointment_id ? [j.appointment_id] : [])))];
  const rows = new Map(
    appointmentIds.length === 0 ? [] : (await appointmentQuery(deps.db).where(inArray(appointments.id, appointmentIds))).map((r) => [r.a.id, r]),
  );
  const offers = await loadOffers(deps, claimed);
  const bySubject = new Map<string, QueuedEmail[]>();
  for (const job of [...claimed].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())) {
    const subject = job.appointment_id ?? `offer:${job.waitlist_entry_id}`;
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), job]);
  }
  const outcomes: Outcome[] = [];
  const deliver = async (job: QueuedEmail): Promise<Outcome['outcome'] | 'superseded'> => {
    if (job.kind === 'waitlist-offer') {
      const offer = job.waitlist_entry_id ? offers.get(job.waitlist_entry_id) : undefined;
      // Taken up, left or run out before the email went: the time is not held any more.
      if (!offer || offer.status !== 'offered' || offer.expiresAt.getTime() <= deps.now().getTime()) return 'superseded';
      await deps.mailer.send(renderAppointmentEmail('waitlist-offer', { ...offer.email, url: offerLink(job.link_origin, offer).toString() }));
      return 'sent';
    }
    const row = job.appointment_id ? rows.get(job.appointment_id) : undefined;
    // A cancelled appointment's booked or moved email would announce a time that is not kept:
    // its cancellation email says what holds.
    if (!row || (job.kind !== 'cancelled' && row.a.status === 'cancelled')) return 'superseded';
    // A reminder is for a time still ahead, and only the appointment's current one goes: a move
    // clears reminder_sent_at, and the new time gets its own reminder (a newer row) when it is due.
    if (job.kind === 'reminder' && (!['booked', 'confirmed'].includes(row.a.status) || !job.current_reminder || row.a.startsAt.getTime() <= deps.now().getTime())) {
      return 'superseded';
    }
    const ctx = { db: deps.db, mailer: deps.mailer, log: deps.log, config: deps.config, publicOrigin: job.link_origin, now: deps.now };
    await sendAppointmentEmail(ctx, row, job.kind, { locale: job.reader?.locale ?? null, timeZone: job.reader?.timeZone ?? null });
    return 'sent';
  };
  const send = async (job: QueuedEmail): Promise<Outcome> => {
    const about = { appointmentId: job.appointment_id ?? undefined, waitlistEntryId: job.waitlist_entry_id ?? undefined, kind: job.kind, attempts: job.attempts };
    try {
      return { id: job.id, outcome: await deliver(job) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts >= APPOINTMENT_EMAIL_MAX_ATTEMPTS) {
        deps.log.error({ err: error, ...about }, 'appointment email given up');
        return { id: job.id, outcome: 'failed', error: message };
      }
      deps.log.warn({ err: error, ...about }, 'appointment email failed; will try again');
      return { id: job.id, outcome: 'retry', error: message, delaySeconds: appointmentEmailRetryDelaySeconds(job.attempts) };
    }
  };
  const groups = [...bySubject.values()];
  const worker = async () => {
    for (let group = groups.shift(); group; group = groups.shift()) {
      for (const job of group) outcomes.push(await send(job));
    }
  };
  await Promise.all(Array.from({ length: Math.min(APPOINTMENT_EMAIL_CONCURRENCY, groups.length) }, worker));
  return outcomes;
}

interface OfferToSend {
  status: string;
  expiresAt: Date;
  providerId: string;
  serviceId: string;
  locationId: string;
  start: Date;
  /** Everything of the email but its link. */
  email: Omit<AppointmentEmailVars, 'url'>;
}

/** The batch's waitlist offers as they are now, with what their emails say. */
async function loadOffers(deps: BookingJobDeps, claimed: QueuedEmail[]): Promise<Map<string, OfferToSend>> {
  const entryIds = [...new Set(claimed.flatMap((j) => (j.waitlist_entry_id ? [j.waitlist_entry_id] : [])))];
  const offers = new Map<string, OfferToSend>();
  if (entryIds.length === 0) return offers;
  const entries = await deps.db
    .select({ entry: waitlistEntries, patient: { name: users.name, email: users.email, locale: users.locale, timeZone: users.timeZone }, provider: providerProfiles.displayName })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.patientId))
    .innerJoin(providerProfiles, eq(providerProfiles.id, waitlistEntries.providerId))
    .where(inArray(waitlistEntries.id, entryIds));
  for (const { entry, patient, provider } of entries) {
    const target = await loadBookingTarget(deps.db, { providerId: entry.providerId, serviceId: entry.serviceId, locationId: entry.locationId });
    if (!target || !entry.offeredStartsAt || !entry.offerExpiresAt) continue;
    const start = entry.offeredStartsAt;
    offers.set(entry.id, {
      status: entry.status,
      expiresAt: entry.offerExpiresAt,
      providerId: entry.providerId,
      serviceId: entry.serviceId,
      locationId: entry.locationId,
      start,
      email: {
        to: patient.email,
        name: patient.name,
        locale: patient.locale,
        readerTimeZone: patient.timeZone,
        provider,
        service: target.service.name,
        // The offered time's organisation and place, as the appointment's own emails give them.
        organisation: target.display.organisationName ?? '',
        start,
        end: new Date(start.getTime() + target.service.durationMinutes * 60_000),
        timeZone: target.location.timeZone,
        // By the service's mode: a video visit's location may be a practice, whose address is not the place.
        mode: target.service.mode,
        address: target.service.mode === 'telehealth' ? '' : locationAddress(target.location),
        holdHours: WAITLIST_HOLD_HOURS,
        holdUntil: entry.offerExpiresAt,
      },
    });
  }
  return offers;
}

/** The booking page of the offered time, which books it while it is held for this person. */
function offerLink(origin: string, offer: { providerId: string; serviceId: string; locationId: string; start: Date }): URL {
  const link = new URL(`/appointments/book/${offer.providerId}`, origin);
  link.searchParams.set('service', offer.serviceId);
  link.searchParams.set('location', offer.locationId);
  link.searchParams.set('time', offer.start.toISOString());
  return link;
}

/** One statement for the whole batch. */
async function recordOutcomes(db: Database, outcomes: Outcome[]): Promise<void> {
  await queryRows(
    db,
    sql`update appointment_emails e set
          outcome = case when v.outcome = 'retry' then null else v.outcome end,
          done_at = case when v.outcome = 'retry' then null else now() end,
          next_attempt_at = case when v.outcome = 'retry' then now() + make_interval(secs => v.delay_seconds) else e.next_attempt_at end,
          last_error = coalesce(left(v.error, 1000), e.last_error),
          claimed_until = null
        from jsonb_to_recordset(${JSON.stringify(outcomes.map((o) => ({ id: o.id, outcome: o.outcome, error: o.error ?? null, delay_seconds: o.delaySeconds ?? 0 })))}::jsonb)
          as v(id uuid, outcome text, error text, delay_seconds integer)
        where e.id = v.id`,
  );
}

export type WaitlistResult = { status: 'offered'; offers: number; expired: number } | { status: 'skipped' } | { status: 'not-ready' };

export async function offerFreedTimes(deps: BookingJobDeps): Promise<WaitlistResult> {
  if (!(await ready(deps.db, 'waitlist_entries'))) return { status: 'not-ready' };
  const now = deps.now();
  const origin = deps.origin();
  let offers = 0;
  const result = await deps.db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${WAITLIST_LOCK_KEY}) as locked`);
    if (!lock?.locked) return { status: 'skipped' } as const;
    const expired = await tx
      .update(waitlistEntries)
      .set({ status: 'expired' })
      .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
      .returning({ id: waitlistEntries.id });
    // Days still ahead: for each queue (provider, service, place, day) only its head, an offer
    // outstanding first, else the person who joined first. The database picks them (DISTINCT ON
    // over the queue's index order), so a run does not read every person waiting.
    const heads = await tx
      .selectDistinctOn([waitlistEntries.providerId, waitlistEntries.serviceId, waitlistEntries.locationId, waitlistEntries.date])
      .from(waitlistEntries)
      .where(and(inArray(waitlistEntries.status, ['waiting', 'offered']), sql`${waitlistEntries.date} >= (${now.toISOString()}::timestamptz - interval '1 day')::date`))
      .orderBy(waitlistEntries.providerId, waitlistEntries.serviceId, waitlistEntries.locationId, waitlistEntries.date, sql`(${waitlistEntries.status} = 'offered') desc`, asc(waitlistEntries.createdAt));
    // Oldest queue first, as before (the order people joined).
    heads.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const first of heads) {
      // One offer at a time per day: the next person is asked when it is taken up or runs out.
      if (first.status === 'offered') continue;
      const target = await loadBookingTarget(tx, { providerId: first.providerId, serviceId: first.serviceId, locationId: first.locationId });
      if (!target) continue;
      // Bookings of this provider wait until the offer is made (or not), so none takes the time meanwhile.
      await tx.execute(sql`select lock_provider_bookings(${first.providerId}::uuid)`);
      const [slot] = await freeOnDate(tx, target, first.date, now);
      if (!slot) continue;
      const heldFrom = new Date(slot.start.getTime() - target.service.bufferBeforeMinutes * 60_000);
      const heldTo = new Date(slot.end.getTime() + target.service.bufferAfterMinutes * 60_000);
      await tx
        .update(waitlistEntries)
        .set({ status: 'offered', offeredStartsAt: slot.start, heldFrom, heldTo, offerExpiresAt: new Date(now.getTime() + WAITLIST_HOLD_HOURS * 3_600_000) })
        .where(eq(waitlistEntries.id, first.id));
      // The patient hears of it in the app and by email, from this transaction: an offer that
      // holds a time is never left unannounced (the email is sent by the appointment-emails job).
      const link = offerLink(origin, { providerId: first.providerId, serviceId: first.serviceId, locationId: first.locationId, start: slot.start });
      const [provider] = await tx.select({ name: providerProfiles.displayName }).from(providerProfiles).where(eq(providerProfiles.id, first.providerId));
      await tx.insert(notifications).values({
        userId: first.patientId,
        kind: 'waitlist_offer',
        data: { provider: provider?.name ?? '', service: target.service.name, startsAt: slot.start.toISOString(), timeZone: target.location.timeZone, link: `${link.pathname}${link.search}` },
      });
      await tx.insert(appointmentEmails).values({ waitlistEntryId: first.id, kind: 'waitlist-offer', linkOrigin: origin });
      offers++;
    }
    return { status: 'offered', offers, expired: expired.length } as const;
  });
  if (offers > 0) deps.wake?.();
  return result;
}

export function createReminderJob(deps: BookingJobDeps & { intervalSeconds: number }): PeriodicJob<ReminderResult> {
  return createPeriodicJob({ name: 'appointment-reminders', intervalMs: deps.intervalSeconds * 1000, log: deps.log, run: () => sendDueReminders(deps) });
}

export function createAppointmentEmailJob(
  deps: BookingJobDeps & { intervalSeconds: number; limits?: { batch: number; batchesPerRun: number } },
): PeriodicJob<AppointmentEmailResult> {
  const job = createPeriodicJob({
    name: 'appointment-emails',
    intervalMs: deps.intervalSeconds * 1000,
    log: deps.log,
    run: async () => {
      const result = await sendQueuedAppointmentEmails(deps, deps.limits);
      // Stopped at the limit with more due (a burst of bookings): the next run follows this one
      // (a kick during a run makes one more), not the next tick. Measured in the bench: after a
      // burst of 2,374 bookings the last email went 17 s after the load instead of 4 s.
      if (result.status === 'done' && result.more) job.kick();
      return result;
    },
  });
  return job;
}

export function createWaitlistJob(deps: BookingJobDeps & { intervalSeconds: number }): PeriodicJob<WaitlistResult> {
  return createPeriodicJob({ name: 'waitlist-offers', intervalMs: deps.intervalSeconds * 1000, log: deps.log, run: () => offerFreedTimes(deps) });
}
