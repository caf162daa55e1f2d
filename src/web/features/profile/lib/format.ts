/** A date and time in the interface language and the person's time zone (spec §9 'PPP p'). */
export { formatDateTime } from '~/web/lib/dates';

/** The name of a region in the interface language ('FR' → 'France', 'Francia', 'فرنسا', …). */
export function regionName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
