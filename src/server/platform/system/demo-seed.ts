import { eq, inArray } from 'drizzle-orm';
import { DEMO_EMAIL_DOMAIN, DEMO_TENANT_SLUG, DEMO_USER_IDS } from '../../../shared/demo-accounts.js';
import { ROLES, type MembershipRole, type Role } from '../../../shared/roles.js';
import { appMeta } from '../../db/schema/app-meta.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { users } from '../../db/schema/auth.js';
import { tenantMemberships } from '../../db/schema/tenant-memberships.js';
import { tenants } from '../../db/schema/tenants.js';
import type { Database } from '../db/database.js';
import { directoryProviders, seedDemoHistory, seedDirectoryPractices, seedDirectoryRatings } from './demo-directory.js';

/**
 * System module (cross-tenant): only start-up may import it. It runs as the connection's own
 * role, outside row-level security, to create the demo organisations and accounts a newcomer
 * explores. Each step is idempotent; the version it reached is recorded in app_meta, so a
 * database seeded by an older version gets only the new steps.
 */
export const DEMO_SEED_VERSION = '6';
const DEMO_SEED_KEY = 'demo_seed_version';
const TRIAL_DAYS = 30;

/** Fictional organisations; later issues add their patients and records. */
const DEMO_TENANTS = [
  { name: 'Harbourview Allied Health', slug: DEMO_TENANT_SLUG, planType: 'professional', region: 'AU' },
  { name: 'Riverside Family Clinic', slug: 'riverside-family-clinic', planType: 'starter', region: 'GB' },
] as const;

/** One demo account per role (fixed ids), all members of the demo organisation. */
const DEMO_ACCOUNTS: Record<Role, { name: string; membershipRole: MembershipRole }> = {
  patient: { name: 'Demo Patient', membershipRole: 'member' },
  admin: { name: 'Demo Platform Admin', membershipRole: 'admin' },
  support_coordinator: { name: 'Demo Support Coordinator', membershipRole: 'support_coordinator' },
  allied_health: { name: 'Demo Allied Health', membershipRole: 'allied_health' },
  provider: { name: 'Demo Provider', membershipRole: 'provider' },
  family_carer: { name: 'Demo Family Carer', membershipRole: 'member' },
  organization_admin: { name: 'Demo Organisation Admin', membershipRole: 'owner' },
  practice_manager: { name: 'Demo Plan Manager', membershipRole: 'practice_manager' },
};

export { DEMO_ALLIED_HEALTH_COUNTS, DEMO_DIRECTORY_COUNTS } from './demo-directory.js';

export function demoEmail(role: Role): string {
  return `${role.replace(/_/g, '-')}@${DEMO_EMAIL_DOMAIN}`;
}

export async function seedDemoDataOnce(db: Database, now: Date = new Date()): Promise<'seeded' | 'already-seeded'> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first starts on one server.
    await tx.execute(`select pg_advisory_xact_lock(727002)`);
    const [existing] = await tx.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
    if (existing?.value === DEMO_SEED_VERSION) return 'already-seeded';
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
    // Demo accounts have no password: only the Demo Accounts tab (demo mode) signs into them.
    await tx
      .insert(users)
      .values(
        ROLES.map((role) => ({
          id: DEMO_USER_IDS[role],
          name: DEMO_ACCOUNTS[role].name,
          email: demoEmail(role),
          emailVerified: true,
          role,
          professionalStatus: ['provider', 'allied_health', 'support_coordinator', 'practice_manager'].includes(role) ? 'verified' : 'not_applicable',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
    const [demoTenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, DEMO_TENANT_SLUG));
    if (demoTenant) {
      await tx.update(tenants).set({ adminUserId: DEMO_USER_IDS.organization_admin }).where(eq(tenants.id, demoTenant.id));
      await tx
        .insert(tenantMemberships)
        .values(
          ROLES.map((role) => ({
            tenantId: demoTenant.id,
            userId: DEMO_USER_IDS[role],
            role: DEMO_ACCOUNTS[role].membershipRole,
            status: 'active',
            joinedAt: now,
          })),
        )
        .onConflictDoNothing();
    }
    // Version 3: the demo directory (password-less, verified provider accounts with profiles);
    // version 5 adds the allied-health providers after the spec's 341.
    const directory = directoryProviders();
    await tx
      .insert(users)
      .values(
        directory.map((p) => ({
          name: p.name,
          email: p.email,
          emailVerified: true,
          role: 'provider',
          professionalStatus: 'verified',
          region: p.region,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
    const ids = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, directory.map((p) => p.email)));
    const idByEmail = new Map(ids.map((row) => [row.email.toLowerCase(), row.id]));
    const profiles = directory.flatMap((p) => {
      const userId = idByEmail.get(p.email.toLowerCase());
      return userId ? [{ userId, specialtySlug: p.specialty, verificationStatus: 'verified', regionCode: p.region, createdAt: now, updatedAt: now }] : [];
    });
    profiles.push({
      userId: DEMO_USER_IDS.provider,
      specialtySlug: 'family-medicine',
      verificationStatus: 'verified',
      regionCode: 'AU',
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(providerProfiles).values(profiles).onConflictDoNothing({ target: providerProfiles.userId });
    // Version 4: organisations own the directory's providers; practices, services, hours; a history.
    await seedDirectoryPractices(tx, now);
    await seedDemoHistory(tx, now);
    // Version 6: ratings across the directory, from reviewers' completed visits.
    await seedDirectoryRatings(tx, now);
    await tx
      .insert(appMeta)
      .values({ key: DEMO_SEED_KEY, value: DEMO_SEED_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: DEMO_SEED_VERSION, updatedAt: now } });
    return 'seeded';
  });
}
