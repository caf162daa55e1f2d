/** A country's name in the interface language (the runtime's own list of region names), e.g. GB → "Royaume-Uni" in French. */
export function countryName(countryCode: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    return countryCode;
  }
}
