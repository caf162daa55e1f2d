import { TZDate } from '@date-fns/tz';
import { and, asc, eq, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { OPEN_APPOINTMENT_STATUSES, type AppointmentAction } from '../../../shared/appointments.js';
import type {
  Availability,
  BookingSettings,
  HoursInput,
  OverrideInput,
  PracticeAppointmentsQuery,
  PracticeBook,
  PracticeSeries,
  PracticeDashboard,
  PracticePatient,
  PracticePatientsQuery,
  PracticeProviderList,
  PracticeSlotsQuery,
  Preview,
} from '../../../shared/contracts/practice.js';
import { PRACTICE_PATIENTS_LIMIT } from '../../../shared/contracts/practice.js';
import { users } from '../../db/schema/auth.js';
import { containsPattern } from '../../platform/db/like.js';
import { knownTimeZone } from '../../../shared/time-zones.js';
import { appointments, availabilityOverrides, providerLocations, providerServices } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { recordAudit } from '../../platform/audit/audit.js';
import type { ActorContext } from '../../platform/context.js';
import type { Transaction } from '../../platform/db/database.js';
import { notFound, validationError } from '../../platform/errors/domain-errors.js';
import { loadBookingTarget, slotsFor } from './availability.js';
import { calendarDateIn, withinHours, type OpeningRules } from './slots.js';
import { appointmentQuery, listPracticeAppointments } from './appointments.repo.js';
import { practiceAction, practiceBook, practiceBookSeries, practiceCancelWithLater, practiceReschedule, practiceSlots, toAppointment } from './appointments.service.js';
import { toPublicLocation } from '../providers/providers.service.js';
import type { Slots } from '../../../shared/contracts/providers.js';
import { inTenant, locationNotFound, ownLocation, ownProfile, tenantOf } from './practice-scope.js';
import { updateLocation } from './practice-profile.repo.js';

const DAY_MS = 86_400_000;
/** Coming appointments read to find those outside the hours, and the most listed. */
const OUTSIDE_HOURS_SCAN = 2_000;
const OUTSIDE_HOURS_MAX = 100;

export async function getAvailability(ctx: ActorContext): Promise<Availability> {
  const today = ctx.now().toISOString().slice(0, 10);
  return inTenant(ctx, async (tx) => {
    const profile = await ownProfile(ctx, tx);
    const locations = await tx
      .select()
      .from(providerLocations)
      .where(and(eq(providerLocations.providerId, profile.id), isNull(providerLocations.archivedAt)))
      .orderBy(asc(providerLocations.sortOrder), asc(providerLocations.createdAt));
    const overrides = locations.length
      ? await tx
          .select()
          .from(availabilityOverrides)
          .where(and(inArray(availabilityOverrides.locationId, locations.map((l) => l.id)), gte(availabilityOverrides.date, today)))
          .orderBy(asc(availabilityOverrides.date))
      : [];
    const services = await tx.select().from(providerServices).where(and(eq(providerServices.providerId, profile.id), eq(providerServices.active, true))).orderBy(asc(providerServices.sortOrder));
    const outside = await outsideHours(tx, profile.id, ctx.now());
    return {
      providerId: profile.id,
      displayName: profile.displayName,
      settings: {
        slotIntervalMinutes: profile.slotIntervalMinutes,
        minimumNoticeMinutes: profile.minimumNoticeMinutes,
        horizonDays: profile.horizonDays,
        cancellationWindowHours: profile.cancellationWindowHours,
        acceptingNewPatients: profile.acceptingNewPatients,
      },
      locations: locations.map((l) => ({
        ...toPublicLocation(l),
        weeklyHours: l.weeklyHours,
        breaks: l.breaks,
        overrides: overrides.filter((o) => o.locationId === l.id).map((o) => ({ date: o.date, hours: o.hours, note: o.note })),
      })),
      services: services.map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        mode: s.mode as 'in_person' | 'telehealth',
        durationMinutes: s.durationMinutes,
        priceMinor: s.priceMinor,
        currency: s.currency,
        bufferBeforeMinutes: s.bufferBeforeMinutes,
        bufferAfterMinutes: s.bufferAfterMinutes,
      })),
      outsideHours: outside.map((r) => toAppointment(r, 'practice', ctx.now())),
    };
  });
}

/**
 * The provider's coming appointments that their hours no longer cover: booked before a day off,
 * shorter hours, a new break, or the removal of their location. The practice keeps or cancels
 * each; one it chose to keep is not listed again.
 */
