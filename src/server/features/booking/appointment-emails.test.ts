import { describe, expect, it } from 'vitest';
import { formatWhen, mailDateLocale } from './appointment-emails';

const MOMENT = new Date('2026-12-07T15:45:00Z');

describe('times in appointment mail', () => {
  it('write the language the way the zone’s region does', () => {
    expect(mailDateLocale('en', 'America/New_York')).toBe('en-US');
    expect(mailDateLocale('en', 'Australia/Sydney')).toBe('en-AU');
    expect(mailDateLocale('en', 'Europe/London')).toBe('en-GB');
    expect(mailDateLocale('en', 'Europe/Paris')).toBe('en-GB');
    expect(mailDateLocale('pt', 'America/Sao_Paulo')).toBe('pt-BR');
    expect(mailDateLocale('pt', 'Europe/Lisbon')).toBe('pt-PT');
    expect(mailDateLocale('en', 'Africa/Lagos')).toBe('en-GB');
    expect(mailDateLocale('fr', 'Not/AZone')).toBe('fr');
  });

  it('name the day, the date, the time and the zone', () => {
    expect(formatWhen(MOMENT, 'America/New_York', 'en')).toMatch(/^Monday, December 7, 2026 at 10:45\sAM \(Eastern Standard Time, America\/New_York\)$/);
    expect(formatWhen(MOMENT, 'Europe/London', 'en')).toMatch(/^Monday,? 7 December 2026 at 15:45 \(Greenwich Mean Time, Europe\/London\)$/);
    expect(formatWhen(MOMENT, 'Australia/Sydney', 'en')).toMatch(/^Tuesday,? 8 December 2026 at 2:45\sam \(Australian Eastern Daylight Time, Australia\/Sydney\)$/);
  });
});
