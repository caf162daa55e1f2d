import { and, asc, count, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { OPEN_APPOINTMENT_STATUSES } from '../../../shared/appointments.js';
import { boolean, doublePrecision, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/auth.js';
import { availabilityOverrides, appointments, providerLocations, providerServices } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { tenants } from '../../db/schema/tenants.js';
import type { Queryable } from '../../platform/db/database.js';

/**
 * Data access for a provider's own directory profile, services and locations. Every function
 * runs inside the caller's withTenant transaction, so row-level security applies to each one.
 */

export type ProfileRow = typeof providerProfiles.$inferSelect;
export type ServiceRow = typeof providerServices.$inferSelect;
export type LocationRow = typeof providerLocations.$inferSelect;

/**
 * The columns of provider_profiles the application role may insert (migration 0010 grants
 * INSERT on exactly these). Drizzle names every column of a table in an INSERT, with DEFAULT
 * for the missing ones, and PostgreSQL checks the privilege of every column named; so new
 * profiles are written through this narrower view of the same table. Never queried otherwise.
 */
const insertableProfiles = pgTable('provider_profiles', {
  userId: uuid('user_id').notNull(),
  tenantId: uuid('tenant_id').notNull(),
  specialtySlug: text('specialty_slug').notNull(),
  regionCode: text('region_code').notNull(),
  displayName: text('display_name').notNull(),
  title: text('title').notNull(),
  bio: text('bio').notNull(),
  otherSpecialties: text('other_specialties').array().notNull(),
  languages: text('languages').array().notNull(),
  conditions: text('conditions').array().notNull(),
  qualifications: text('qualifications').array().notNull(),
  registrationNumber: text('registration_number'),
  offersTelehealth: boolean('offers_telehealth').notNull(),
  offersInPerson: boolean('offers_in_person').notNull(),
  acceptingNewPatients: boolean('accepting_new_patients').notNull(),
  ndisRegistered: boolean('ndis_registered').notNull(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  searchDocument: text('search_document').notNull(),
  nextAvailableStale: boolean('next_available_stale').notNull(),
});
export type NewProfile = typeof insertableProfiles.$inferInsert;

/** The columns a provider changes on their own profile (granted for UPDATE in 0007 and 0010). */
export type ProfileChanges = Partial<
  Pick<
    ProfileRow,
    | 'displayName'
    | 'title'
    | 'bio'
    | 'specialtySlug'
    | 'otherSpecialties'
    | 'languages'
    | 'conditions'
    | 'qualifications'
    | 'registrationNumber'
    | 'offersTelehealth'
    | 'offersInPerson'
    | 'acceptingNewPatients'
    | 'ndisRegistered'
    | 'latitude'
    | 'longitude'
    | 'searchDocument'
    | 'nextAvailableStale'
    | 'updatedAt'
  >
>;


export async function findProfileOfUserIn(db: Queryable, userId: string, tenantId: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(providerProfiles)
    .where(and(eq(providerProfiles.userId, userId), eq(providerProfiles.tenantId, tenantId)));
  return row;
}

/** The person's profile in any organisation (a person has one profile: user_id is unique). */
export async function findProfileOfUser(db: Queryable, userId: string): Promise<{ id: string; tenantId: string | null } | undefined> {
  const [row] = await db.select({ id: providerProfiles.id, tenantId: providerProfiles.tenantId }).from(providerProfiles).where(eq(providerProfiles.userId, userId));
  return row;
}

export async function findProfileById(db: Queryable, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(providerProfiles).where(eq(providerProfiles.id, id));
  return row;
}

/**
 * What the organisation says about its region: the region its branding names (the demo's
 * practices), else the region of a provider profile it already has.
 */
export async function organisationRegionHints(db: Queryable, tenantId: string): Promise<{ branding: string | null; profile: string | null }> {
  const [tenant] = await db.select({ region: sql<string | null>`${tenants.branding} ->> 'region'` }).from(tenants).where(eq(tenants.id, tenantId));
  const [profile] = await db
    .select({ region: providerProfiles.regionCode })
    .from(providerProfiles)
    .where(eq(providerProfiles.tenantId, tenantId))
    .orderBy(asc(providerProfiles.createdAt))
    .limit(1);
  return { branding: tenant?.region ?? null, profile: profile?.region ?? null };
}

export async function organisationName(db: Queryable, tenantId: string): Promise<string> {
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return tenant?.name ?? '';
}

export async function insertProfile(db: Queryable, values: NewProfile): Promise<string> {
  // The id is generated by its default (not a column the application role may insert).
  const [row] = await db.insert(insertableProfiles).values(values).returning({ id: sql<string>`id` });
  if (!row?.id) throw new Error('the new profile has no id');
  return row.id;
}

export async function updateProfile(db: Queryable, id: string, changes: ProfileChanges): Promise<void> {
  await db.update(providerProfiles).set(changes).where(eq(providerProfiles.id, id));
}

// ------------------------------------------------------------------------------------------
// Review requests
// ------------------------------------------------------------------------------------------
//
// The review columns (verification_status, rejection_reason, reviewed_*) are not granted to the
// application role, so nothing the provider's session runs can verify a profile. Sending a
// profile back to the review is the one change of them a provider causes (asking again after a
// rejection, or changing what the review checked): these run on the server's own connection, in
// the change's transaction, and name the provider and the organisation themselves (the caller
// passes the signed-in person and the session's organisation).

/** The person's profile in the organisation, locked until the transaction ends (the review may not change meanwhile). */
export async function lockProfileOfUserIn(db: Queryable, userId: string, tenantId: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(providerProfiles)
    .where(and(eq(providerProfiles.userId, userId), eq(providerProfiles.tenantId, tenantId)))
    .for('update');
  return row;
}

/**
 * Rejected → pending: waiting for review again, without the old reason (the audit trail keeps
 * it); `reviewed_at`/`reviewed_by` stay as the last review's. The person's professional standing
 * follows (rejected → unverified), as it follows an admin's decision. False when the profile
 * was no longer rejected.
 */
export async function returnToReview(db: Queryable, profile: { id: string; userId: string }, now: Date): Promise<boolean> {
  const rows = await db
    .update(providerProfiles)
    .set({ verificationStatus: 'pending', rejectionReason: null, updatedAt: now })
    .where(and(eq(providerProfiles.id, profile.id), eq(providerProfiles.userId, profile.userId), eq(providerProfiles.verificationStatus, 'rejected')))
    .returning({ id: providerProfiles.id });
  if (rows.length === 0) return false;
  await db
    .update(users)
    .set({ professionalStatus: 'unverified', updatedAt: now })
    .where(and(eq(users.id, profile.userId), eq(users.professionalStatus, 'rejected')));
  return true;
}

/**
 * Verified or rejected → pending, after the provider changed what the review checks (their name,
 * registration, qualifications, specialty or NDIS registration): out of the directory and in the
 * admins' waiting list until verified again, without a rejection's old reason (the audit trail
 * keeps it); `reviewed_at`/`reviewed_by` stay as the last review's. The person's professional
 * standing follows (verified or rejected → unverified). False when the profile was pending already.
 */
export async function reopenReview(db: Queryable, profile: { id: string; userId: string }, now: Date): Promise<boolean> {
  const rows = await db
    .update(providerProfiles)
    .set({ verificationStatus: 'pending', rejectionReason: null, updatedAt: now })
    .where(and(eq(providerProfiles.id, profile.id), eq(providerProfiles.userId, profile.userId), inArray(providerProfiles.verificationStatus, ['verified', 'rejected'])))
    .returning({ id: providerProfiles.id });
  if (rows.length === 0) return false;
  await db
    .update(users)
    .set({ professionalStatus: 'unverified', updatedAt: now })
    .where(and(eq(users.id, profile.userId), inArray(users.professionalStatus, ['verified', 'rejected'])));
  return true;
}

// ------------------------------------------------------------------------------------------
// Services
// ------------------------------------------------------------------------------------------

/** A service with whether any appointment (of any status) uses it. */
function serviceQuery(db: Queryable) {
  return db
    // Spelled out: in a one-table select Drizzle leaves column names unqualified, and a bare
    // "id" inside the subquery would be the appointment's.
    .select({ s: providerServices, inUse: sql<boolean>`exists (select 1 from appointments a where a.service_id = provider_services.id)` })
    .from(providerServices);
}
export type ServiceWithUse = Awaited<ReturnType<ReturnType<typeof serviceQuery>['execute']>>[number];

export async function listServices(db: Queryable, providerId: string): Promise<ServiceWithUse[]> {
  return serviceQuery(db)
    .where(eq(providerServices.providerId, providerId))
    .orderBy(asc(providerServices.sortOrder), asc(providerServices.createdAt));
}

export async function findService(db: Queryable, id: string, providerId: string): Promise<ServiceWithUse | undefined> {
  const [row] = await serviceQuery(db).where(and(eq(providerServices.id, id), eq(providerServices.providerId, providerId)));
  return row;
}

export async function nextServiceSortOrder(db: Queryable, providerId: string): Promise<number> {
  const [row] = await db.select({ n: max(providerServices.sortOrder) }).from(providerServices).where(eq(providerServices.providerId, providerId));
  return (row?.n ?? 0) + 1;
}

export async function insertService(db: Queryable, values: typeof providerServices.$inferInsert): Promise<string> {
  const [row] = await db.insert(providerServices).values(values).returning({ id: providerServices.id });
  return row!.id;
}

export async function updateService(db: Queryable, id: string, values: Partial<typeof providerServices.$inferInsert>): Promise<void> {
  await db.update(providerServices).set(values).where(eq(providerServices.id, id));
}

export async function deleteService(db: Queryable, id: string): Promise<void> {
  await db.delete(providerServices).where(eq(providerServices.id, id));
}

// ------------------------------------------------------------------------------------------
// Locations
// ------------------------------------------------------------------------------------------

/** The provider's locations in use (archived ones left out), in their order. */
export async function listLocations(db: Queryable, providerId: string): Promise<LocationRow[]> {
  return db
    .select()
    .from(providerLocations)
    .where(and(eq(providerLocations.providerId, providerId), isNull(providerLocations.archivedAt)))
    .orderBy(asc(providerLocations.sortOrder), asc(providerLocations.createdAt));
}

export async function findLocation(db: Queryable, id: string, providerId: string): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(providerLocations)
    .where(and(eq(providerLocations.id, id), eq(providerLocations.providerId, providerId), isNull(providerLocations.archivedAt)));
  return row;
}

/** Upcoming active appointments per location (only locations that have any). */
export async function upcomingAppointmentCounts(db: Queryable, locationIds: readonly string[], now: Date): Promise<Map<string, number>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .select({ locationId: appointments.locationId, n: count() })
    .from(appointments)
    .where(and(inArray(appointments.locationId, [...locationIds]), inArray(appointments.status, [...OPEN_APPOINTMENT_STATUSES]), gt(appointments.endsAt, now)))
    .groupBy(appointments.locationId);
  return new Map(rows.map((r) => [r.locationId, Number(r.n)]));
}

export async function locationHasAppointments(db: Queryable, locationId: string): Promise<boolean> {
  const [row] = await db.select({ id: appointments.id }).from(appointments).where(eq(appointments.locationId, locationId)).limit(1);
  return row !== undefined;
}

export async function nextLocationSortOrder(db: Queryable, providerId: string): Promise<number> {
  const [row] = await db
    .select({ n: max(providerLocations.sortOrder) })
    .from(providerLocations)
    .where(and(eq(providerLocations.providerId, providerId), isNull(providerLocations.archivedAt)));
  return (row?.n ?? -1) + 1;
}

export async function insertLocation(db: Queryable, values: typeof providerLocations.$inferInsert): Promise<string> {
  const [row] = await db.insert(providerLocations).values(values).returning({ id: providerLocations.id });
  return row!.id;
}

/**
 * The writes of a provider's own location name the provider as well as the location, so a write
 * never reaches another provider's location even if a caller skipped `findLocation` (directory
 * rows are readable across organisations). Each says whether it found the location.
 */
function ownedBy(id: string, providerId: string) {
  return and(eq(providerLocations.id, id), eq(providerLocations.providerId, providerId));
}

export async function updateLocation(db: Queryable, id: string, providerId: string, values: Partial<typeof providerLocations.$inferInsert>): Promise<boolean> {
  const rows = await db.update(providerLocations).set(values).where(ownedBy(id, providerId)).returning({ id: providerLocations.id });
  return rows.length > 0;
}

export async function deleteLocation(db: Queryable, id: string, providerId: string): Promise<boolean> {
  const rows = await db.delete(providerLocations).where(ownedBy(id, providerId)).returning({ id: providerLocations.id });
  return rows.length > 0;
}

/**
 * Archives a location past appointments keep: out of every list, with no hours and no date
 * changes left (so no free time is ever made there), ordered after every location in use.
 */
export async function archiveLocation(db: Queryable, id: string, providerId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(providerLocations)
    .set({ archivedAt: now, weeklyHours: [], breaks: [], sortOrder: 2_000_000_000, updatedAt: now })
    .where(ownedBy(id, providerId))
    .returning({ id: providerLocations.id });
  if (rows.length === 0) return false;
  await db.delete(availabilityOverrides).where(eq(availabilityOverrides.locationId, id));
  return true;
}
