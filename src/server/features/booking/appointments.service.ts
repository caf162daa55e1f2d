import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { availableActions, decideTransition, OPEN_APPOINTMENT_STATUSES, patientMayChange, type AppointmentAction, type AppointmentParty, type AppointmentStatus } from '../../../shared/appointments.js';
import {
  APPOINTMENTS_PAGE_SIZE,
  type Appointment,
  type AppointmentPage,
  type BookAppointment,
  type MyAppointmentsQuery,
  type RatingRequest,
} from '../../../shared/contracts/appointments.js';
import type { PracticeBook, PracticeSeries, PracticeSeriesResult, SeriesRefusal } from '../../../shared/contracts/practice.js';
import { seriesStarts } from '../../../shared/appointment-series.js';
import type { SlotTime, Slots, SlotsQuery } from '../../../shared/contracts/providers.js';
import { formatAddress, isRegionCode } from '../../../shared/regions.js';
import { isSpecialtySlug } from '../../../shared/specialties.js';
import { appointmentRatings, appointments } from '../../db/schema/booking.js';
import { recordAudit } from '../../platform/audit/audit.js';
import type { ActorContext, ServiceContext } from '../../platform/context.js';
import type { Transaction } from '../../platform/db/database.js';
import { conflict, type DomainError, notFound, validationError } from '../../platform/errors/domain-errors.js';
import { asAppUser, withTenant } from '../../platform/tenancy/with-tenant.js';
import { asPractice, loadBookingTarget, slotsFor, slotsWith, type BookingTarget } from './availability.js';
import { readBookingContext, writeBooking, type BookingContext, type BookingWrite } from './booking-statements.js';
import { findAppointment, listPatientAppointments, type AppointmentRecord, type AppointmentRow } from './appointments.repo.js';
import { adoptTimeZone } from '../profile/profile.service.js';
import { recordAppointmentChange } from './notify.js';
import { isoString, type Busy, type DateOverride, type Slot } from './slots.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** How many fresh times a "taken" answer offers. */
const FRESH_SLOT_COUNT = 12;

export function isExclusionViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23P01' || e?.cause?.code === '23P01';
}

function slotJson(slots: readonly Slot[]): SlotTime[] {
  return slots.map((s) => ({ start: isoString(s.start) }));
}

/** The appointment as its screens show it, with what this party may do now. */
export function toAppointment(row: AppointmentRow, party: AppointmentParty, now: Date): Appointment {
  const a = row.a;
  const status = a.status as AppointmentStatus;
  const timing = { status, startsAt: a.startsAt, endsAt: a.endsAt, now, cancellationWindowHours: row.provider.cancellationWindowHours };
  const actions: Appointment['actions'] = availableActions({ ...timing, by: party });
  const mayMove = party === 'patient' ? patientMayChange(timing).ok : (status === 'booked' || status === 'confirmed') && now < a.startsAt;
  if (mayMove) actions.push('reschedule');
  const country = isRegionCode(row.location.country) ? row.location.country : 'US';
  return {
    id: a.id,
    status,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    timeZone: a.timeZone,
    mode: a.mode as Appointment['mode'],
    reason: a.reason,
    priceMinor: a.priceMinor,
    currency: a.currency,
    provider: {
      id: row.provider.id,
      displayName: row.provider.displayName,
      title: row.provider.title,
      specialty: isSpecialtySlug(row.provider.specialty) ? row.provider.specialty : 'family-medicine',
      image: row.provider.image,
    },
    patient: row.patient,
    service: row.service,
    location: {
      id: row.location.id,
      name: row.location.name,
      kind: row.location.kind as 'practice' | 'virtual',
      address: row.location.kind === 'practice' ? formatAddress(row.location, country) : '',
    },
    organisation: { name: row.organisationName ?? '' },
    contact: row.contact && (row.contact.phone || row.contact.email) ? { phone: row.contact.phone, email: row.contact.email } : null,
    conversationId: row.conversationId,
    cancellationWindowHours: row.provider.cancellationWindowHours,
    cancelledBy: (a.cancelledBy as Appointment['cancelledBy']) ?? null,
    cancellationReason: a.cancellationReason,
    rated: row.rated,
    visitEnded: row.visitEnded ? { at: new Date(row.visitEnded.at).toISOString(), bySystem: row.visitEnded.bySystem } : null,
    series: a.seriesId && row.series ? { id: a.seriesId, ...row.series } : null,
    actions,
    createdAt: a.createdAt.toISOString(),
  };
}

/** The patient's own view of the database: their appointments in every organisation. */
function asPatient<T>(ctx: ActorContext, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, fn);
}

/** Free times of one service of a verified provider, for the booking screens. */
/**
 * Free times of a provider's service. `holderId` is the signed-in person asking (never a value a
 * client names): a time held for their own waitlist offer is free for them, busy for everyone else.
 */
