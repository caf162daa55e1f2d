import { and, asc, desc, eq, getTableColumns, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppointmentStatus } from '../../../shared/appointments.js';
import { containsPattern } from '../../platform/db/like.js';
import { users } from '../../db/schema/auth.js';
import { appointmentRatings, appointments, locationAddressColumns, providerLocations, providerServices } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import type { Queryable } from '../../platform/db/database.js';

/** An appointment with everything its screens and emails show, in one statement. */
export function appointmentQuery(db: Queryable) {
  return db
    .select({
      a: appointments,
      provider: {
        id: providerProfiles.id,
        userId: providerProfiles.userId,
        displayName: providerProfiles.displayName,
        title: providerProfiles.title,
        specialty: providerProfiles.specialtySlug,
        cancellationWindowHours: providerProfiles.cancellationWindowHours,
        image: sql<string | null>`(select u2.image from users u2 where u2.id = ${providerProfiles.userId})`,
      },
      patient: { id: users.id, name: users.name, email: users.email },
      service: { id: providerServices.id, name: providerServices.name, durationMinutes: providerServices.durationMinutes },
      location: {
        id: providerLocations.id,
        ...locationAddressColumns,
      },
      organisationName: sql<string | null>`directory_organisation_name(${appointments.tenantId})`,
      /**
       * How to reach the practice: the appointment's location's phone and email, else the
       * provider's other locations', else the organisation's (any of its locations that has them):
       * three lookups through indexes (migration 0033).
       */
      contact: sql<{ phone: string | null; email: string | null } | null>`practice_contact(${appointments.tenantId}, ${appointments.providerId}, ${appointments.locationId})`,
      /** The patient's conversation with this provider, when there is one the caller may read (row-level security). */
      conversationId: sql<string | null>`(
        select c.id from conversations c
        where c.tenant_id = ${appointments.tenantId} and c.patient_id = ${appointments.patientId} and c.carer_id = ${providerProfiles.userId}
        limit 1)`,
      rated: sql<boolean>`exists (select 1 from ${appointmentRatings} r where r.appointment_id = ${appointments.id})`,
      /** When its video visit ended, and whether by itself (nobody in it), for the visit's people (row-level security). */
      visitEnded: sql<{ at: string; bySystem: boolean } | null>`(
        select jsonb_build_object('at', v.ended_at, 'bySystem', v.ended_by is null)
        from telehealth_visits v
        where v.appointment_id = ${appointments.id} and v.ended_at is not null)`,
      /** Its series' counts (see the contract), from the visits the caller may read. */
      series: sql<{ visit: number; visits: number; later: number } | null>`case when ${appointments.seriesId} is null then null else (
        select jsonb_build_object(
          'visit', count(*) filter (where s.status <> 'cancelled' and s.starts_at <= ${appointments.startsAt}),
          'visits', count(*) filter (where s.status <> 'cancelled'),
          'later', count(*) filter (where s.status in ('booked', 'confirmed') and s.starts_at > ${appointments.startsAt}))
        from appointments s
        where s.series_id = ${appointments.seriesId}) end`,
    })
    .from(appointments)
    .innerJoin(providerProfiles, eq(providerProfiles.id, appointments.providerId))
    .innerJoin(users, eq(users.id, appointments.patientId))
    .innerJoin(providerServices, eq(providerServices.id, appointments.serviceId))
    .innerJoin(providerLocations, eq(providerLocations.id, appointments.locationId));
}

export type AppointmentRow = Awaited<ReturnType<ReturnType<typeof appointmentQuery>['execute']>>[number];
export type AppointmentRecord = typeof appointments.$inferSelect;

/**
 * An appointments row as PostgreSQL's to_jsonb() gives it (snake_case names, timestamps as
 * text), mapped the way Drizzle maps a selected row: each column's own driver mapping.
 */
export function appointmentFromJson(json: Record<string, unknown>): AppointmentRecord {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(appointments))) {
    const value = json[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as AppointmentRecord;
}

export async function findAppointment(db: Queryable, id: string): Promise<AppointmentRow | undefined> {
  const [row] = await appointmentQuery(db).where(eq(appointments.id, id));
  return row;
}

/** A patient's own appointments, upcoming (soonest first) or past (latest first), with the count. */
export async function listPatientAppointments(
  db: Queryable,
  patientId: string,
  when: 'upcoming' | 'past',
  now: Date,
  limit: number,
  offset: number,
): Promise<{ rows: AppointmentRow[]; total: number }> {
  const nowIso = now.toISOString();
  const upcoming = sql`${appointments.endsAt} > ${nowIso}::timestamptz and ${appointments.status} in ('booked', 'confirmed', 'checked_in')`;
  const condition: SQL = when === 'upcoming' ? upcoming : sql`not (${upcoming})`;
  const where = and(eq(appointments.patientId, patientId), condition);
  // One after the other: a transaction's statements share one connection.
  const rows = await appointmentQuery(db)
    .where(where)
    .orderBy(when === 'upcoming' ? asc(appointments.startsAt) : desc(appointments.startsAt))
    .limit(limit)
    .offset(offset);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(appointments).where(where);
  return { rows, total: count?.n ?? 0 };
}

/** The practice's appointments of one provider or all providers in a time range, by start. */
export async function listPracticeAppointments(
  db: Queryable,
  tenantId: string,
  range: { from: Date; to: Date },
  providerId: string | null,
  filters: { status?: AppointmentStatus | undefined; patient?: string | undefined } = {},
): Promise<AppointmentRow[]> {
  // The patient search: every word of it is in the patient's name (any order, any case), or the
  // whole of it is in their email.
  const typed = (filters.patient ?? '').trim();
  const words = typed.split(/\s+/).filter(Boolean);
  return appointmentQuery(db)
    .where(
      and(
        eq(appointments.tenantId, tenantId),
        gte(appointments.startsAt, range.from),
        lt(appointments.startsAt, range.to),
        providerId ? eq(appointments.providerId, providerId) : undefined,
        filters.status ? eq(appointments.status, filters.status) : undefined,
        words.length > 0 ? or(and(...words.map((word) => ilike(users.name, containsPattern(word)))), ilike(users.email, containsPattern(typed))) : undefined,
      ),
    )
    .orderBy(asc(appointments.startsAt));
}
