import { intlLocale } from './dates';

/**
 * A distance in kilometres as the interface language writes numbers: a tenth of a kilometre while
 * it is short ("2.4"), whole kilometres from 10 on, grouped ("3,287", "16 962" in French): a
 * tenth of a kilometre means nothing on the way to Perth.
 */
export function formatKm(km: number | string, language: string): string {
  const value = typeof km === 'string' ? Number(km) : km;
  if (!Number.isFinite(value)) return String(km);
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: Math.abs(value) < 10 ? 1 : 0 }).format(value);
}