export async function providerSlots(ctx: Pick<ServiceContext, 'db' | 'now'>, providerId: string, query: SlotsQuery, holderId: string | null = null): Promise<Slots> {
  const now = ctx.now();
  // As the signed-in person (row-level security shows them their own appointments), else nobody.
  return asAppUser(ctx.db, { tenantId: null, userId: holderId }, async (tx) => {
    const target = await loadBookingTarget(tx, { providerId, serviceId: query.serviceId, locationId: query.locationId });
    if (!target || !target.verified || !target.service.active) throw notFound('booking.service-not-found', 'This provider does not offer that service there.');
    const from = query.from ? new Date(Math.max(new Date(query.from).getTime(), now.getTime())) : now;
    const to = new Date(from.getTime() + query.days * DAY_MS);
    const free = await slotsFor(tx, target, from, to, now, { patientId: holderId });
    // A time the person is already in a visit with someone else is not offered to them (booking it
    // would be refused as booking.patient-busy); the provider's own busy time is in `free` already.
    const own = holderId ? await ownVisitsElsewhere(tx, holderId, target.providerId, from, new Date(to.getTime() + target.service.durationMinutes * MINUTE_MS)) : [];
    const slots = own.length === 0 ? free : free.filter((slot) => !own.some((visit) => visit.start < slot.end && slot.start < visit.end));
    return {
      serviceId: target.service.id,
      locationId: target.location.id,
      durationMinutes: target.service.durationMinutes,
      timeZone: target.location.timeZone,
      slots: slotJson(slots),
    };
  });
}

/**
 * The free times the practice's staff may book or move to (`providerId` is in their organisation:
 * the caller checked): the provider's hours and busy time without the online booking's notice and
 * horizon, in the staff member's tenant scope.
 */
export async function practiceSlots(ctx: ActorContext, providerId: string, query: SlotsQuery): Promise<Slots> {
  const tenant = ctx.actor.tenant;
  if (!tenant) throw notFound('booking.service-not-found', 'This provider does not offer that service there.');
  const now = ctx.now();
  return withTenant({ db: ctx.db, tenantId: tenant.id, userId: ctx.actor.userId }, async (tx) => {
    const loaded = await loadBookingTarget(tx, { providerId, serviceId: query.serviceId, locationId: query.locationId });
    if (!loaded || loaded.tenantId !== tenant.id || !loaded.service.active) throw notFound('booking.service-not-found', 'This provider does not offer that service there.');
    const target = asPractice(loaded);
    const from = query.from ? new Date(Math.max(new Date(query.from).getTime(), now.getTime())) : now;
    const slots = await slotsFor(tx, target, from, new Date(from.getTime() + query.days * DAY_MS), now);
    return { serviceId: target.service.id, locationId: target.location.id, durationMinutes: target.service.durationMinutes, timeZone: target.location.timeZone, slots: slotJson(slots) };
  });
}

/** The person's active appointments with other providers between `from` and `to` (as booking_context's patient-busy check reads them). */
async function ownVisitsElsewhere(tx: Transaction, patientId: string, providerId: string, from: Date, to: Date): Promise<Busy[]> {
  const rows = await tx
    .select({ start: appointments.startsAt, end: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        sql`${appointments.providerId} <> ${providerId}`,
        inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]),
        lt(appointments.startsAt, to),
        gt(appointments.endsAt, from),
      ),
    );
  return rows;
}

/** Times near the one asked for, offered when it was taken. */
async function freshSlots(tx: Transaction, target: BookingTarget, near: Date, now: Date, patientId: string | null = null): Promise<Slot[]> {
  const from = new Date(Math.max(now.getTime(), near.getTime() - 12 * 60 * MINUTE_MS));
  return (await slotsFor(tx, target, from, new Date(from.getTime() + 7 * DAY_MS), now, { patientId })).slice(0, FRESH_SLOT_COUNT);
}

function slotTaken(slots: readonly Slot[]): DomainError {
  return conflict('booking.slot-taken', 'Someone has just booked this time. Please choose another.', { slots: slotJson(slots) });
}

/** Whether `start` begins a slot in `slots`. */
function startsSlot(slots: readonly Slot[], start: Date): boolean {
  return slots.some((s) => s.start.getTime() === start.getTime());
}

/**
 * Whether `start` is a free slot of the target: 'free', 'taken' (inside the hours but someone
 * holds it) or 'unavailable' (outside the hours, too soon, beyond the horizon).
 */
async function checkSlot(
  tx: Transaction,
  target: BookingTarget,
  start: Date,
  now: Date,
  who: { exceptAppointmentId?: string | null; patientId: string },
): Promise<'free' | 'taken' | 'unavailable'> {
  const end = new Date(start.getTime() + target.service.durationMinutes * MINUTE_MS);
  const to = new Date(end.getTime() + 1);
  if (startsSlot(await slotsFor(tx, target, start, to, now, who), start)) return 'free';
  return startsSlot(await slotsFor(tx, target, start, to, now, { ignoreBusy: true }), start) ? 'taken' : 'unavailable';
}

/** The same decision from overrides and busy time already read (the one-statement booking context). */
function decideSlot(target: BookingTarget, overrides: DateOverride[], busy: Busy[], start: Date, now: Date): 'free' | 'taken' | 'unavailable' {
  const to = new Date(start.getTime() + target.service.durationMinutes * MINUTE_MS + 1);
  if (startsSlot(slotsWith(target, overrides, busy, start, to, now), start)) return 'free';
  return startsSlot(slotsWith(target, overrides, [], start, to, now), start) ? 'taken' : 'unavailable';
}

function sameRequest(row: AppointmentRow, input: BookAppointment): boolean {
  return (
    row.a.providerId === input.providerId &&
    row.a.serviceId === input.serviceId &&
    row.a.locationId === input.locationId &&
    row.a.startsAt.getTime() === new Date(input.startsAt).getTime()
  );
}

