import { describe, expect, it } from 'vitest';
import { stateOf } from './gazetteer.js';

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
