import { intlLocale } from './dates';

/** A price in minor units in its currency, in the interface language (0 to 2 fraction digits, spec §9). */
export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * A price (formatMoney's) set inside a translated sentence, isolated left to right as
 * <bdi dir="ltr"> isolates it in markup (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL
 * ISOLATE): in a right-to-left page it reads "96 AU$", not "$AU 96". Arabic's own currency
 * pattern starts with a right-to-left mark, so a first-strong isolate (plain <bdi>) would still
 * move the "$" away from its "AU".
 */
export function isolatePrice(price: string): string {
  return `\u2066${price}\u2069`;
}
