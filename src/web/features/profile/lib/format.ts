/** A date and time in the interface language and the person's time zone (spec §9 'PPP p'). */
export function formatDateTime(iso: string, language: string, timeZone: string): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date);
  }
}

/** The name of a region in the interface language ('FR' → 'France', 'Francia', 'فرنسا', …). */
export function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