async function outsideHoursIds(tx: Transaction, providerId: string, now: Date): Promise<string[]> {
  const coming = await tx
    .select({ id: appointments.id, locationId: appointments.locationId, startsAt: appointments.startsAt, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        inArray(appointments.status, ['booked', 'confirmed']),
        gte(appointments.startsAt, now),
        isNull(appointments.outsideHoursKeptAt),
      ),
    )
    .orderBy(asc(appointments.startsAt))
    .limit(OUTSIDE_HOURS_SCAN);
  if (coming.length === 0) return [];
  const locationIds = [...new Set(coming.map((a) => a.locationId))];
  const locations = await tx.select().from(providerLocations).where(inArray(providerLocations.id, locationIds));
  // A day before today (UTC) covers every zone's today; only coming dates are asked for.
  const fromDate = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  const overrides = await tx
    .select({ locationId: availabilityOverrides.locationId, date: availabilityOverrides.date, hours: availabilityOverrides.hours })
    .from(availabilityOverrides)
    .where(and(inArray(availabilityOverrides.locationId, locationIds), gte(availabilityOverrides.date, fromDate)));
  const rules = new Map<string, OpeningRules | null>(
    locations.map((l) => [
      l.id,
      l.archivedAt ? null : { timeZone: l.timeZone, weekly: l.weeklyHours, breaks: l.breaks, overrides: overrides.filter((o) => o.locationId === l.id) },
    ]),
  );
  return coming
    .filter((a) => {
      const open = rules.get(a.locationId);
      return !open || !withinHours(open, a.startsAt, a.endsAt);
    })
    .slice(0, OUTSIDE_HOURS_MAX)
    .map((a) => a.id);
}

async function outsideHours(tx: Transaction, providerId: string, now: Date) {
  const ids = await outsideHoursIds(tx, providerId, now);
  return ids.length === 0 ? [] : appointmentQuery(tx).where(inArray(appointments.id, ids)).orderBy(asc(appointments.startsAt));
}

/** The practice keeps an appointment that its hours no longer cover; it is not listed again. */
export async function keepOutsideHours(ctx: ActorContext, id: string): Promise<Availability> {
  await inTenant(ctx, async (tx) => {
    const profile = await ownProfile(ctx, tx);
    const kept = await tx
      .update(appointments)
      .set({ outsideHoursKeptAt: ctx.now(), updatedAt: ctx.now() })
      .where(and(eq(appointments.id, id), eq(appointments.providerId, profile.id), inArray(appointments.status, ['booked', 'confirmed'])))
      .returning({ id: appointments.id });
    if (kept.length === 0) throw notFound('appointment.not-found', 'This appointment was not found.');
    await recordAudit(tx, { action: 'appointment.kept-outside-hours', tenantId: tenantOf(ctx).id, actorUserId: ctx.actor.userId, targetType: 'appointment', targetId: id, requestId: ctx.requestId, clientIp: ctx.clientIp });
  });
  return getAvailability(ctx);
}

async function audit(ctx: ActorContext, tx: Transaction, action: string, targetId: string, metadata: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(tx, { action, tenantId: tenantOf(ctx).id, actorUserId: ctx.actor.userId, targetType: 'provider', targetId, requestId: ctx.requestId, clientIp: ctx.clientIp, metadata });
}

/** Booking rules of the provider's own profile; the directory's first free time is recomputed. */
export async function updateSettings(ctx: ActorContext, input: BookingSettings): Promise<Availability> {
  await inTenant(ctx, async (tx) => {
    const profile = await ownProfile(ctx, tx);
    await tx.update(providerProfiles).set({ ...input, nextAvailableStale: true, updatedAt: ctx.now() }).where(eq(providerProfiles.id, profile.id));
    await audit(ctx, tx, 'practice.settings-changed', profile.id, { ...input });
  });
  return getAvailability(ctx);
}


export async function updateHours(ctx: ActorContext, locationId: string, input: HoursInput): Promise<Availability> {
  await inTenant(ctx, async (tx) => {
    const { profile } = await ownLocation(ctx, tx, locationId);
    if (!(await updateLocation(tx, locationId, profile.id, { weeklyHours: input.weeklyHours, breaks: input.breaks, updatedAt: ctx.now() }))) throw locationNotFound();
    await tx.update(providerProfiles).set({ nextAvailableStale: true }).where(eq(providerProfiles.id, profile.id));
    await audit(ctx, tx, 'practice.hours-changed', profile.id, { locationId });
  });
  return getAvailability(ctx);
}

