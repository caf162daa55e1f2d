const NUMBER_LOCALES: Record<string, string> = { en: 'en', es: 'es', fr: 'fr', pt: 'pt-BR', ar: 'ar', 'zh-CN': 'zh-CN' };

/** The zone's name as people read it ("Australian Eastern Daylight Time"), with its IANA id as a fallback. */
export function zoneName(timeZone: string, language: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat(NUMBER_LOCALES[language] ?? 'en', { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** How long until an instant, in whole units for a countdown ("in 2 hours", "in 5 minutes"); null once it has passed. */
export function timeUntil(target: Date, now: Date): { unit: 'day' | 'hour' | 'minute'; value: number } | null {
  const ms = target.getTime() - now.getTime();
  if (ms <= 0) return null;
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return { unit: 'minute', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hour', value: hours };
  return { unit: 'day', value: Math.floor(hours / 24) };
}

/** "in 5 minutes" in the interface language. */
export function formatTimeUntil(until: { unit: 'day' | 'hour' | 'minute'; value: number }, language: string): string {
  return new Intl.RelativeTimeFormat(NUMBER_LOCALES[language] ?? 'en', { numeric: 'always' }).format(until.value, until.unit);
}

/** The local calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDay(instant: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
  } catch {
    return instant.toISOString().slice(0, 10);
  }
}