/** The signed-in person's appointment as its screens show it, from the target the booking read. */
function bookedRow(ctx: ActorContext, target: BookingTarget, context: BookingContext, a: AppointmentRecord): AppointmentRow {
  return {
    a,
    provider: {
      id: target.providerId,
      userId: target.providerUserId,
      displayName: target.display.displayName,
      title: target.display.title,
      specialty: target.display.specialty,
      cancellationWindowHours: target.cancellationWindowHours,
      image: target.display.image,
    },
    patient: { id: ctx.actor.userId, name: ctx.actor.name, email: ctx.actor.email },
    service: { id: target.service.id, name: target.service.name, durationMinutes: target.service.durationMinutes },
    location: { ...target.location },
    organisationName: target.display.organisationName,
    contact: context.contact,
    conversationId: context.conversationId,
    rated: false,
    visitEnded: null,
    series: null,
  };
}

/** Only the rare refusals read more: times to offer instead of a taken or unbookable one. */
async function refuseWithFreshSlots(ctx: ActorContext, target: BookingTarget, start: Date, now: Date, state: 'taken' | 'unavailable'): Promise<never> {
  const fresh = await asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, (tx) => freshSlots(tx, target, start, now, ctx.actor.userId));
  if (state === 'taken') throw slotTaken(fresh);
  throw conflict('booking.time-unavailable', 'This time is not bookable: it is outside the hours, too soon or too far ahead.', { slots: slotJson(fresh) });
}

/**
 * Books a time for the signed-in person in two statements (migration 0009): booking_context reads
 * the target, its date overrides, the busy time around the start and a booking already made with
 * this idempotency key; the slot rules decide here; book_appointment writes the appointment, the
 * waitlist take-up, the provider's notification and the audit event under a per-provider lock.
 * The exclusion constraint is what makes a double booking impossible; the checks before it give
 * clear answers. A retried request with the same key returns the first booking (created: false).
 */
export async function bookAppointment(ctx: ActorContext, input: BookAppointment, idempotencyKey: string): Promise<{ appointment: Appointment; created: boolean }> {
  const now = ctx.now();
  const start = new Date(input.startsAt);
  const context = await readBookingContext(ctx.db, ctx.actor.userId, input, start, idempotencyKey);
  if (context.retried) {
    const row = await getMyAppointment(ctx, context.retried.id);
    if (!sameRequest(row, input)) throw conflict('booking.idempotency-key-reused', 'This request key was already used for a different booking.');
    return { appointment: toAppointment(row, 'patient', now), created: false };
  }
  const target = context.target;
  if (!target || !target.verified || !target.service.active) throw notFound('booking.service-not-found', 'This provider does not offer that service there.');
  if (target.providerUserId === ctx.actor.userId) throw conflict('booking.own-profile', 'You cannot book an appointment with yourself.');
  if (!target.acceptingNewPatients) {
    const seen = await asPatient(ctx, (tx) =>
      tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.providerId, input.providerId), eq(appointments.patientId, ctx.actor.userId), eq(appointments.status, 'completed')))
        .limit(1),
    );
    if (seen.length === 0) throw conflict('booking.not-accepting-new-patients', 'This provider is not taking new patients at the moment.');
  }
  if (context.patientBusy) {
    throw conflict('booking.patient-busy', 'You already have an appointment at this time.', {
      busy: { startsAt: context.patientBusy.startsAt.toISOString(), provider: context.patientBusy.provider },
    });
  }
  const state = decideSlot(target, context.overrides, context.busy, start, now);
  if (state !== 'free') return refuseWithFreshSlots(ctx, target, start, now, state);
  const end = new Date(start.getTime() + target.service.durationMinutes * MINUTE_MS);
  // Before the booking (whose confirmation is sent afterwards by the mail job, which reads it).
  if (input.timeZone) await adoptTimeZone(ctx, input.timeZone, 'booking');
  let written: BookingWrite;
  try {
    written = await writeBooking(ctx.db, {
      patientId: ctx.actor.userId,
      providerId: target.providerId,
      providerUserId: target.providerUserId,
      tenantId: target.tenantId,
      serviceId: target.service.id,
      locationId: target.location.id,
      mode: target.service.mode,
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      occupiedFrom: new Date(start.getTime() - target.service.bufferBeforeMinutes * MINUTE_MS).toISOString(),
      occupiedTo: new Date(end.getTime() + target.service.bufferAfterMinutes * MINUTE_MS).toISOString(),
      timeZone: target.location.timeZone,
      reason: input.reason,
      priceMinor: target.service.priceMinor,
      currency: target.service.currency,
      idempotencyKey,
      linkOrigin: ctx.publicOrigin,
      requestId: ctx.requestId,
      clientIp: ctx.clientIp,
      notification: { provider: target.display.displayName, patient: ctx.actor.name, service: target.service.name, startsAt: start.toISOString(), timeZone: target.location.timeZone },
    });
  } catch (error) {
    // Lost a race the checks could not see: the exclusion constraint refused the time.
    if (isExclusionViolation(error)) return refuseWithFreshSlots(ctx, target, start, now, 'taken');
    throw error;
  }
  if (written.outcome === 'taken') return refuseWithFreshSlots(ctx, target, start, now, 'taken');
  if (written.outcome === 'retried') {
    // A concurrent request with the same key won: answer with its booking.
    const row = await getMyAppointment(ctx, written.appointment.id);
    if (!sameRequest(row, input)) throw conflict('booking.idempotency-key-reused', 'This request key was already used for a different booking.');
    return { appointment: toAppointment(row, 'patient', now), created: false };
  }
  const row = bookedRow(ctx, target, context, written.appointment);
  ctx.wake('appointment-emails');
  return { appointment: toAppointment(row, 'patient', now), created: true };
}

