import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { availabilityOverrides, providerLocations, providerServices } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { queryRows, type Queryable } from '../../platform/db/database.js';
import { availableSlots, type AvailabilityRules, type Busy, type ServiceTiming, type Slot } from './slots.js';

const DAY_MS = 86_400_000;

export interface BookingTarget {
  providerId: string;
  /** The provider's own account (nobody books themselves). */
  providerUserId: string;
  tenantId: string;
  cancellationWindowHours: number;
  acceptingNewPatients: boolean;
  verified: boolean;
  service: ServiceTiming & { id: string; name: string; mode: 'in_person' | 'telehealth'; priceMinor: number; currency: string; active: boolean };
  location: { id: string; name: string; kind: 'practice' | 'virtual'; timeZone: string };
  rules: AvailabilityRules;
}

/**
 * What slot generation needs for one provider, service and location, read in one statement
 * (the location defaults to the provider's first that suits the service's mode).
 * Undefined when the provider, service or location does not exist or do not belong together.
 */
export async function loadBookingTarget(
  db: Queryable,
  ids: { providerId: string; serviceId: string; locationId?: string | undefined },
): Promise<BookingTarget | undefined> {
  const rows = await db
    .select({
      providerId: providerProfiles.id,
      providerUserId: providerProfiles.userId,
      tenantId: providerProfiles.tenantId,
      verificationStatus: providerProfiles.verificationStatus,
      cancellationWindowHours: providerProfiles.cancellationWindowHours,
      acceptingNewPatients: providerProfiles.acceptingNewPatients,
      slotIntervalMinutes: providerProfiles.slotIntervalMinutes,
      minimumNoticeMinutes: providerProfiles.minimumNoticeMinutes,
      horizonDays: providerProfiles.horizonDays,
      service: {
        id: providerServices.id,
        name: providerServices.name,
        mode: providerServices.mode,
        durationMinutes: providerServices.durationMinutes,
        bufferBeforeMinutes: providerServices.bufferBeforeMinutes,
        bufferAfterMinutes: providerServices.bufferAfterMinutes,
        priceMinor: providerServices.priceMinor,
        currency: providerServices.currency,
        active: providerServices.active,
      },
      location: {
        id: providerLocations.id,
        name: providerLocations.name,
        kind: providerLocations.kind,
        timeZone: providerLocations.timeZone,
        weeklyHours: providerLocations.weeklyHours,
        breaks: providerLocations.breaks,
      },
    })
    .from(providerProfiles)
    .innerJoin(providerServices, and(eq(providerServices.providerId, providerProfiles.id), eq(providerServices.id, ids.serviceId)))
    .innerJoin(
      providerLocations,
      and(
        eq(providerLocations.providerId, providerProfiles.id),
        ids.locationId
          ? eq(providerLocations.id, ids.locationId)
          : // In-person services need a practice; telehealth may use any location's hours.
            sql`(${providerServices.mode} = 'telehealth' or ${providerLocations.kind} = 'practice')`,
      ),
    )
    .where(eq(providerProfiles.id, ids.providerId))
    .orderBy(providerLocations.sortOrder, providerLocations.createdAt)
    .limit(1);
  const row = rows[0];
  if (!row || !row.tenantId) return undefined;
  if (row.service.mode === 'in_person' && row.location.kind !== 'practice') return undefined;
  return {
    providerId: row.providerId,
    providerUserId: row.providerUserId,
    tenantId: row.tenantId,
    cancellationWindowHours: row.cancellationWindowHours,
    acceptingNewPatients: row.acceptingNewPatients,
    verified: row.verificationStatus === 'verified',
    service: { ...row.service, mode: row.service.mode as 'in_person' | 'telehealth' },
    location: { id: row.location.id, name: row.location.name, kind: row.location.kind as 'practice' | 'virtual', timeZone: row.location.timeZone },
    rules: {
      timeZone: row.location.timeZone,
      weekly: row.location.weeklyHours,
      breaks: row.location.breaks,
      overrides: [],
      slotIntervalMinutes: row.slotIntervalMinutes,
      minimumNoticeMinutes: row.minimumNoticeMinutes,
      horizonDays: row.horizonDays,
    },
  };
}

