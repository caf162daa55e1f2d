import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { availabilityOverrides } from '../../db/schema/booking.js';
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

/** How far ahead the practice's own staff may book or move to (the provider's horizon binds online booking only). */
export const PRACTICE_HORIZON_DAYS = 366;

/**
 * The target as the practice's staff book it: the minimum notice and the horizon are the online
 * booking's rules (a front desk books a patient who calls for the next free half hour, or for next
 * year's check-up); the hours, breaks, date changes, buffers, slot grid and busy time still hold,
 * and nothing starts in the past.
 */
export function asPractice(target: BookingTarget): BookingTarget {
  return { ...target, rules: { ...target.rules, minimumNoticeMinutes: 0, horizonDays: Math.max(target.rules.horizonDays, PRACTICE_HORIZON_DAYS) } };
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
 * The first free time of each provider: the earliest slot of their shortest active service at any
 * location, looking ahead two weeks at a time up to the horizon. The directory sorts and filters
 * on it (provider_profiles.next_available_at), so it is refreshed whenever bookings or hours change.
 *
 * Set-based, for the availability job's batches: three statements read the targets (one per
 * provider and location, booking_target_json as a booking reads it), the date overrides and the
 * busy time of every provider for the first two weeks, whatever the batch's size. Only a target
 * with nothing free in those two weeks reads the later weeks one at a time, as before.
 */
export async function firstFreeTimes(db: Queryable, providerIds: readonly string[], now: Date): Promise<Map<string, Date | null>> {
  const best = new Map<string, Date | null>(providerIds.map((id) => [id, null]));
  if (providerIds.length === 0) return best;
  const ids = JSON.stringify(providerIds);
  // Per location, the shortest active service it can host (a practice any, a virtual one telehealth).
  const rows = await queryRows<{ target: TargetJson | null }>(
    db,
    sql`select booking_target_json(l.provider_id, s.id, l.id) as target
        from provider_locations l
        cross join lateral (
          select s.id from provider_services s
          where s.provider_id = l.provider_id and s.active and (s.mode = 'telehealth' or l.kind = 'practice')
          order by s.duration_minutes, s.id limit 1) s
        where l.provider_id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid) and l.archived_at is null
        order by l.provider_id, l.sort_order, l.created_at`,
  );
  const targets = rows.map((r) => targetFromJson(r.target)).filter((t): t is BookingTarget => t !== undefined);
  if (targets.length === 0) return best;
  const step = 14 * DAY_MS;
  const from = now;
  const to = new Date(now.getTime() + step);
  const firstDate = new Date(from.getTime() - DAY_MS).toISOString().slice(0, 10);
  const lastDate = new Date(to.getTime() + DAY_MS).toISOString().slice(0, 10);
  const locationIds = JSON.stringify(targets.map((t) => t.location.id));
  const overrideRows = await queryRows<{ location_id: string; date: string; hours: DateOverride['hours'] }>(
    db,
    sql`select o.location_id, o.date::text as date, o.hours from availability_overrides o
        where o.location_id in (select jsonb_array_elements_text(${locationIds}::jsonb)::uuid)
          and o.date between ${firstDate}::date and ${lastDate}::date`,
  );
  const busyRows = await queryRows<{ provider_id: string; occupied_from: Date | string; occupied_to: Date | string }>(
    db,
    sql`select p.id as provider_id, b.occupied_from, b.occupied_to
        from (select distinct jsonb_array_elements_text(${ids}::jsonb)::uuid as id) p
        cross join lateral provider_busy_ranges(p.id, ${new Date(from.getTime() - DAY_MS).toISOString()}::timestamptz, ${new Date(to.getTime() + DAY_MS).toISOString()}::timestamptz) b`,
  );
  const overridesOf = groupBy(overrideRows, (r) => r.location_id, (r) => ({ date: r.date, hours: r.hours }));
  const busyOf = groupBy(busyRows, (r) => r.provider_id, (r) => ({ start: new Date(r.occupied_from), end: new Date(r.occupied_to) }));
  for (const target of targets) {
    let [slot] = slotsWith(target, overridesOf.get(target.location.id) ?? [], busyOf.get(target.providerId) ?? [], from, to, now);
    // Nothing in the first two weeks (rare): the later weeks, one statement pair each.
    for (let next = to.getTime(); !slot && next < now.getTime() + target.rules.horizonDays * DAY_MS; next += step) {
      const current = best.get(target.providerId);
      if (current && next >= current.getTime()) break;
      [slot] = await slotsFor(db, target, new Date(next), new Date(next + step), now);
    }
    const current = best.get(target.providerId);
    if (slot && (!current || slot.start < current)) best.set(target.providerId, slot.start);
  }
  return best;
}

function groupBy<R, V>(rows: readonly R[], key: (row: R) => string, value: (row: R) => V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}