export async function listMyAppointments(ctx: ActorContext, query: MyAppointmentsQuery): Promise<AppointmentPage> {
  const now = ctx.now();
  const { rows, total } = await asPatient(ctx, (tx) =>
    listPatientAppointments(tx, ctx.actor.userId, query.when, now, APPOINTMENTS_PAGE_SIZE, (query.page - 1) * APPOINTMENTS_PAGE_SIZE),
  );
  return { appointments: rows.map((r) => toAppointment(r, 'patient', now)), page: query.page, pageSize: APPOINTMENTS_PAGE_SIZE, total };
}

async function ownAppointment(ctx: ActorContext, tx: Transaction, id: string): Promise<AppointmentRow> {
  const row = await findAppointment(tx, id);
  // Row-level security already hides other people's; the check says so in code as well.
  if (!row || row.a.patientId !== ctx.actor.userId) throw notFound('appointment.not-found', 'This appointment was not found.');
  return row;
}

export async function getMyAppointment(ctx: ActorContext, id: string): Promise<AppointmentRow> {
  return asPatient(ctx, (tx) => ownAppointment(ctx, tx, id));
}

/** The 409 for a refused status change, with its reason's words (also used by video visits). */
export function refusal(reason: string): DomainError {
  const messages: Record<string, string> = {
    'appointment.inside-cancellation-window': 'It is too close to the appointment to change it online. Please contact the practice.',
    'appointment.already-started': 'This appointment has already started.',
    'appointment.invalid-transition': 'This appointment can no longer be changed this way.',
    'appointment.not-allowed': 'Only the practice can do this.',
    'appointment.not-started': 'This appointment has not started yet.',
    'appointment.check-in-not-open': 'Check-in opens an hour before the appointment.',
    'appointment.already-ended': 'This appointment has already ended.',
    'appointment.not-checked-in': 'Check the patient in first. A visit nobody checked in can be completed once it has ended.',
  };
  return conflict(reason, messages[reason] ?? 'This change is not allowed.');
}

/** Applies a status change in a transaction whose scope already shows the row to this party. */
async function applyAction(
  ctx: ActorContext,
  tx: Transaction,
  row: AppointmentRow,
  party: AppointmentParty,
  action: AppointmentAction,
  reason: string | undefined,
): Promise<void> {
  const now = ctx.now();
  const decision = decideTransition({
    status: row.a.status as AppointmentStatus,
    action,
    by: party,
    startsAt: row.a.startsAt,
    endsAt: row.a.endsAt,
    now,
    cancellationWindowHours: row.provider.cancellationWindowHours,
  });
  if (!decision.ok) throw refusal(decision.reason);
  // The patient's cancellation email gives the practice's reason: one is required (once the
  // cancellation itself is allowed, so a visit that cannot be cancelled says that first).
  if (action === 'cancel' && party === 'practice' && !reason?.trim()) {
    throw validationError('appointment.reason-required', 'Give the patient a reason for cancelling.', [{ path: 'body.reason', code: 'required' }]);
  }
  const stamp: Partial<typeof appointments.$inferInsert> = { status: decision.to, updatedAt: now, sequence: row.a.sequence + 1 };
  if (action === 'cancel') Object.assign(stamp, { cancelledAt: now, cancelledBy: party, cancelledByUserId: ctx.actor.userId, cancellationReason: reason ?? null });
  if (action === 'confirm') stamp.confirmedAt = now;
  if (action === 'check_in') stamp.checkedInAt = now;
  if (action === 'complete') stamp.completedAt = now;
  if (action === 'mark_no_show') stamp.noShowAt = now;
  // The status in the WHERE makes two concurrent changes of one appointment apply once.
  const updated = await tx
    .update(appointments)
    .set(stamp)
    .where(and(eq(appointments.id, row.a.id), eq(appointments.status, row.a.status)))
    .returning({ id: appointments.id });
  if (updated.length === 0) throw conflict('appointment.changed', 'This appointment was changed meanwhile. Please reload it.');
}

/** The patient cancels their own appointment (outside the cancellation window). */
export async function cancelMyAppointment(ctx: ActorContext, id: string, reason: string | undefined): Promise<Appointment> {
  const now = ctx.now();
  const row = await asPatient(ctx, async (tx) => {
    const current = await ownAppointment(ctx, tx, id);
    await applyAction(ctx, tx, current, 'patient', 'cancel', reason);
    const after = await ownAppointment(ctx, tx, id);
    await recordAudit(tx, { action: 'appointment.cancelled', tenantId: after.a.tenantId, actorUserId: ctx.actor.userId, targetType: 'appointment', targetId: id, requestId: ctx.requestId, clientIp: ctx.clientIp, metadata: { by: 'patient' } });
    await recordAppointmentChange(tx, after, 'cancelled', 'patient', ctx.publicOrigin);
    return after;
  });
  ctx.wake('appointment-emails');
  return toAppointment(row, 'patient', now);
}

/**
 * Moves an appointment to another free time of the same service and location. The row keeps
 * its id (the calendar entry is updated, not replaced); the exclusion constraint guards the new
 * time exactly as it guards a new booking.
 */
