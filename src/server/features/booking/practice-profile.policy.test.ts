import { describe, expect, it } from 'vitest';
import { VERIFICATION_STATUSES } from '../../../shared/contracts/admin-providers.js';
import { ROLES } from '../../../shared/roles.js';
import { DEFAULT_WEEKLY_HOURS, directoryPlaces, locationCoordinates, locationRemoval, mayKeepDirectoryProfile, mayResubmitForReview, organisationRegion } from './practice-profile.policy.js';

describe('mayKeepDirectoryProfile', () => {
  it('is for the professional roles only', () => {
    expect(ROLES.filter(mayKeepDirectoryProfile)).toEqual(['provider', 'practice_manager', 'support_coordinator', 'allied_health']);
  });
});

describe('mayResubmitForReview', () => {
  it('is only from rejected: pending is already waiting, verified stays listed', () => {
    expect(VERIFICATION_STATUSES.filter(mayResubmitForReview)).toEqual(['rejected']);
    expect(mayResubmitForReview('unknown')).toBe(false);
  });
});

describe('organisationRegion', () => {
  it('prefers the branding, then an existing profile, then the person, then the default; unknown codes are skipped', () => {
    expect(organisationRegion({ branding: 'GB', profile: 'AU', person: 'US' })).toBe('GB');
    expect(organisationRegion({ branding: null, profile: 'AU', person: 'FR' })).toBe('AU');
    expect(organisationRegion({ branding: 'XX', profile: null, person: 'FR' })).toBe('FR');
    expect(organisationRegion({ branding: null, profile: null, person: null })).toBe('US');
  });
});

describe('locationRemoval', () => {
  it('refuses while appointments are coming, archives what past ones keep, deletes the unused', () => {
    expect(locationRemoval(1, true)).toBe('refuse');
    expect(locationRemoval(0, true)).toBe('archive');
    expect(locationRemoval(0, false)).toBe('delete');
  });
});

describe('locationCoordinates', () => {
  const bondi = { latitude: -33.89, longitude: 151.27 };
  it('keeps given coordinates, whatever place the address is in', () => {
    expect(locationCoordinates({ kind: 'practice', latitude: -30, longitude: 150 }, bondi)).toEqual({ latitude: -30, longitude: 150 });
  });

  it('takes the coordinates of the place the address is in when none are given', () => {
    expect(locationCoordinates({ kind: 'practice' }, bondi)).toEqual(bondi);
    expect(locationCoordinates({ kind: 'practice', latitude: null, longitude: null }, bondi)).toEqual(bondi);
    expect(locationCoordinates({ kind: 'practice', latitude: -30, longitude: null }, bondi)).toEqual(bondi);
  });

  it('cannot place a practice with neither', () => {
    expect(locationCoordinates({ kind: 'practice' }, undefined)).toBeNull();
    expect(locationCoordinates({ kind: 'practice', latitude: -30 }, undefined)).toBeNull();
  });

  it('gives a virtual room no place', () => {
    expect(locationCoordinates({ kind: 'virtual', latitude: 1, longitude: 2 }, bondi)).toEqual({ latitude: null, longitude: null });
  });
});

describe('directoryPlaces', () => {
  it('lists practice cities with their other spellings and the first placed practice as the point', () => {
    const places = directoryPlaces([
      { kind: 'virtual', city: null, latitude: null, longitude: null },
      { kind: 'practice', city: 'Lisboa', latitude: 38.7, longitude: -9.1 },
      { kind: 'practice', city: 'Porto', latitude: 41.1, longitude: -8.6 },
    ]);
    expect(places.cities).toEqual(['Lisboa', 'lisbon', 'Porto', 'oporto']);
    expect(places.point).toEqual({ latitude: 38.7, longitude: -9.1 });
  });

  it('has no point without a practice', () => {
    expect(directoryPlaces([{ kind: 'virtual', city: null, latitude: null, longitude: null }])).toEqual({ cities: [], point: null });
  });
});

describe('DEFAULT_WEEKLY_HOURS', () => {
  it('is Monday to Friday, nine to five', () => {
    expect(DEFAULT_WEEKLY_HOURS).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })));
  });
});
