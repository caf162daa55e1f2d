/** The eight specialties of spec §2 (/providers?specialty={slug}), in the home page's order. */
export const SPECIALTY_SLUGS = [
  'cardiology',
  'neurology',
  'family-medicine',
  'pediatrics',
  'orthopedics',
  'ophthalmology',
  'dentistry',
  'dermatology',
] as const;
export type SpecialtySlug = (typeof SPECIALTY_SLUGS)[number];

export function isSpecialtySlug(value: string): value is SpecialtySlug {
  return (SPECIALTY_SLUGS as readonly string[]).includes(value);
}

/** Where a specialty card leads: the directory filtered by that specialty. */
export function specialtySearchPath(slug: SpecialtySlug): string {
  return `/providers?specialty=${encodeURIComponent(slug)}`;
}