async function moveAppointment(ctx: ActorContext, tx: Transaction, row: AppointmentRow, startsAt: string, by: 'patient' | 'practice'): Promise<void> {
  const now = ctx.now();
  const loaded = await loadBookingTarget(tx, { providerId: row.a.providerId, serviceId: row.a.serviceId, locationId: row.a.locationId });
  if (!loaded) throw notFound('booking.service-not-found', 'This service is no longer offered there.');
  // Moved by the practice, the online booking's notice and horizon do not bind it.
  const target = by === 'practice' ? asPractice(loaded) : loaded;
  const start = new Date(startsAt);
  // As a booking does: a waitlist offer cannot be made for this provider while the time is checked.
  await lockProviderBookings(tx, row.a.providerId);
  const state = await checkSlot(tx, target, start, now, { exceptAppointmentId: row.a.id, patientId: row.a.patientId });
  if (state === 'unavailable') throw conflict('booking.time-unavailable', 'This time is not bookable: it is outside the hours, too soon or too far ahead.');
  if (state === 'taken') throw slotTaken(await freshSlots(tx, target, start, now, row.a.patientId));
  const end = new Date(start.getTime() + target.service.durationMinutes * MINUTE_MS);
  await tx
    .update(appointments)
    .set({
      startsAt: start,
      endsAt: end,
      occupiedFrom: new Date(start.getTime() - target.service.bufferBeforeMinutes * MINUTE_MS),
      occupiedTo: new Date(end.getTime() + target.service.bufferAfterMinutes * MINUTE_MS),
      // Moved by the patient, it needs the practice's confirmation again; moved by the practice, it
      // stays as confirmed as it was.
      ...(by === 'patient' ? { status: 'booked', confirmedAt: null } : {}),
      reminderSentAt: null,
      // The new time is inside the hours; a later change of hours asks about it again.
      outsideHoursKeptAt: null,
      sequence: row.a.sequence + 1,
      updatedAt: now,
    })
    .where(and(eq(appointments.id, row.a.id), eq(appointments.status, row.a.status)));
}

/** A move the exclusion constraint refused is the time taken meanwhile: 409 with fresh times. */
async function rethrowAsSlotTaken(ctx: ActorContext, error: unknown, target: BookingTarget | undefined, startsAt: string, now: Date): Promise<never> {
  if (!isExclusionViolation(error)) throw error;
  throw slotTaken(target ? await asAppUser(ctx.db, { tenantId: null, userId: null }, (tx) => freshSlots(tx, target, new Date(startsAt), now)) : []);
}

export async function rescheduleMyAppointment(ctx: ActorContext, id: string, startsAt: string): Promise<Appointment> {
  const now = ctx.now();
  let target: BookingTarget | undefined;
  try {
    const row = await asPatient(ctx, async (tx) => {
      const current = await ownAppointment(ctx, tx, id);
      const change = patientMayChange({ status: current.a.status as AppointmentStatus, startsAt: current.a.startsAt, now, cancellationWindowHours: current.provider.cancellationWindowHours });
      if (!change.ok) throw refusal(change.reason);
      target = await loadBookingTarget(tx, { providerId: current.a.providerId, serviceId: current.a.serviceId, locationId: current.a.locationId });
      await moveAppointment(ctx, tx, current, startsAt, 'patient');
      const after = await ownAppointment(ctx, tx, id);
      await recordAudit(tx, { action: 'appointment.rescheduled', tenantId: after.a.tenantId, actorUserId: ctx.actor.userId, targetType: 'appointment', targetId: id, requestId: ctx.requestId, clientIp: ctx.clientIp, metadata: { by: 'patient' } });
      await recordAppointmentChange(tx, after, 'rescheduled', 'patient', ctx.publicOrigin);
      return after;
    });
    ctx.wake('appointment-emails');
    return toAppointment(row, 'patient', now);
  } catch (error) {
    return rethrowAsSlotTaken(ctx, error, target, startsAt, now);
  }
}

/**
 * The practice moves a booked or confirmed appointment that has not started to another free time
 * of the provider's (the hours and busy time hold; the online booking's notice and horizon and the
 * practice's cancellation window do not bind it). The patient gets the "moved" email and a notification.
 */
export async function practiceReschedule(ctx: ActorContext, id: string, startsAt: string): Promise<Appointment> {
  const tenant = ctx.actor.tenant;
  if (!tenant) throw notFound('appointment.not-found', 'This appointment was not found.');
  const now = ctx.now();
  let target: BookingTarget | undefined;
  try {
    const row = await withTenant({ db: ctx.db, tenantId: tenant.id, userId: ctx.actor.userId }, async (tx) => {
      const current = await findAppointment(tx, id);
      if (!current || current.a.tenantId !== tenant.id) throw notFound('appointment.not-found', 'This appointment was not found.');
      if (current.a.status !== 'booked' && current.a.status !== 'confirmed') {
        throw conflict('appointment.not-movable', 'Only a booked or confirmed appointment can be moved.');
      }
      if (current.a.startsAt <= now) throw conflict('appointment.already-started', 'This appointment has already started, so it can no longer be moved.');
      const loaded = await loadBookingTarget(tx, { providerId: current.a.providerId, serviceId: current.a.serviceId, locationId: current.a.locationId });
      target = loaded ? asPractice(loaded) : undefined;
      await moveAppointment(ctx, tx, current, startsAt, 'practice');
      const after = (await findAppointment(tx, id))!;
      await recordAudit(tx, {
        action: 'appointment.rescheduled',
        tenantId: tenant.id,
        actorUserId: ctx.actor.userId,
        targetType: 'appointment',
        targetId: id,
        requestId: ctx.requestId,
        clientIp: ctx.clientIp,
        metadata: { by: 'practice', from: current.a.startsAt.toISOString() },
      });
      await recordAppointmentChange(tx, after, 'rescheduled', 'practice', ctx.publicOrigin);
      return after;
    });
    ctx.wake('appointment-emails');
    return toAppointment(row, 'practice', now);
  } catch (error) {
    return rethrowAsSlotTaken(ctx, error, target, startsAt, now);
  }
}

