import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { type Locale, ar, enAU, enCA, enGB, enUS, es, fr, frCA, pt, ptBR, zhCN } from 'date-fns/locale';
import { TIME_ZONE_STORAGE_KEY } from '~/shared/profile-constants';
import { matchLanguage } from '~/shared/languages';

/**
 * Dates and times the way spec §9 asks: 'PPP' for a date, 'p' for a time and 'PPP p' for both,
 * in the interface language and in the person's time zone (spec §4: the saved zone, else the
 * browser's, else UTC). One module for every screen, so a date reads the same everywhere.
 *
 * "In the interface language" means the language as the visitor's region writes it (spec §9: each
 * region has its own date and time formats): English in Australia or the UK puts the day first
 * ("7 December 2026", not "December 7th, 2026"), Portuguese in Portugal is European Portuguese. The
 * functions below take a format locale: an interface language ('en'), or one of the regional
 * variants `formatLocale` names ('en-AU'); anything else falls back to its language.
 */
export const FALLBACK_TIME_ZONE = 'UTC';
export const DATE_FORMAT = 'PPP';
export const TIME_FORMAT = 'p';
export const DATE_TIME_FORMAT = 'PPP p';

const LOCALES: Record<string, Locale> = { en: enUS, es, fr, pt: ptBR, ar, 'zh-CN': zhCN };

/**
 * The regional variants that write dates or times differently from their language's default, with
 * date-fns's locale for each. Other pairs (Spanish in Mexico, Arabic in the Emirates) read as their
 * language does.
 */
const REGIONAL_LOCALES: Record<string, Locale> = { 'en-AU': enAU, 'en-GB': enGB, 'en-CA': enCA, 'fr-CA': frCA, 'pt-PT': pt };

/** Intl locale names of the interface languages (Brazilian Portuguese, as date-fns's ptBR). */
export const INTL_LOCALES: Record<string, string> = { en: 'en', es: 'es', fr: 'fr', pt: 'pt-BR', ar: 'ar', 'zh-CN': 'zh-CN' };

/**
 * The format locale for an interface language in a region: the regional variant when there is one
 * ('en' in 'AU' is 'en-AU'), British English for English elsewhere outside the US ('en' in 'NG' is
 * 'en-GB'), else the language's own ('pt' in 'BR' is 'pt', Brazilian).
 */
export function formatLocale(language: string, region: string | null | undefined): string {
  const base = matchLanguage(language) ?? 'en';
  const regional = region ? `${base.split('-')[0]}-${region.toUpperCase()}` : '';
  if (regional in REGIONAL_LOCALES) return regional;
  // English outside the US writes the day first ("7 December 2026"): in Nigeria, or for an English
  // reader in France, as the mails to them do (`mailDateLocale` on the server).
  if (base === 'en' && region && region.toUpperCase() !== 'US') return 'en-GB';
  return base;
}

/** date-fns's locale for a format locale (or an interface language). */
export function dateLocale(locale: string): Locale {
  return REGIONAL_LOCALES[locale] ?? LOCALES[matchLanguage(locale) ?? 'en'] ?? enUS;
}

/** The Intl locale name for a format locale (or an interface language), for Intl's formatters. */
export function intlLocale(locale: string): string {
  return locale in REGIONAL_LOCALES ? locale : (INTL_LOCALES[matchLanguage(locale) ?? 'en'] ?? 'en');
}

/** The zone's name as people read it ("Australian Eastern Daylight Time"), with its IANA id as a fallback. */
export function zoneName(timeZone: string, locale: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat(intlLocale(locale), { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** The local calendar date of an instant in a zone, as YYYY-MM-DD (UTC for an unknown zone). */
export function localDate(instant: string | Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  return format(typeof instant === 'string' ? new Date(instant) : instant, 'yyyy-MM-dd', { in: tz(zone) });
}

/** A calendar date (YYYY-MM-DD) some days later (or earlier, with a negative count). */
export function addDays(isoDay: string, days: number): string {
  return new Date(new Date(`${isoDay}T12:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Zones already checked: making an Intl.DateTimeFormat is costly, and every date formatted asks. */
const KNOWN_ZONES = new Map<string, boolean>();

export function isTimeZone(zone: string): boolean {
  let known = KNOWN_ZONES.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (KNOWN_ZONES.size < 1000) KNOWN_ZONES.set(zone, known);
  }
  return known;
}

function storedTimeZone(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(TIME_ZONE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** Spec §4: the saved zone (account, then browser storage), else the browser's zone, else UTC. */
export function userTimeZone(accountZone: string | null | undefined): string {
  for (const zone of [accountZone, storedTimeZone(), browserTimeZone()]) {
    if (zone && isTimeZone(zone)) return zone;
  }
  return FALLBACK_TIME_ZONE;
}

function formatIn(value: string | Date, pattern: string, locale: string, timeZone: string | null | undefined): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE;
  return format(date, pattern, { locale: dateLocale(locale), in: tz(zone) });
}

/** 'PPP': e.g. "March 4th, 2031", "4 mars 2031", "2031年3月4日". */
export function formatDate(value: string | Date, locale: string, timeZone: string | null | undefined): string {
  return formatIn(value, DATE_FORMAT, locale, timeZone);
}

/** 'p': e.g. "3:30 PM", "15:30". */
export function formatTime(value: string | Date, locale: string, timeZone: string | null | undefined): string {
  return formatIn(value, TIME_FORMAT, locale, timeZone);
}

/** 'PPP p': the date and the time. */
export function formatDateTime(value: string | Date, locale: string, timeZone: string | null | undefined): string {
  return formatIn(value, DATE_TIME_FORMAT, locale, timeZone);
}

/**
 * A calendar day (YYYY-MM-DD, no time: a post's date, a page's last review) in 'PPP'. A day has
 * no time zone, so it is read and written in UTC and never shifts.
 */
export function formatCalendarDay(isoDay: string, locale: string, withWeekday = false): string {
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return format(date, withWeekday ? 'PPPP' : DATE_FORMAT, { locale: dateLocale(locale), in: tz('UTC') });
}
