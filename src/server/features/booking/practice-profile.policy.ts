import { placeNamed } from '../../../shared/places.js';
import { DEFAULT_REGION, isRegionCode, type RegionCode } from '../../../shared/regions.js';
import { isProfessionalRole, type Role } from '../../../shared/roles.js';
import type { StoredWeeklyRange } from '../../db/schema/booking.js';

/**
 * The rules of a provider's own directory profile, services and locations: pure functions,
 * tested on their own (practice-profile.policy.test.ts).
 */

/** Who may keep a directory profile: the professional roles (providers and allied professionals). */
export function mayKeepDirectoryProfile(role: Role): boolean {
  return isProfessionalRole(role);
}

/**
 * Whether a profile may be sent back to the platform's review by its provider: only once it was
 * rejected (a pending one is already waiting; a verified one is listed and stays so).
 */
export function mayResubmitForReview(status: string): boolean {
  return status === 'rejected';
}

/**
 * The organisation's region, which decides its currency and a new profile's region: the region
 * its branding names, else the region of a profile it already has, else the person's own, else
 * the default.
 */
export function organisationRegion(hints: { branding: string | null; profile: string | null; person: string | null }): RegionCode {
  for (const hint of [hints.branding, hints.profile, hints.person]) {
    if (hint && isRegionCode(hint)) return hint;
  }
  return DEFAULT_REGION;
}

/** What removing a location does: refused while appointments are coming there; archived when past ones keep it. */
export type LocationRemovalDecision = 'refuse' | 'archive' | 'delete';
export function locationRemoval(upcomingAppointments: number, hasAnyAppointments: boolean): LocationRemovalDecision {
  if (upcomingAppointments > 0) return 'refuse';
  return hasAnyAppointments ? 'archive' : 'delete';
}

/** Hours a new location starts with, to be edited in the hours editor: Monday to Friday, 09:00 to 17:00. */
export const DEFAULT_WEEKLY_HOURS: readonly StoredWeeklyRange[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

/**
 * A location's coordinates: the ones given, else, for a practice, those of the gazetteer's place
 * its address is in (`places.service` placeOfAddress). Null when a practice has neither (it
 * cannot be placed). A virtual room has no place.
 */
export function locationCoordinates(
  input: { kind: 'practice' | 'virtual'; latitude?: number | null | undefined; longitude?: number | null | undefined },
  addressPlace: { latitude: number; longitude: number } | undefined,
): { latitude: number | null; longitude: number | null } | null {
  if (input.kind === 'virtual') return { latitude: null, longitude: null };
  if (typeof input.latitude === 'number' && typeof input.longitude === 'number') return { latitude: input.latitude, longitude: input.longitude };
  if (addressPlace) return { latitude: addressPlace.latitude, longitude: addressPlace.longitude };
  return null;
}

/**
 * What the directory reads from a provider's practices: the cities free text finds them by
 * (with the other spellings the directory knows for them) and the point distances are measured
 * from (the first practice in the provider's order).
 */
export function directoryPlaces(
  locations: readonly { kind: string; city: string | null; latitude: number | null; longitude: number | null }[],
): { cities: string[]; point: { latitude: number; longitude: number } | null } {
  const practices = locations.filter((l) => l.kind === 'practice');
  const cities = new Set<string>();
  for (const l of practices) {
    if (!l.city) continue;
    cities.add(l.city);
    const place = placeNamed(l.city);
    if (place) for (const name of [place.name, ...place.aliases]) cities.add(name);
  }
  const first = practices.find((l) => l.latitude !== null && l.longitude !== null);
  return { cities: [...cities], point: first ? { latitude: first.latitude!, longitude: first.longitude! } : null };
}
