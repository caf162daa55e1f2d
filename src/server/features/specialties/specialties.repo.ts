import { and, asc, count, eq, sql } from 'drizzle-orm';
import { providerProfiles, specialties } from '../../db/schema/specialties.js';
import type { Database } from '../../platform/db/database.js';

/** Every specialty in display order with its number of verified providers (0 when none). */
export async function countVerifiedProvidersBySpecialty(db: Database): Promise<{ slug: string; providerCount: number }[]> {
  const rows = await db
    .select({ slug: specialties.slug, providerCount: count(providerProfiles.id) })
    .from(specialties)
    .leftJoin(
      providerProfiles,
      and(eq(providerProfiles.specialtySlug, specialties.slug), eq(providerProfiles.verificationStatus, sql`'verified'`)),
    )
    .groupBy(specialties.slug, specialties.sortOrder)
    .orderBy(asc(specialties.sortOrder));
  return rows.map((row) => ({ slug: row.slug, providerCount: Number(row.providerCount) }));
}
