import { describe, expect, it } from 'vitest';
import { formatAddress, formatMoney } from './regions.js';

describe('formatMoney', () => {
  it("formats in the region's currency with 0 to 2 fraction digits (spec §9)", () => {
    expect(formatMoney(120, { currency: 'AUD', locale: 'en-AU' })).toBe('$120');
    expect(formatMoney(120.5, { currency: 'AUD', locale: 'en-AU' })).toBe('$120.5');
    expect(formatMoney(99.999, { currency: 'GBP', locale: 'en-GB' })).toBe('£100');
    expect(formatMoney(5)).toBe('$5');
  });

  it('keeps a formatter per locale, currency and notation: one never answers for another', () => {
    expect(formatMoney(2_100_000, { currency: 'GBP', locale: 'en-GB', compact: true })).toBe('£2.1m');
    expect(formatMoney(2_100_000, { currency: 'GBP', locale: 'en-GB' })).toBe('£2,100,000');
    expect(formatMoney(2_100_000, { currency: 'EUR', locale: 'en-GB' })).toBe('€2,100,000');
    expect(formatMoney(2_100_000, { currency: 'EUR', locale: 'fr-FR' }).replace(/\s/g, ' ')).toBe('2 100 000 €');
    expect(formatMoney(2_100_000, { currency: 'GBP', locale: 'en-GB', compact: true })).toBe('£2.1m');
  });
});

describe('formatAddress', () => {
  const sydney = { street: '1 High Street', suburb: 'Sydney', city: 'Sydney', state: 'NSW', postalCode: '2000', country: 'AU' };

  it('says a suburb named as its city once', () => {
    expect(formatAddress(sydney, 'AU', { fields: ['street', 'suburb', 'city', 'state', 'postalCode', 'country'] })).toBe('1 High Street, Sydney, NSW, 2000, Australia');
  });

  it('takes the country in the reader’s language and leaves empty parts out', () => {
    expect(formatAddress({ ...sydney, suburb: ' ', city: 'Newtown' }, 'AU', { fields: ['street', 'suburb', 'city', 'state', 'postalCode', 'country'], countryName: 'أستراليا' })).toBe(
      '1 High Street, Newtown, NSW, 2000, أستراليا',
    );
  });
});