/** What a retried practice booking must repeat to be answered with the first one. */
function samePracticeRequest(row: AppointmentRow, providerId: string, input: PracticeBook): boolean {
  return row.a.patientId === input.patientId && sameRequest(row, { ...input, providerId, timeZone: undefined });
}

/**
 * The practice books a free time for one of its patients (a call to the front desk): someone with
 * an appointment in the organisation before. The slot rules are an online booking's (hours,
 * notice, horizon, busy time, and the exclusion constraint behind them); "not taking new
 * patients" does not bind it, since the patient is the practice's already. The appointment is
 * confirmed at once and marked booked by the practice; the audit event names the staff member; the
 * patient gets an in-app notification and the confirmation email with its calendar file. Another
 * visit of the patient's in this organisation at that time is refused; their appointments
 * elsewhere are not the practice's to see. `providerId` is in the organisation (the caller checked).
 */
export async function practiceBook(ctx: ActorContext, providerId: string, input: PracticeBook, idempotencyKey: string): Promise<{ appointment: Appointment; created: boolean }> {
  const tenant = ctx.actor.tenant;
  if (!tenant) throw notFound('booking.service-not-found', 'This provider does not offer that service there.');
  const now = ctx.now();
  const start = new Date(input.startsAt);
  let target: BookingTarget | undefined;
  try {
    const result = await withTenant({ db: ctx.db, tenantId: tenant.id, userId: ctx.actor.userId }, async (tx) => {
      const [earlier] = await tx
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.tenantId, tenant.id), eq(appointments.patientId, input.patientId), eq(appointments.idempotencyKey, idempotencyKey)));
      if (earlier) {
        const row = (await findAppointment(tx, earlier.id))!;
        if (!samePracticeRequest(row, providerId, input)) throw conflict('booking.idempotency-key-reused', 'This request key was already used for a different booking.');
        return { row, created: false };
      }
      target = await practiceTarget(tx, tenant.id, providerId, input);
      await lockProviderBookings(tx, providerId);
      const refusal = await practiceRefusal(tx, tenant.id, target, input.patientId, start, now);
      if (refusal?.code === 'booking.time-unavailable') {
        throw conflict('booking.time-unavailable', 'This time is not bookable: it is outside the hours, too soon or too far ahead.', {
          slots: slotJson(await freshSlots(tx, target, start, now, input.patientId)),
        });
      }
      if (refusal?.code === 'booking.slot-taken') throw slotTaken(await freshSlots(tx, target, start, now, input.patientId));
      if (refusal) throw conflict(refusal.code, 'This patient already has an appointment with the practice at this time.', { busy: { startsAt: refusal.busy!.toISOString() } });
      const row = await insertPracticeBooking(ctx, tx, tenant.id, target, input, start, idempotencyKey, now);
      return { row, created: true };
    });
    if (result.created) ctx.wake('appointment-emails');
    return { appointment: toAppointment(result.row, 'practice', now), created: result.created };
  } catch (error) {
    return rethrowAsSlotTaken(ctx, error, target, input.startsAt, now);
  }
}

/**
 * The idempotency key of one visit of a series: the request's, then `~2`, `~3`, … (a client's key
 * has no `~`, so none can equal a visit's).
 */
function seriesVisitKey(key: string, index: number): string {
  return index === 0 ? key : `${key}~${index + 1}`;
}

/**
 * The practice books a series of visits (practiceBook's rules for each): the first at `startsAt`,
 * the others at the same wall-clock time in the location's zone every `everyWeeks` weeks. Every
 * time is checked under the provider's booking lock before any is written: if some are not free,
 * 409 practice.series-unavailable names them all and nothing is booked, unless the request asks to
 * skip them (then the others are booked, in one transaction, and the skipped named). Each visit is
 * an appointment of its own (own email, calendar file, notification and audit event). A retried
 * request with the same key answers the visits it booked, and names the others as they stand now.
 */
