import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { availabilityOverrides, providerLocations, providerServices } from '../../db/schema/booking.js';
import { queryRows, type Queryable } from '../../platform/db/database.js';
import { availableSlots, type AvailabilityRules, type Busy, type DateOverride, type ServiceTiming, type Slot, type WeeklyRange } from './slots.js';

const DAY_MS = 86_400_000;

export interface BookingTarget {
  providerId: string;
  /** The provider's own account (nobody books themselves). */
  providerUserId: string;
  tenantId: string;
  cancellationWindowHours: number;
  acceptingNewPatients: boolean;
  verified: boolean;
  /** What an appointment's answer and emails show of the provider and the organisation. */
  display: { displayName: string; title: string; specialty: string; image: string | null; organisationName: string | null };
  service: ServiceTiming & { id: string; name: string; mode: 'in_person' | 'telehealth'; priceMinor: number; currency: string; active: boolean };
  location: {
    id: string;
    name: string;
    kind: 'practice' | 'virtual';
    timeZone: string;
    street: string | null;
    suburb: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    country: string;
  };
  rules: AvailabilityRules;
}

/** The JSON of booking_target_json() (migration 0009). */
interface TargetJson {
  providerId: string;
  providerUserId: string;
  tenantId: string;
  verificationStatus: string;
  cancellationWindowHours: number;
  acceptingNewPatients: boolean;
  slotIntervalMinutes: number;
  minimumNoticeMinutes: number;
  horizonDays: number;
  displayName: string;
  title: string;
  specialty: string;
  image: string | null;
  organisationName: string | null;
  service: BookingTarget['service'];
  location: Omit<BookingTarget['location'], 'kind'> & { kind: string; weeklyHours: WeeklyRange[]; breaks: WeeklyRange[] };
}

export function targetFromJson(row: TargetJson | null | undefined): BookingTarget | undefined {
  if (!row) return undefined;
  const { weeklyHours, breaks, ...location } = row.location;
  return {
    providerId: row.providerId,
    providerUserId: row.providerUserId,
    tenantId: row.tenantId,
    cancellationWindowHours: row.cancellationWindowHours,
    acceptingNewPatients: row.acceptingNewPatients,
    verified: row.verificationStatus === 'verified',
    display: { displayName: row.displayName, title: row.title, specialty: row.specialty, image: row.image, organisationName: row.organisationName },
    service: row.service,
    location: { ...location, kind: location.kind === 'practice' ? 'practice' : 'virtual' },
    rules: {
      timeZone: row.location.timeZone,
      weekly: weeklyHours,
      breaks,
      overrides: [],
      slotIntervalMinutes: row.slotIntervalMinutes,
      minimumNoticeMinutes: row.minimumNoticeMinutes,
      horizonDays: row.horizonDays,
    },
  };
}

/**
 * What slot generation needs for one provider, service and location, in one statement (the SQL
 * function booking_target_json, which the one-statement booking context uses too). The location
 * defaults to the provider's first that suits the service's mode. Undefined when the provider,
 * service or location does not exist or do not belong together.
 */
export async function loadBookingTarget(
  db: Queryable,
  ids: { providerId: string; serviceId: string; locationId?: string | undefined },
): Promise<BookingTarget | undefined> {
  const [row] = await queryRows<{ target: TargetJson | null }>(
    db,
    sql`select booking_target_json(${ids.providerId}::uuid, ${ids.serviceId}::uuid, ${ids.locationId ?? null}::uuid) as target`,
  );
  return targetFromJson(row?.target);
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
  return slotsWith(target, overrides, busy, from, to, now);
}

/** Free slots of a target from overrides and busy time already read (pure). */
export function slotsWith(target: BookingTarget, overrides: DateOverride[], busy: Busy[], from: Date, to: Date, now: Date): Slot[] {
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
  const locations = await db.select({ id: providerLocations.id, kind: providerLocations.kind }).from(providerLocations).where(and(eq(providerLocations.providerId, providerId), isNull(providerLocations.archivedAt)));
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