export async function putOverride(ctx: ActorContext, locationId: string, date: string, input: OverrideInput): Promise<Availability> {
  await inTenant(ctx, async (tx) => {
    const { profile, location } = await ownLocation(ctx, tx, locationId);
    // A past date's hours make no free time and would only clutter the list (it shows today on).
    if (date < calendarDateIn(ctx.now(), location.timeZone)) {
      throw validationError('practice.override-in-past', 'That date has passed: hours can be changed for today and later dates only.');
    }
    await tx
      .insert(availabilityOverrides)
      .values({ tenantId: tenantOf(ctx).id, locationId, date, hours: input.hours, note: input.note })
      .onConflictDoUpdate({ target: [availabilityOverrides.locationId, availabilityOverrides.date], set: { hours: input.hours, note: input.note } });
    await tx.update(providerProfiles).set({ nextAvailableStale: true }).where(eq(providerProfiles.id, profile.id));
    await audit(ctx, tx, 'practice.override-set', profile.id, { locationId, date, hours: input.hours });
  });
  return getAvailability(ctx);
}

export async function deleteOverride(ctx: ActorContext, locationId: string, date: string): Promise<Availability> {
  await inTenant(ctx, async (tx) => {
    const { profile } = await ownLocation(ctx, tx, locationId);
    const removed = await tx
      .delete(availabilityOverrides)
      .where(and(eq(availabilityOverrides.locationId, locationId), eq(availabilityOverrides.date, date)))
      .returning({ id: availabilityOverrides.id });
    if (removed.length === 0) throw notFound('practice.override-not-found', 'There is no change of hours on that date.');
    await tx.update(providerProfiles).set({ nextAvailableStale: true }).where(eq(providerProfiles.id, profile.id));
    await audit(ctx, tx, 'practice.override-removed', profile.id, { locationId, date });
  });
  return getAvailability(ctx);
}

/** Seven days of free times from a local date, as a patient would see them now. */
export async function previewWeek(ctx: ActorContext, query: { locationId: string; serviceId: string; weekStart: string }): Promise<Preview> {
  const now = ctx.now();
  return inTenant(ctx, async (tx) => {
    const { profile, location } = await ownLocation(ctx, tx, query.locationId);
    const target = await loadBookingTarget(tx, { providerId: profile.id, serviceId: query.serviceId, locationId: location.id });
    if (!target) throw notFound('booking.service-not-found', 'This service is not offered at this location.');
    const [y, m, d] = query.weekStart.split('-').map(Number) as [number, number, number];
    const days: Preview['days'] = [];
    for (let i = 0; i < 7; i++) {
      const dayStart = new TZDate(y, m - 1, d + i, 0, 0, location.timeZone);
      const dayEnd = new TZDate(y, m - 1, d + i + 1, 0, 0, location.timeZone);
      const slots = await slotsFor(tx, target, new Date(dayStart.getTime()), new Date(dayEnd.getTime()), now);
      const date = `${dayStart.getFullYear()}-${String(dayStart.getMonth() + 1).padStart(2, '0')}-${String(dayStart.getDate()).padStart(2, '0')}`;
      days.push({ date, slots: slots.map((s) => ({ start: s.start.toISOString() })) });
    }
    return { timeZone: location.timeZone, days };
  });
}

/**
 * A provider sees their own appointments; other staff (practice managers, administrators) see
 * every provider's in the organisation.
 */
async function scopeProvider(ctx: ActorContext, tx: Transaction, requested: string | undefined): Promise<string | null> {
  const [own] = await tx
    .select({ id: providerProfiles.id })
    .from(providerProfiles)
    .where(and(eq(providerProfiles.userId, ctx.actor.userId), eq(providerProfiles.tenantId, tenantOf(ctx).id)));
  if (own) return own.id;
  return requested ?? null;
}

export async function listPractice(ctx: ActorContext, query: PracticeAppointmentsQuery) {
  const now = ctx.now();
  const rows = await inTenant(ctx, async (tx) => {
    const providerId = await scopeProvider(ctx, tx, query.providerId);
    return listPracticeAppointments(tx, tenantOf(ctx).id, { from: new Date(query.from), to: new Date(query.to) }, providerId, { status: query.status, patient: query.patient });
  });
  return { appointments: rows.map((r) => toAppointment(r, 'practice', now)) };
}

/** Providers act on their own appointments only; other staff on any of the organisation's. */
async function refuseOthersAppointment(ctx: ActorContext, id: string): Promise<void> {
  await inTenant(ctx, async (tx) => {
    const providerId = await scopeProvider(ctx, tx, undefined);
    if (!providerId) return;
    const [row] = await tx.select({ providerId: appointments.providerId }).from(appointments).where(eq(appointments.id, id));
    if (row && row.providerId !== providerId) throw notFound('appointment.not-found', 'This appointment was not found.');
  });
}