export async function practiceBookSeries(ctx: ActorContext, providerId: string, input: PracticeSeries, idempotencyKey: string): Promise<{ result: PracticeSeriesResult; created: boolean }> {
  const tenant = ctx.actor.tenant;
  if (!tenant) throw notFound('booking.service-not-found', 'This provider does not offer that service there.');
  const now = ctx.now();
  const keys = Array.from({ length: input.visits }, (_, i) => seriesVisitKey(idempotencyKey, i));
  let target: BookingTarget | undefined;
  try {
    const outcome = await withTenant({ db: ctx.db, tenantId: tenant.id, userId: ctx.actor.userId }, async (tx) => {
      const earlier = await tx
        .select({ id: appointments.id, key: appointments.idempotencyKey })
        .from(appointments)
        .where(and(eq(appointments.tenantId, tenant.id), eq(appointments.patientId, input.patientId), inArray(appointments.idempotencyKey, keys)));
      target = await practiceTarget(tx, tenant.id, providerId, input);
      const starts = seriesStarts(input.startsAt, target.location.timeZone, input.everyWeeks, input.visits).map((iso) => new Date(iso));
      const booked = new Map<number, AppointmentRow>();
      for (const e of earlier) {
        const index = keys.indexOf(e.key!);
        const row = (await findAppointment(tx, e.id))!;
        if (row.a.patientId !== input.patientId || !sameRequest(row, { ...input, providerId, startsAt: starts[index]!.toISOString(), timeZone: undefined })) {
          throw conflict('booking.idempotency-key-reused', 'This request key was already used for a different booking.');
        }
        booked.set(index, row);
      }
      await lockProviderBookings(tx, providerId);
      const refusals: SeriesRefusal[] = [];
      const free: number[] = [];
      for (const [index, start] of starts.entries()) {
        if (booked.has(index)) continue;
        const refusal = await practiceRefusal(tx, tenant.id, target, input.patientId, start, now);
        if (refusal) refusals.push({ startsAt: start.toISOString(), code: refusal.code });
        else free.push(index);
      }
      const replay = earlier.length > 0;
      if (!replay && refusals.length > 0 && (!input.skipUnavailable || free.length === 0)) {
        throw conflict(
          'practice.series-unavailable',
          free.length === 0 ? 'None of the series’ times is free.' : 'Some of the series’ times are not free: book the free ones only, or choose another time.',
          { unavailable: refusals, free: free.length },
        );
      }
      if (!replay) {
        const seriesId = randomUUID();
        for (const index of free) booked.set(index, await insertPracticeBooking(ctx, tx, tenant.id, target, input, starts[index]!, keys[index]!, now, seriesId));
      }
      // Read again once all are written: each visit's series counts name the later ones.
      const rows: AppointmentRow[] = [];
      for (const [, row] of [...booked.entries()].sort(([a], [b]) => a - b)) rows.push((await findAppointment(tx, row.a.id))!);
      return { rows, refusals, created: !replay };
    });
    if (outcome.created) ctx.wake('appointment-emails');
    return { result: { appointments: outcome.rows.map((row) => toAppointment(row, 'practice', now)), skipped: outcome.refusals }, created: outcome.created };
  } catch (error) {
    return rethrowAsSlotTaken(ctx, error, target, input.startsAt, now);
  }
}

/** What the practice books with: the provider's service at the location, in this organisation, for one of its patients. */
async function practiceTarget(tx: Transaction, tenantId: string, providerId: string, input: PracticeBook): Promise<BookingTarget> {
  const [known] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.patientId, input.patientId)))
    .limit(1);
  if (!known) throw notFound('practice.patient-not-found', 'This person is not a patient of the practice.');
  const target = await loadBookingTarget(tx, { providerId, serviceId: input.serviceId, locationId: input.locationId });
  if (!target || target.tenantId !== tenantId || !target.verified || !target.service.active) {
    throw notFound('booking.service-not-found', 'This provider does not offer that service there.');
  }
  if (target.providerUserId === input.patientId) throw conflict('booking.own-profile', 'Nobody can book an appointment with themselves.');
  // Notice and horizon are the online booking's rules: the practice books any free time to come.
  return asPractice(target);
}

/**
 * Why the practice cannot book `start` (null: it can): the time is not bookable or taken, or the
 * patient has another visit in this organisation then (`busy`: its start). The caller holds the
 * provider's booking lock.
 */
async function practiceRefusal(
  tx: Transaction,
  tenantId: string,
  target: BookingTarget,
  patientId: string,
  start: Date,
  now: Date,
): Promise<{ code: SeriesRefusal['code']; busy?: Date } | null> {
  const state = await checkSlot(tx, target, start, now, { patientId });
  if (state === 'unavailable') return { code: 'booking.time-unavailable' };
  if (state === 'taken') return { code: 'booking.slot-taken' };
  const end = new Date(start.getTime() + target.service.durationMinutes * MINUTE_MS);
  const [busy] = await tx
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.tenantId, tenantId),
        eq(appointments.patientId, patientId),
        inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]),
        lt(appointments.startsAt, end),
        gt(appointments.endsAt, start),
      ),
    )
    .limit(1);
  return busy ? { code: 'practice.patient-busy', busy: busy.startsAt } : null;
}

/** As a booking does: no waitlist offer is made for this provider while its times are checked and written. */
async function lockProviderBookings(tx: Transaction, providerId: string): Promise<void> {
  await tx.execute(sql`select lock_provider_bookings(${providerId}::uuid)`);
}

/** Writes one practice booking at `start`, confirmed, with its audit event, notification and queued email. */
async function insertPracticeBooking(
  ctx: ActorContext,
  tx: Transaction,
  tenantId: string,
  target: BookingTarget,
  input: PracticeBook,
  start: Date,
  idempotencyKey: string,
  now: Date,
  seriesId: string | null = null,
): Promise<AppointmentRow> {
  const end = new Date(start.getTime() + target.service.durationMinutes * MINUTE_MS);
  const [inserted] = await tx
    .insert(appointments)
    .values({
      tenantId,
      providerId: target.providerId,
      patientId: input.patientId,
      serviceId: target.service.id,
      locationId: target.location.id,
      mode: target.service.mode,
      startsAt: start,
      endsAt: end,
      occupiedFrom: new Date(start.getTime() - target.service.bufferBeforeMinutes * MINUTE_MS),
      occupiedTo: new Date(end.getTime() + target.service.bufferAfterMinutes * MINUTE_MS),
      timeZone: target.location.timeZone,
      status: 'confirmed',
      confirmedAt: now,
      bookedBy: 'practice',
      reason: input.reason,
      priceMinor: target.service.priceMinor,
      currency: target.service.currency,
      idempotencyKey,
      seriesId,
    })
    .returning({ id: appointments.id });
  const row = (await findAppointment(tx, inserted!.id))!;
  await recordAudit(tx, {
    action: 'appointment.booked',
    tenantId,
    actorUserId: ctx.actor.userId,
    targetType: 'appointment',
    targetId: row.a.id,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    metadata: { by: 'practice', patientId: input.patientId },
  });
  await recordAppointmentChange(tx, row, 'booked', 'practice', ctx.publicOrigin);
  return row;
}

