import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { WAITLIST_DAYS_MAX, type JoinWaitlist, type WaitlistDays, type WaitlistDaysQuery, type WaitlistEntry } from '../../../shared/contracts/appointments.js';
import { availabilityOverrides, providerServices, waitlistEntries } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import type { ActorContext } from '../../platform/context.js';
import type { Queryable, Transaction } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/errors/domain-errors.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';
import { loadBookingTarget, slotsFor, type BookingTarget } from './availability.js';
import { availableSlots, calendarDateIn, localDay, waitlistDates, type DateOverride } from './slots.js';

/** Free times of a target on one local date (as anyone but `patientId` sees them). */
export async function freeOnDate(db: Queryable, target: BookingTarget, date: string, now: Date, patientId: string | null = null) {
  const { from, to } = localDay(date, target.location.timeZone);
  return slotsFor(db, target, from, to, now, { patientId });
}

function overridesBetween(db: Queryable, target: BookingTarget, first: string, last: string): Promise<DateOverride[]> {
  return db
    .select({ date: availabilityOverrides.date, hours: availabilityOverrides.hours })
    .from(availabilityOverrides)
    .where(and(eq(availabilityOverrides.locationId, target.location.id), gte(availabilityOverrides.date, first), lte(availabilityOverrides.date, last)));
}

/**
 * Whether the location's hours on a local date give the service any time at all, whatever is
 * booked and whenever "now" is: the date's override when it has one (a day off has none, extra
 * hours on a day normally closed have some), else that weekday's hours, less the breaks. A day
 * without any can never free up a time, so nobody waits for it. (Pure: the overrides already read.)
 */
function opensWith(target: BookingTarget, overrides: DateOverride[], date: string): boolean {
  const { from, to } = localDay(date, target.location.timeZone);
  // As seen at the day's start with no notice: only the hours decide, not how late it is today.
  const rules = { ...target.rules, overrides: overrides.filter((o) => o.date === date), minimumNoticeMinutes: 0, horizonDays: 2 };
  return availableSlots({ rules, service: target.service, busy: [], from, to, now: from }).length > 0;
}

/**
 * Whether a freed time on a local date could still be booked: the hours give the service a time
 * at or after now plus the minimum notice (pure; the overrides already read). Today's evening, once
 * the last bookable time is past, is not worth waiting for, though its hours are open.
 */
function stillBookableWith(target: BookingTarget, overrides: DateOverride[], date: string, now: Date): boolean {
  const { from, to } = localDay(date, target.location.timeZone);
  const rules = { ...target.rules, overrides: overrides.filter((o) => o.date === date) };
  return availableSlots({ rules, service: target.service, busy: [], from, to, now }).length > 0;
}

/**
 * The days joinWaitlist would take for a service, so the page offers those instead of letting the
 * person guess: each of the waitlistDates (today to the last whole day of the provider's horizon,
 * at most WAITLIST_DAYS_MAX days on) the hours open for the service and that has no free time as
 * this person sees it. One read of the free times, one of the overrides and one of their entries.
 */
export async function waitlistDays(ctx: ActorContext, providerId: string, query: WaitlistDaysQuery): Promise<WaitlistDays> {
  const now = ctx.now();
  return asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, async (tx) => {
    const target = await loadBookingTarget(tx, { providerId, serviceId: query.serviceId, locationId: query.locationId });
    if (!target || !target.verified || !target.service.active) throw notFound('booking.service-not-found', 'This provider does not offer that service there.');
    const zone = target.location.timeZone;
    const dates = waitlistDates(now, zone, target.rules.horizonDays, WAITLIST_DAYS_MAX);
    const first = dates[0]!;
    const last = dates[dates.length - 1]!;
    const free = await freeBetween(tx, target, first, last, now, ctx.actor.userId);
    const freeDates = new Set(free.map((slot) => calendarDateIn(slot.start, zone)));
    const overrides = await overridesBetween(tx, target, first, last);
    const waiting = await tx
      .select({ date: waitlistEntries.date })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.patientId, ctx.actor.userId),
          eq(waitlistEntries.providerId, target.providerId),
          eq(waitlistEntries.serviceId, target.service.id),
          inArray(waitlistEntries.status, ['waiting', 'offered']),
          gte(waitlistEntries.date, first),
          lte(waitlistEntries.date, last),
        ),
      );
    const waitingDates = new Set(waiting.map((w) => w.date));
    return {
      locationId: target.location.id,
      timeZone: zone,
      days: dates.filter((date) => !freeDates.has(date) && stillBookableWith(target, overrides, date, now)).map((date) => ({ date, waiting: waitingDates.has(date) })),
    };
  });
}

