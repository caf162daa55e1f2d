import { describe, expect, it } from 'vitest';
import { REGION_CODES } from '~/shared/regions';
import { practiceAddressFields } from './address-fields';

describe('practiceAddressFields', () => {
  it('keeps each region’s order', () => {
    expect(practiceAddressFields('US')).toEqual(['street', 'city', 'state', 'postalCode', 'country']);
    expect(practiceAddressFields('CN')).toEqual(['country', 'state', 'city', 'suburb', 'street', 'postalCode']);
    expect(practiceAddressFields('FR')).toEqual(['street', 'postalCode', 'city', 'country']);
  });

  it('adds the city after the suburb where the region writes none', () => {
    expect(practiceAddressFields('AU')).toEqual(['street', 'suburb', 'city', 'state', 'postalCode', 'country']);
  });

  it('always has a city and a country, once each', () => {
    for (const region of REGION_CODES) {
      const fields = practiceAddressFields(region);
      expect(fields.filter((f) => f === 'city')).toHaveLength(1);
      expect(fields.filter((f) => f === 'country')).toHaveLength(1);
    }
  });
});