export async function actAsPractice(ctx: ActorContext, id: string, action: AppointmentAction, reason: string | undefined) {
  await refuseOthersAppointment(ctx, id);
  return practiceAction(ctx, id, action, reason);
}

/** The practice cancels a visit of a series with its later ones (practiceCancelWithLater). */
export async function cancelWithLaterAsPractice(ctx: ActorContext, id: string, reason: string) {
  await refuseOthersAppointment(ctx, id);
  return { cancelled: await practiceCancelWithLater(ctx, id, reason) };
}

/** The practice moves a coming appointment to another free time (the patient is told by email). */
export async function moveAsPractice(ctx: ActorContext, id: string, startsAt: string) {
  await refuseOthersAppointment(ctx, id);
  return practiceReschedule(ctx, id, startsAt);
}

/** The provider's free times for the practice's own booking and moves (a provider: their own; other staff: the one they name). */
export async function slotsAsPractice(ctx: ActorContext, query: PracticeSlotsQuery): Promise<Slots> {
  const providerId = await inTenant(ctx, (tx) => scopeProvider(ctx, tx, query.providerId));
  if (!providerId) {
    throw validationError('practice.provider-required', 'Choose the provider the appointment is with.', [{ path: 'query.providerId', code: 'required' }]);
  }
  const { providerId: _named, ...slotsQuery } = query;
  return practiceSlots(ctx, providerId, slotsQuery);
}

/**
 * The practice books a time for one of its patients: a provider with themselves, other staff with
 * the provider they name (in this organisation: practiceBook checks).
 */
export async function bookAsPractice(ctx: ActorContext, input: PracticeBook, idempotencyKey: string) {
  return practiceBook(ctx, await practiceProviderOf(ctx, input.providerId), input, idempotencyKey);
}

/** The same for a series of visits (practiceBookSeries). */
export async function bookSeriesAsPractice(ctx: ActorContext, input: PracticeSeries, idempotencyKey: string) {
  return practiceBookSeries(ctx, await practiceProviderOf(ctx, input.providerId), input, idempotencyKey);
}

/** The provider a practice booking is with: the provider themselves, or the one other staff name. */
async function practiceProviderOf(ctx: ActorContext, named: string | undefined): Promise<string> {
  const providerId = await inTenant(ctx, (tx) => scopeProvider(ctx, tx, named));
  if (!providerId) {
    throw validationError('practice.provider-required', 'Choose the provider the appointment is with.', [{ path: 'body.providerId', code: 'required' }]);
  }
  return providerId;
}

/**
 * The organisation's patients (people with an appointment in it; a provider's own patients for a
 * provider) whose name or email holds every word of the query: those whose name holds them all
 * first (reception types a name more often than an email), then the most recently seen, then
 * those only booked so far.
 */
export async function practicePatients(ctx: ActorContext, query: PracticePatientsQuery): Promise<PracticePatient[]> {
  const words = query.query.split(/\s+/).filter(Boolean).slice(0, 6);
  const tenantId = tenantOf(ctx).id;
  const now = ctx.now().toISOString();
  return inTenant(ctx, async (tx) => {
    const providerId = await scopeProvider(ctx, tx, query.providerId);
    const lastVisit = sql<Date | null>`max(${appointments.startsAt}) filter (where ${appointments.startsAt} <= ${now}::timestamptz)`;
    const nextVisit = sql<Date | null>`min(${appointments.startsAt}) filter (where ${appointments.startsAt} > ${now}::timestamptz and ${appointments.status} in ('booked', 'confirmed', 'checked_in'))`;
    // (Without words every name holds them: a constant is not an ORDER BY key.)
    const nameFirst = words.length > 0 ? [sql`${and(...words.map((w) => ilike(users.name, containsPattern(w))))} desc`] : [];
    const rows = await tx
      .select({ id: users.id, name: users.name, email: users.email, lastVisitAt: lastVisit, nextVisitAt: nextVisit })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.patientId))
      .where(
        and(
          eq(appointments.tenantId, tenantId),
          providerId ? eq(appointments.providerId, providerId) : undefined,
          query.patientId ? eq(appointments.patientId, query.patientId) : undefined,
          ...words.map((w) => or(ilike(users.name, containsPattern(w)), ilike(users.email, containsPattern(w)))),
        ),
      )
      .groupBy(users.id)
      .orderBy(...nameFirst, sql`${lastVisit} desc nulls last`, sql`${nextVisit} asc`, asc(users.name))
      .limit(PRACTICE_PATIENTS_LIMIT);
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
    return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, lastVisitAt: iso(r.lastVisitAt), nextVisitAt: iso(r.nextVisitAt) }));
  });
}

