import { describe, expect, it } from 'vitest';
import { DEFAULT_RADIUS_KM } from '~/shared/contracts/providers';
import { distanceUnit } from '~/shared/regions';
import { formatDistance, radiusChoices } from './distance';

describe('formatDistance', () => {
  it('keeps a tenth while the distance is short, whole units from 10 on, grouped as the language groups', () => {
    expect(formatDistance(2.44, 'en-AU', 'kilometer')).toBe('2.4 km');
    expect(formatDistance(23.2, 'en-AU', 'kilometer')).toBe('23 km');
    expect(formatDistance(3286.5, 'en-AU', 'kilometer')).toBe('3,287 km');
    expect(formatDistance('16962', 'en', 'kilometer')).toBe('16,962 km');
    expect(formatDistance(2.5, 'fr', 'kilometer')).toMatch(/^2,5\skm$/);
    expect(formatDistance(16962, 'fr', 'kilometer')).toMatch(/^16\s962\skm$/);
    expect(formatDistance(2.4, 'zh-CN', 'kilometer')).toBe('2.4公里');
    expect(formatDistance('far', 'en', 'kilometer')).toBe('far');
  });

  it('writes miles where the region measures in miles, converted from the kilometres given', () => {
    expect(formatDistance(1.609344, 'en', 'mile')).toBe('1 mi');
    expect(formatDistance(4, 'en-GB', 'mile')).toBe('2.5 mi');
    expect(formatDistance(25, 'en', 'mile')).toBe('16 mi');
    expect(formatDistance(2.5, 'en', 'mile', { whole: true })).toBe('2 mi');
    expect(formatDistance(4, 'es', 'mile')).toBe('2,5 mi');
  });
});

describe('distanceUnit', () => {
  it('is miles in the United States and the United Kingdom, kilometres elsewhere', () => {
    expect(distanceUnit('US')).toBe('mile');
    expect(distanceUnit('GB')).toBe('mile');
    expect(distanceUnit('AU')).toBe('kilometer');
    expect(distanceUnit('CA')).toBe('kilometer');
    expect(distanceUnit('FR')).toBe('kilometer');
  });
});

describe('radiusChoices', () => {
  it('offers round kilometres, or round miles as kilometres, always with the default radius', () => {
    expect(radiusChoices('kilometer')).toEqual(['5', '10', '25', '50', '100']);
    expect(radiusChoices('mile')).toEqual(['5', '8', '16', '25', '48', '97']);
    expect(radiusChoices('mile').map((km) => formatDistance(km, 'en', 'mile', { whole: true }))).toEqual(['3 mi', '5 mi', '10 mi', '16 mi', '30 mi', '60 mi']);
    expect(radiusChoices('kilometer')).toContain(String(DEFAULT_RADIUS_KM));
  });

  it('adds a radius from a link in its place, and ignores one that is not a whole number', () => {
    expect(radiusChoices('kilometer', '7')).toEqual(['5', '7', '10', '25', '50', '100']);
    expect(radiusChoices('kilometer', '25')).toEqual(['5', '10', '25', '50', '100']);
    expect(radiusChoices('kilometer', 'abc')).toEqual(['5', '10', '25', '50', '100']);
  });
});
