import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime, formatLocale, formatTime, intlLocale, localDate, userTimeZone, zoneName } from './dates';

const INSTANT = '2031-03-04T23:30:00Z';

describe('dates (spec §9: PPP, p and PPP p in the person’s time zone)', () => {
  it('formats in the given zone, so the calendar day follows the zone', () => {
    expect(formatDate(INSTANT, 'en', 'UTC')).toBe('March 4th, 2031');
    expect(formatDate(INSTANT, 'en', 'Australia/Sydney')).toBe('March 5th, 2031');
    expect(formatTime(INSTANT, 'en', 'America/New_York')).toBe('6:30 PM');
    expect(formatDateTime(INSTANT, 'en', 'Australia/Sydney')).toBe('March 5th, 2031 10:30 AM');
  });

  it('uses the interface language', () => {
    expect(formatDate(INSTANT, 'fr', 'UTC')).toBe('4 mars 2031');
    expect(formatDate(INSTANT, 'es', 'UTC')).toContain('marzo');
    expect(formatDate(INSTANT, 'zh-CN', 'UTC')).toContain('2031');
    expect(formatTime(INSTANT, 'pt', 'UTC')).toBe('23:30');
  });

  it('writes the language as the visitor\'s region does (spec §9: each region has its date and time formats)', () => {
    expect(formatLocale('en', 'AU')).toBe('en-AU');
    expect(formatLocale('en', 'GB')).toBe('en-GB');
    expect(formatLocale('en', 'US')).toBe('en');
    expect(formatLocale('en', 'FR')).toBe('en-GB');
    expect(formatLocale('en', 'NG')).toBe('en-GB');
    expect(formatLocale('pt', 'PT')).toBe('pt-PT');
    expect(formatLocale('pt', 'BR')).toBe('pt');
    expect(formatLocale('ar', 'AE')).toBe('ar');
    expect(formatLocale('zh-CN', 'CN')).toBe('zh-CN');
    expect(formatLocale('en', undefined)).toBe('en');
    // Day first in Australia and the UK; 24-hour clock in the UK; European Portuguese in Portugal.
    expect(formatDateTime(INSTANT, formatLocale('en', 'AU'), 'Australia/Sydney')).toBe('5 March 2031 10:30 AM');
    expect(formatDateTime(INSTANT, formatLocale('en', 'GB'), 'Europe/London')).toBe('4 March 2031 23:30');
    expect(formatCalendarDay('2031-03-04', 'en-AU', true)).toBe('Tuesday, 4 March 2031');
    expect(formatDate(INSTANT, formatLocale('en', 'US'), 'UTC')).toBe('March 4th, 2031');
    expect(formatCalendarDay('2031-03-04', 'pt-PT', true)).toBe('terça-feira, 4 de março de 2031');
    // Intl's formatters get the same variant, and the language's own name otherwise.
    expect(intlLocale('en-AU')).toBe('en-AU');
    expect(intlLocale('pt')).toBe('pt-BR');
    expect(intlLocale('ar')).toBe('ar');
  });

  it('falls back to UTC for an unknown zone and keeps an unparseable value as it is', () => {
    expect(formatDate(INSTANT, 'en', 'Mars/Olympus')).toBe('March 4th, 2031');
    expect(formatDate('not a date', 'en', 'UTC')).toBe('not a date');
  });

  it('takes the saved zone first, then the browser’s, else UTC', () => {
    expect(userTimeZone('Europe/Paris')).toBe('Europe/Paris');
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(userTimeZone('Not/AZone')).toBe(browser || 'UTC');
    expect(userTimeZone(null)).toBe(browser || 'UTC');
  });
});

describe('formatCalendarDay', () => {
  it('writes a day as it is, whatever the zone, in the interface language', () => {
    expect(formatCalendarDay('2026-11-01', 'en')).toBe('November 1st, 2026');
    expect(formatCalendarDay('2026-11-01', 'fr')).toBe('1 novembre 2026');
    expect(formatCalendarDay('not-a-day', 'en')).toBe('not-a-day');
  });
});

describe('zones and local dates', () => {
  it('names a zone as people read it, in the interface language, with the id for an unknown one', () => {
    expect(zoneName('Australia/Sydney', 'en', new Date('2031-01-15T00:00:00Z'))).toBe('Australian Eastern Daylight Time');
    expect(zoneName('Australia/Sydney', 'en', new Date('2031-07-15T00:00:00Z'))).toBe('Australian Eastern Standard Time');
    expect(zoneName('Not/AZone', 'en')).toBe('Not/AZone');
  });

  it('gives the calendar date of an instant in a zone (UTC for an unknown zone)', () => {
    expect(localDate(new Date('2031-03-04T20:00:00Z'), 'Australia/Sydney')).toBe('2031-03-05');
    expect(localDate('2031-03-04T20:00:00Z', 'America/New_York')).toBe('2031-03-04');
    expect(localDate('2031-03-04T23:30:00Z', 'Not/AZone')).toBe('2031-03-04');
  });
});