/** A patient rates their completed appointment, once. */
export async function rateMyAppointment(ctx: ActorContext, id: string, body: RatingRequest): Promise<Appointment> {
  const now = ctx.now();
  const row = await asPatient(ctx, async (tx) => {
    const current = await ownAppointment(ctx, tx, id);
    if (current.a.status !== 'completed') throw conflict('rating.not-completed', 'Only a completed appointment can be rated.');
    const inserted = await tx
      .insert(appointmentRatings)
      .values({ appointmentId: id, tenantId: current.a.tenantId, providerId: current.a.providerId, patientId: ctx.actor.userId, score: body.score, comment: body.comment })
      .onConflictDoNothing()
      .returning({ id: appointmentRatings.appointmentId });
    if (inserted.length === 0) throw conflict('rating.already-rated', 'You have already rated this appointment.');
    return ownAppointment(ctx, tx, id);
  });
  return toAppointment(row, 'patient', now);
}

/**
 * The practice cancels a visit of a series and every later one still booked or confirmed (the
 * patient stops their therapy), with one reason: each is cancelled as practiceAction cancels one
 * (its own audit event, notice and email), in one transaction, so either all go or none does.
 * 409 appointment.not-in-series for an appointment booked on its own.
 */
export async function practiceCancelWithLater(ctx: ActorContext, id: string, reason: string): Promise<Appointment[]> {
  const tenant = ctx.actor.tenant;
  if (!tenant) throw notFound('appointment.not-found', 'This appointment was not found.');
  const now = ctx.now();
  const rows = await withTenant({ db: ctx.db, tenantId: tenant.id, userId: ctx.actor.userId }, async (tx) => {
    const current = await findAppointment(tx, id);
    if (!current || current.a.tenantId !== tenant.id) throw notFound('appointment.not-found', 'This appointment was not found.');
    const seriesId = current.a.seriesId;
    if (!seriesId) throw conflict('appointment.not-in-series', 'This appointment is not part of a series.');
    // This visit first: if it can no longer be cancelled, that is the answer and nothing changes.
    const cancelled = [await actAsPracticeOn(ctx, tx, tenant.id, current, 'cancel', reason, { series: seriesId })];
    const later = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.seriesId, seriesId),
          eq(appointments.tenantId, tenant.id),
          inArray(appointments.status, ['booked', 'confirmed']),
          gt(appointments.startsAt, current.a.startsAt),
        ),
      )
      .orderBy(asc(appointments.startsAt));
    for (const visit of later) cancelled.push(await actAsPracticeOn(ctx, tx, tenant.id, (await findAppointment(tx, visit.id))!, 'cancel', reason, { series: seriesId }));
    return cancelled;
  });
  ctx.wake('appointment-emails');
  return rows.map((row) => toAppointment(row, 'practice', now));
}

/**
 * One status change by the practice, inside its transaction: the transition rules, the audit event
 * naming the staff member, and for a confirmation or cancellation the patient's notice and queued
 * email. The appointment as it is afterwards.
 */
async function actAsPracticeOn(
  ctx: ActorContext,
  tx: Transaction,
  tenantId: string,
  current: AppointmentRow,
  action: AppointmentAction,
  reason: string | undefined,
  audit: Record<string, unknown> = {},
): Promise<AppointmentRow> {
  await applyAction(ctx, tx, current, 'practice', action, reason);
  await recordAudit(tx, {
    action: `appointment.${action}`,
    tenantId,
    actorUserId: ctx.actor.userId,
    targetType: 'appointment',
    targetId: current.a.id,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    metadata: { by: 'practice', ...audit },
  });
  const after = (await findAppointment(tx, current.a.id))!;
  if (action === 'confirm') await recordAppointmentChange(tx, after, 'confirmed', 'practice', ctx.publicOrigin);
  if (action === 'cancel') await recordAppointmentChange(tx, after, 'cancelled', 'practice', ctx.publicOrigin);
  return after;
}

/** The practice's side: a status change or a move, inside the session's organisation. */
export async function practiceAction(ctx: ActorContext, id: string, action: AppointmentAction, reason: string | undefined): Promise<Appointment> {
  const tenant = ctx.actor.tenant;
  if (!tenant) throw notFound('appointment.not-found', 'This appointment was not found.');
  const now = ctx.now();
  const row = await withTenant({ db: ctx.db, tenantId: tenant.id, userId: ctx.actor.userId }, async (tx) => {
    const current = await findAppointment(tx, id);
    if (!current || current.a.tenantId !== tenant.id) throw notFound('appointment.not-found', 'This appointment was not found.');
    return actAsPracticeOn(ctx, tx, tenant.id, current, action, reason);
  });
  if (action === 'cancel') ctx.wake('appointment-emails');
  return toAppointment(row, 'practice', now);
}
