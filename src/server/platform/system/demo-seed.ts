import { eq } from 'drizzle-orm';
import { appMeta } from '../../db/schema/app-meta.js';
import { tenants } from '../../db/schema/tenants.js';
import type { Database } from '../db/database.js';

/**
 * System module (cross-tenant): only start-up may import it. It runs as the connection's own
 * role, outside row-level security, to create the demo organisations a newcomer explores.
 * It runs once per database: the version it wrote is recorded in app_meta.
 */
export const DEMO_SEED_VERSION = '1';
const DEMO_SEED_KEY = 'demo_seed_version';
const TRIAL_DAYS = 30;

/** Fictional organisations; later issues add their staff, patients and records. */
const DEMO_TENANTS = [
  { name: 'Harbourview Allied Health', slug: 'harbourview-allied-health', planType: 'professional', region: 'AU' },
  { name: 'Riverside Family Clinic', slug: 'riverside-family-clinic', planType: 'starter', region: 'GB' },
] as const;

export async function seedDemoDataOnce(db: Database, now: Date = new Date()): Promise<'seeded' | 'already-seeded'> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts on one server.
    await tx.execute(`select pg_advisory_xact_lock(727002)`);
    const existing = await tx.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
    if (existing.length > 0) return 'already-seeded';
    const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
    await tx
      .insert(tenants)
      .values(
        DEMO_TENANTS.map((t) => ({
          name: t.name,
          slug: t.slug,
          planType: t.planType,
          features: {},
          branding: { region: t.region },
          trialEndsAt,
        })),
      )
      .onConflictDoNothing({ target: tenants.slug });
    await tx.insert(appMeta).values({ key: DEMO_SEED_KEY, value: DEMO_SEED_VERSION });
    return 'seeded';
  });
}
