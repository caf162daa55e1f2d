import { describe, expect, it } from 'vitest';
import { suggestSlug, TENANT_SLUG_PATTERN } from '~/shared/contracts/tenants';
import { formatBytes, formatDate, formatDay } from './format';

describe('formatBytes', () => {
  it('picks the largest sensible unit in the reader’s language', () => {
    expect(formatBytes(0, 'en')).toBe('0 byte');
    expect(formatBytes(999, 'en')).toBe('999 byte');
    expect(formatBytes(1500, 'en')).toBe('1.5 kB');
    expect(formatBytes(5_000_000_000, 'en')).toBe('5 GB');
    expect(formatBytes(1500, 'fr').replace(/\s/g, ' ')).toBe('1,5 ko');
  });
});

describe('formatDate', () => {
  it('formats in the given time zone, so the same moment can be another day', () => {
    const moment = '2031-03-04T23:30:00.000Z';
    expect(formatDate(moment, 'en-US', 'UTC')).toBe('March 4th, 2031');
    expect(formatDate(moment, 'en-US', 'Australia/Sydney')).toBe('March 5th, 2031');
    expect(formatDay('2031-03-04', 'en-US')).toBe('Mar 4');
  });
});

describe('suggestSlug', () => {
  it('turns a name into a valid slug', () => {
    expect(suggestSlug('Harbour View Clinic')).toBe('harbour-view-clinic');
    expect(suggestSlug('  Clínica São José!! ')).toBe('clinica-sao-jose');
    expect(suggestSlug('---')).toBe('');
    for (const name of ['A', 'x'.repeat(100), 'Ünïcødé & Co — 2031', 'a-'.repeat(40)]) {
      expect(suggestSlug(name)).toMatch(TENANT_SLUG_PATTERN);
    }
  });
});
