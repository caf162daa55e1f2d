import { type RegionCode, formatMoney, regionalMarketing } from '~/shared/regions';

/** The hero's social proof amount for a region (spec §9: "3.2M AUD+"), compact, in the given language. */
export function socialProofText(region: RegionCode, language: string): string {
  const marketing = regionalMarketing(region);
  return formatMoney(marketing.socialProofAmount, { currency: marketing.socialProofCurrency, locale: language, compact: true });
}

/**
 * The amount as the server formatted it for the page, with the region and language it was for.
 * The browser shows it while they are still the page's: the first compact currency formatter a
 * page makes costs 20-25 ms of main thread (loading the locale's number data), over 100 ms at
 * Lighthouse's 4× CPU slowdown, in the middle of hydrating the hero. A region the browser detects
 * differently is formatted there, as before.
 */
export interface RenderedSocialProof {
  region: RegionCode;
  language: string;
  text: string;
}

export function socialProofFor(region: RegionCode, language: string, rendered: RenderedSocialProof | undefined): string {
  return rendered && rendered.region === region && rendered.language === language ? rendered.text : socialProofText(region, language);
}
