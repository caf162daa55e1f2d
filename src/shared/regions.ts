/**
 * Supported regions (spec §9), by ISO 3166-1 code. A minimal list until the full region table
 * (currency, formats, healthcare system, …) arrives; the UI names them with Intl.DisplayNames.
 */
export const REGION_CODES = ['US', 'GB', 'AU', 'CA', 'ES', 'MX', 'FR', 'BR', 'PT', 'AE', 'SA', 'CN'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

export function isRegionCode(value: string): value is RegionCode {
  return (REGION_CODES as readonly string[]).includes(value);
}
