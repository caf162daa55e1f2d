import { describe, expect, it } from 'vitest';
import { formatKm } from './distance';

describe('formatKm', () => {
  it('keeps a tenth while the distance is short, whole kilometres from 10 on, grouped as the language groups', () => {
    expect(formatKm(2.44, 'en')).toBe('2.4');
    expect(formatKm(23.2, 'en')).toBe('23');
    expect(formatKm(3286.5, 'en')).toBe('3,287');
    expect(formatKm('16962', 'en')).toBe('16,962');
    expect(formatKm(2.5, 'fr')).toBe('2,5');
    expect(formatKm(16962, 'fr')).toMatch(/^16\s962$/);
    expect(formatKm('far', 'en')).toBe('far');
  });
});
