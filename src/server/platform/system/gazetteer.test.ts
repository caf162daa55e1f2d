import { describe, expect, it } from 'vitest';
import { stateOf } from './gazetteer.js';
import { LONDON_PLACES } from './london-places.js';

describe('stateOf', () => {
  it('writes a state as addresses do where GeoNames numbers it, and keeps US postal codes', () => {
    expect(stateOf('AU', '02')).toBe('NSW');
    expect(stateOf('CA', '10')).toBe('QC');
    expect(stateOf('GB', 'WLS')).toBe('Wales');
    expect(stateOf('US', 'NY')).toBe('NY');
    expect(stateOf('US', '00')).toBe('');
    expect(stateOf('FR', '11')).toBe('');
  });
});

describe('LONDON_PLACES', () => {
  it('lies inside Greater London, each name once', () => {
    const names = LONDON_PLACES.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const place of LONDON_PLACES) {
      expect(place.latitude, place.name).toBeGreaterThan(51.28);
      expect(place.latitude, place.name).toBeLessThan(51.7);
      expect(place.longitude, place.name).toBeGreaterThan(-0.52);
      expect(place.longitude, place.name).toBeLessThan(0.34);
      expect(place.population, place.name).toBeGreaterThan(0);
    }
  });
});
