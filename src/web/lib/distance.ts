import { DEFAULT_RADIUS_KM } from '~/shared/contracts/providers';
import type { DistanceUnit } from '~/shared/regions';
import { intlLocale } from './dates';

export const KM_PER_MILE = 1.609344;

/**
 * A distance given in kilometres, written in the region's unit with the unit's own words ("2.4 km",
 * "1.5 mi", "2,4 km", "2.4公里"): a tenth while it is short, whole units from 10 on, grouped
 * ("3,287", "16 962" in French): a tenth of a kilometre means nothing on the way to Perth.
 * `whole` rounds to whole units (a radius to choose). A value that is not a number is returned as it is.
 */
export function formatDistance(km: number | string, locale: string, unit: DistanceUnit, { whole = false }: { whole?: boolean } = {}): string {
  const kilometres = typeof km === 'string' ? Number(km) : km;
  if (!Number.isFinite(kilometres)) return String(km);
  const value = unit === 'mile' ? kilometres / KM_PER_MILE : kilometres;
  const digits = whole || Math.abs(value) >= 10 ? 0 : 1;
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
}

/**
 * The radii the directory offers, in kilometres as its address holds them (`radiusKm`): round
 * kilometres, or round miles (3, 5, 10, 30, 60) and the default 25 km (about 16 mi) where
 * distances are in miles. A radius from a link that is not among them is added in its place.
 */
export function radiusChoices(unit: DistanceUnit, current?: string): string[] {
  const base = unit === 'mile' ? [3, 5, 10, 30, 60].map((mi) => Math.round(mi * KM_PER_MILE)) : [5, 10, 50, 100];
  const all = new Set([...base, DEFAULT_RADIUS_KM, ...(current && /^\d+$/.test(current) ? [Number(current)] : [])]);
  return [...all].sort((a, b) => a - b).map(String);
}