/** Busy time of a provider (any patient's appointments, with buffers), through the definer function. */
export async function busyRanges(
  db: Queryable,
  providerId: string,
  from: Date,
  to: Date,
  exceptAppointmentId: string | null = null,
  patientId: string | null = null,
): Promise<Busy[]> {
  const rows = await queryRows<{ occupied_from: Date | string; occupied_to: Date | string }>(
    db,
    sql`select occupied_from, occupied_to from provider_busy_ranges(${providerId}, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, ${exceptAppointmentId}::uuid, ${patientId}::uuid)`,
  );
  return rows.map((r) => ({ start: new Date(r.occupied_from), end: new Date(r.occupied_to) }));
}

/**
 * Free slots of a target between from and to: its overrides for those dates (a day either side
 * for time-zone edges) and the provider's busy time are read, then the pure rules decide.
 * `ignoreBusy` gives the times the hours allow whatever is booked; `exceptAppointmentId` leaves
 * one appointment's own time out of the busy time (while it moves); `patientId` lets a time held
 * for that patient's waitlist offer count as free for them.
 */
export async function slotsFor(
  db: Queryable,
  target: BookingTarget,
  from: Date,
  to: Date,
  now: Date,
  options: { ignoreBusy?: boolean; exceptAppointmentId?: string | null; patientId?: string | null } = {},
): Promise<Slot[]> {
  const firstDate = new Date(from.getTime() - DAY_MS).toISOString().slice(0, 10);
  const lastDate = new Date(to.getTime() + DAY_MS).toISOString().slice(0, 10);
  // One after the other: a transaction's statements share one connection.
  const overrides = await db
    .select({ date: availabilityOverrides.date, hours: availabilityOverrides.hours })
    .from(availabilityOverrides)
    .where(and(eq(availabilityOverrides.locationId, target.location.id), gte(availabilityOverrides.date, firstDate), lte(availabilityOverrides.date, lastDate)));
  const busy = options.ignoreBusy
    ? []
    : await busyRanges(db, target.providerId, new Date(from.getTime() - DAY_MS), new Date(to.getTime() + DAY_MS), options.exceptAppointmentId ?? null, options.patientId ?? null);
  return availableSlots({ rules: { ...target.rules, overrides }, service: target.service, busy, from, to, now });
}

/**
 * The first free time of a provider: the earliest slot of their shortest active service at any
 * location, looking ahead two weeks at a time up to the horizon. The directory sorts and filters
 * on it (provider_profiles.next_available_at), so it is refreshed whenever bookings or hours change.
 */
export async function firstFreeTime(db: Queryable, providerId: string, now: Date): Promise<Date | null> {
  const services = await db
    .select({ id: providerServices.id, mode: providerServices.mode, duration: providerServices.durationMinutes })
    .from(providerServices)
    .where(and(eq(providerServices.providerId, providerId), eq(providerServices.active, true)))
    .orderBy(providerServices.durationMinutes);
  const locations = await db.select({ id: providerLocations.id, kind: providerLocations.kind }).from(providerLocations).where(eq(providerLocations.providerId, providerId));
  let best: Date | null = null;
  for (const location of locations) {
    const service = services.find((s) => s.mode === 'telehealth' || location.kind === 'practice');
    if (!service) continue;
    const target = await loadBookingTarget(db, { providerId, serviceId: service.id, locationId: location.id });
    if (!target) continue;
    const step = 14 * DAY_MS;
    for (let from = now.getTime(); from < now.getTime() + target.rules.horizonDays * DAY_MS; from += step) {
      if (best && from >= best.getTime()) break;
      const [slot] = await slotsFor(db, target, new Date(from), new Date(from + step), now);
      if (slot) {
        if (!best || slot.start < best) best = slot.start;
        break;
      }
    }
  }
  return best;
}