/** Whom the practice books with: a provider themselves (once verified); other staff the organisation's verified providers, by name. */
export async function practiceProviders(ctx: ActorContext): Promise<PracticeProviderList> {
  const tenantId = tenantOf(ctx).id;
  return inTenant(ctx, async (tx) => {
    const own = await scopeProvider(ctx, tx, undefined);
    const rows = await tx
      .select({ id: providerProfiles.id, displayName: providerProfiles.displayName, title: providerProfiles.title })
      .from(providerProfiles)
      .where(and(eq(providerProfiles.tenantId, tenantId), eq(providerProfiles.verificationStatus, 'verified'), own ? eq(providerProfiles.id, own) : undefined))
      .orderBy(asc(providerProfiles.displayName));
    return { providers: rows };
  });
}

/** Midnight of the day of `moment` in a time zone, and the Monday that starts its week. */
function dayAndWeek(moment: Date, timeZone: string): { dayStart: Date; dayEnd: Date; weekStart: Date; weekEnd: Date } {
  const local = new TZDate(moment.getTime(), timeZone);
  const dayStart = new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), 0, 0, timeZone);
  const dayEnd = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 1, 0, 0, timeZone);
  const sinceMonday = (local.getDay() + 6) % 7;
  const weekStart = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - sinceMonday, 0, 0, timeZone);
  const weekEnd = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - sinceMonday + 7, 0, 0, timeZone);
  return { dayStart: new Date(dayStart.getTime()), dayEnd: new Date(dayEnd.getTime()), weekStart: new Date(weekStart.getTime()), weekEnd: new Date(weekEnd.getTime()) };
}

export async function practiceDashboard(ctx: ActorContext, timeZone: string | undefined): Promise<PracticeDashboard> {
  const now = ctx.now();
  const zone = (timeZone && knownTimeZone(timeZone)) ?? (ctx.actor.timeZone && knownTimeZone(ctx.actor.timeZone)) ?? 'UTC';
  const { dayStart, dayEnd, weekStart, weekEnd } = dayAndWeek(now, zone);
  const tenantId = tenantOf(ctx).id;
  return inTenant(ctx, async (tx) => {
    const providerId = await scopeProvider(ctx, tx, undefined);
    const mine = providerId ? eq(appointments.providerId, providerId) : undefined;
    const today = await listPracticeAppointments(tx, tenantId, { from: dayStart, to: dayEnd }, providerId);
    const waiting = await appointmentQuery(tx)
      .where(
        and(
          eq(appointments.tenantId, tenantId),
          mine,
          or(
            and(eq(appointments.status, 'booked'), gte(appointments.startsAt, now)),
            and(inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]), lt(appointments.startsAt, now), gte(appointments.startsAt, new Date(now.getTime() - 30 * DAY_MS))),
          ),
        ),
      )
      .orderBy(asc(appointments.startsAt))
      .limit(20);
    const weekRows = await tx
      .select({ status: appointments.status, currency: appointments.currency, n: sql<number>`count(*)::int`, fees: sql<number>`sum(${appointments.priceMinor})::int` })
      .from(appointments)
      .where(and(eq(appointments.tenantId, tenantId), mine, gte(appointments.startsAt, weekStart), lt(appointments.startsAt, weekEnd)))
      .groupBy(appointments.status, appointments.currency);
    const count = (statuses: string[]) => weekRows.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + r.n, 0);
    const revenue = new Map<string, number>();
    for (const r of weekRows.filter((w) => w.status === 'completed')) revenue.set(r.currency, (revenue.get(r.currency) ?? 0) + r.fees);
    return {
      today: today.map((r) => toAppointment(r, 'practice', now)),
      waiting: waiting.map((r) => toAppointment(r, 'practice', now)),
      week: {
        booked: count(['booked', 'confirmed', 'checked_in', 'completed', 'no_show']),
        completed: count(['completed']),
        cancelled: count(['cancelled']),
        noShow: count(['no_show']),
        revenue: [...revenue].map(([currency, amountMinor]) => ({ currency, amountMinor })),
      },
      hasProfile: providerId !== null,
      outsideHours: providerId ? (await outsideHoursIds(tx, providerId, now)).length : 0,
    };
  });
}