/** Free times of a target from the start of one local date to the end of another. */
function freeBetween(db: Queryable, target: BookingTarget, first: string, last: string, now: Date, patientId: string) {
  return slotsFor(db, target, localDay(first, target.location.timeZone).from, localDay(last, target.location.timeZone).to, now, { patientId });
}

async function entryRows(tx: Transaction, patientId: string, ids?: string[]) {
  return tx
    .select({ w: waitlistEntries, providerName: providerProfiles.displayName, serviceName: providerServices.name })
    .from(waitlistEntries)
    .innerJoin(providerProfiles, eq(providerProfiles.id, waitlistEntries.providerId))
    .innerJoin(providerServices, eq(providerServices.id, waitlistEntries.serviceId))
    .where(and(eq(waitlistEntries.patientId, patientId), ids ? inArray(waitlistEntries.id, ids) : inArray(waitlistEntries.status, ['waiting', 'offered'])))
    .orderBy(desc(waitlistEntries.createdAt));
}

function toEntry(row: Awaited<ReturnType<typeof entryRows>>[number], timeZone: string): WaitlistEntry {
  const w = row.w;
  return {
    id: w.id,
    status: w.status as WaitlistEntry['status'],
    date: w.date,
    provider: { id: w.providerId, displayName: row.providerName },
    service: { id: w.serviceId, name: row.serviceName },
    locationId: w.locationId,
    timeZone,
    offeredStartsAt: w.offeredStartsAt?.toISOString() ?? null,
    offerExpiresAt: w.offerExpiresAt?.toISOString() ?? null,
    createdAt: w.createdAt.toISOString(),
  };
}

/**
 * Joins the waitlist of a provider for one day. Only a day without free times can be waited
 * for (otherwise the answer offers those times), and only one the hours open for the service (a
 * closed day never frees a time) with a time still far enough ahead to book (not today's evening
 * once its last bookable time is past); one entry per person, service and day.
 */
export async function joinWaitlist(ctx: ActorContext, input: JoinWaitlist): Promise<WaitlistEntry> {
  const now = ctx.now();
  return asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, async (tx) => {
    const target = await loadBookingTarget(tx, input);
    if (!target || !target.verified || !target.service.active) throw notFound('booking.service-not-found', 'This provider does not offer that service there.');
    if (!waitlistDates(now, target.location.timeZone, target.rules.horizonDays, WAITLIST_DAYS_MAX).includes(input.date)) {
      throw conflict('waitlist.date-out-of-range', 'Choose a day between today and the last day this provider takes bookings for.');
    }
    const free = await freeOnDate(tx, target, input.date, now, ctx.actor.userId);
    if (free.length > 0) {
      throw conflict('waitlist.day-has-times', 'This day still has free times: book one of them instead.', {
        slots: free.slice(0, 12).map((s) => ({ start: s.start.toISOString() })),
      });
    }
    const overrides = await overridesBetween(tx, target, input.date, input.date);
    if (!opensWith(target, overrides, input.date)) {
      throw conflict('waitlist.closed-day', 'This provider has no opening hours for this service on that day, so no time can free up: choose a day they are open.');
    }
    if (!stillBookableWith(target, overrides, input.date, now)) {
      throw conflict('waitlist.day-over', 'What is left of that day is too soon to book, so no time can free up for you: choose a later day.');
    }
    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({ tenantId: target.tenantId, providerId: target.providerId, serviceId: target.service.id, locationId: target.location.id, patientId: ctx.actor.userId, date: input.date })
      .onConflictDoNothing()
      .returning({ id: waitlistEntries.id });
    if (!inserted) throw conflict('waitlist.already-waiting', 'You are already on the waitlist for this day.');
    const [row] = await entryRows(tx, ctx.actor.userId, [inserted.id]);
    return toEntry(row!, target.location.timeZone);
  });
}

export async function myWaitlist(ctx: ActorContext): Promise<WaitlistEntry[]> {
  return asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, async (tx) => {
    const rows = await entryRows(tx, ctx.actor.userId);
    const out: WaitlistEntry[] = [];
    for (const row of rows) {
      const target = await loadBookingTarget(tx, { providerId: row.w.providerId, serviceId: row.w.serviceId, locationId: row.w.locationId });
      out.push(toEntry(row, target?.location.timeZone ?? 'UTC'));
    }
    return out;
  });
}

export async function leaveWaitlist(ctx: ActorContext, id: string): Promise<void> {
  await asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, async (tx) => {
    const left = await tx
      .update(waitlistEntries)
      .set({ status: 'left' })
      .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.patientId, ctx.actor.userId), inArray(waitlistEntries.status, ['waiting', 'offered'])))
      .returning({ id: waitlistEntries.id });
    if (left.length === 0) throw notFound('waitlist.not-found', 'This waitlist entry was not found.');
  });
}
