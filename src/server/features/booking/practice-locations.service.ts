import type { LocationRemoval, ManagedLocation, ManagedLocationList, PracticeLocationValues } from '../../../shared/contracts/practice-profile.js';
import { knownTimeZone } from '../../../shared/time-zones.js';
import { recordAudit } from '../../platform/audit/audit.js';
import type { ActorContext } from '../../platform/context.js';
import type { Transaction } from '../../platform/db/database.js';
import { conflict, validationError } from '../../platform/errors/domain-errors.js';
import { placeOfAddress } from '../places/places.service.js';
import { toPublicLocation } from '../providers/providers.service.js';
import { DEFAULT_WEEKLY_HOURS, locationCoordinates, locationRemoval } from './practice-profile.policy.js';
import {
  archiveLocation,
  deleteLocation,
  findLocation,
  insertLocation,
  listLocations,
  locationHasAppointments,
  nextLocationSortOrder,
  updateLocation,
  upcomingAppointmentCounts,
  type LocationRow,
} from './practice-profile.repo.js';
import { refreshDirectoryFields } from './practice-profile.service.js';
import { inTenant, locationNotFound, ownLocation, ownProfile, sqlState, tenantOf } from './practice-scope.js';

/**
 * Where a provider sees patients: their own practices (an address in the region's order, a
 * place on the map, a time zone) and virtual rooms. A new location opens Monday to Friday,
 * 09:00 to 17:00, edited afterwards in the hours editor. A location with appointments still to
 * come cannot be removed; one that only past appointments used is archived.
 */

function toManagedLocation(row: LocationRow, upcoming: number): ManagedLocation {
  return { ...toPublicLocation(row), contactPhone: row.contactPhone, contactEmail: row.contactEmail, upcomingAppointments: upcoming };
}

async function audit(ctx: ActorContext, tx: Transaction, action: string, profileId: string, metadata: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, { action, tenantId: tenantOf(ctx).id, actorUserId: ctx.actor.userId, targetType: 'provider', targetId: profileId, requestId: ctx.requestId, clientIp: ctx.clientIp, metadata });
}

/** The columns of a location as stated; a practice that cannot be placed is refused (400, with the field). */
async function locationColumns(ctx: ActorContext, input: PracticeLocationValues, now: Date) {
  const given = typeof input.latitude === 'number' && typeof input.longitude === 'number';
  const addressPlace = input.kind === 'practice' && !given ? await placeOfAddress(ctx.db, input) : undefined;
  const coordinates = locationCoordinates(input, addressPlace);
  if (!coordinates) {
    throw validationError('practice.location-needs-coordinates', 'Give the coordinates of a practice in a town the directory does not know.', [
      { path: 'body.latitude', code: 'practice.location-needs-coordinates' },
      { path: 'body.longitude', code: 'practice.location-needs-coordinates' },
    ]);
  }
  const virtual = input.kind === 'virtual';
  return {
    name: input.name,
    kind: input.kind,
    street: virtual ? null : input.street,
    suburb: virtual ? null : input.suburb,
    city: virtual ? null : input.city,
    state: virtual ? null : input.state,
    postalCode: virtual ? null : input.postalCode,
    country: input.country,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail,
    ...coordinates,
    // The runtime's spelling of the zone (the schema has checked that it knows it).
    timeZone: knownTimeZone(input.timeZone) ?? input.timeZone,
    updatedAt: now,
  };
}

async function upcomingAt(ctx: ActorContext, tx: Transaction, locationId: string): Promise<number> {
  return (await upcomingAppointmentCounts(tx, [locationId], ctx.now())).get(locationId) ?? 0;
}

function inUse(upcoming: number) {
  return conflict('practice.location-in-use', 'Appointments are booked at this location: move or cancel them first.', { upcomingAppointments: upcoming });
}

export async function listOwnLocations(ctx: ActorContext): Promise<ManagedLocationList> {
  return inTenant(ctx, async (tx) => {
    const profile = await ownProfile(ctx, tx);
    const locations = await listLocations(tx, profile.id);
    const upcoming = await upcomingAppointmentCounts(tx, locations.map((l) => l.id), ctx.now());
    return { locations: locations.map((l) => toManagedLocation(l, upcoming.get(l.id) ?? 0)) };
  });
}

export async function createLocation(ctx: ActorContext, input: PracticeLocationValues): Promise<ManagedLocation> {
  const columns = await locationColumns(ctx, input, ctx.now());
  return inTenant(ctx, async (tx) => {
    const profile = await ownProfile(ctx, tx);
    const id = await insertLocation(tx, {
      ...columns,
      tenantId: tenantOf(ctx).id,
      providerId: profile.id,
      weeklyHours: [...DEFAULT_WEEKLY_HOURS],
      breaks: [],
      sortOrder: await nextLocationSortOrder(tx, profile.id),
    });
    await refreshDirectoryFields(ctx, tx, profile);
    await audit(ctx, tx, 'practice.location-created', profile.id, { locationId: id, name: input.name, kind: input.kind });
    return toManagedLocation((await findLocation(tx, id, profile.id))!, 0);
  });
}

export async function updateOwnLocation(ctx: ActorContext, locationId: string, input: PracticeLocationValues): Promise<ManagedLocation> {
  const columns = await locationColumns(ctx, input, ctx.now());
  return inTenant(ctx, async (tx) => {
    const { profile, location } = await ownLocation(ctx, tx, locationId);
    const upcoming = await upcomingAt(ctx, tx, locationId);
    // Appointments booked in person there keep their practice.
    if (location.kind !== input.kind && upcoming > 0) throw inUse(upcoming);
    if (!(await updateLocation(tx, locationId, profile.id, columns))) throw locationNotFound();
    await refreshDirectoryFields(ctx, tx, profile);
    await audit(ctx, tx, 'practice.location-updated', profile.id, { locationId, name: input.name });
    return toManagedLocation((await findLocation(tx, locationId, profile.id))!, upcoming);
  });
}

/** Removes a location: refused (409) while appointments are still to come there. */
export async function removeOwnLocation(ctx: ActorContext, locationId: string): Promise<LocationRemoval> {
  try {
    return await inTenant(ctx, async (tx) => {
      const { profile, location } = await ownLocation(ctx, tx, locationId);
      const upcoming = await upcomingAt(ctx, tx, locationId);
      const decision = locationRemoval(upcoming, await locationHasAppointments(tx, locationId));
      if (decision === 'refuse') throw inUse(upcoming);
      const removed = decision === 'archive' ? await archiveLocation(tx, locationId, profile.id, ctx.now()) : await deleteLocation(tx, locationId, profile.id);
      if (!removed) throw locationNotFound();
      await refreshDirectoryFields(ctx, tx, profile);
      const outcome = decision === 'archive' ? 'archived' : 'deleted';
      await audit(ctx, tx, 'practice.location-removed', profile.id, { locationId, name: location.name, outcome });
      return { outcome };
    });
  } catch (error) {
    // Booked between the check and the delete: the appointment's foreign key keeps the location.
    if (sqlState(error) === '23503') throw inUse(1);
    throw error;
  }
}
