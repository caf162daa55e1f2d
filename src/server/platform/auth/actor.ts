import { and, eq } from 'drizzle-orm';
import { effectivePermissions, type Permission } from '../../../shared/permissions.js';
import {
  isStaffRole,
  STAFF_MEMBERSHIP_ROLES,
  type MembershipRole,
  type PlanType,
  type ProfessionalStatus,
  type Role,
} from '../../../shared/roles.js';
import type { Config } from '../../config/env.js';
import { sessions } from '../../db/schema/auth.js';
import { tenantMemberships } from '../../db/schema/tenant-memberships.js';
import { tenants } from '../../db/schema/tenants.js';
import type { Database } from '../db/database.js';
import { asAppUser } from '../tenancy/with-tenant.js';
import type { Auth } from './auth.js';

/** Who is acting: the signed-in person, their session, and the organisation they act in. */
export interface Actor {
  userId: string;
  role: Role;
  name: string;
  email: string;
  emailVerified: boolean;
  professionalStatus: ProfessionalStatus;
  image: string | null;
  locale: string | null;
  timeZone: string | null;
  region: string | null;
  twoFactorEnabled: boolean;
  sessionId: string;
  sessionCreatedAt: Date;
  sessionExpiresAt: Date;
  /** The current organisation, only while the membership is active and its rules are met. */
  tenant: { id: string; name: string; slug: string; planType: PlanType; membershipRole: MembershipRole } | null;
  tenantNotice: 'mfa-required' | null;
  permissions: ReadonlySet<Permission>;
}

/** lastSeenAt is written at most this often, so a busy session costs no write per request. */
const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;

export interface TenantAccess {
  tenant: Actor['tenant'];
  notice: Actor['tenantNotice'];
}

/**
 * Whether this person may act in this organisation now: an active membership, and two-factor
 * authentication when the organisation requires it of staff. Runs under row-level security.
 */
export async function tenantAccess(
  db: Database,
  user: { id: string; role: Role; twoFactorEnabled: boolean },
  tenantId: string,
): Promise<TenantAccess> {
  const [row] = await asAppUser(db, { tenantId, userId: user.id }, (tx) =>
    tx
      .select({
        id: tenants.id,
        name: tenants.name,
        slug: tenants.slug,
        planType: tenants.planType,
        requireMfaForStaff: tenants.requireMfaForStaff,
        membershipRole: tenantMemberships.role,
      })
      .from(tenantMemberships)
      .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
      .where(
        and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.userId, user.id), eq(tenantMemberships.status, 'active')),
      )
      .limit(1),
  );
  if (!row) return { tenant: null, notice: null };
  const membershipRole = row.membershipRole as MembershipRole;
  const isStaff = isStaffRole(user.role) || STAFF_MEMBERSHIP_ROLES.includes(membershipRole);
  if (row.requireMfaForStaff && isStaff && !user.twoFactorEnabled) return { tenant: null, notice: 'mfa-required' };
  return {
    tenant: { id: row.id, name: row.name, slug: row.slug, planType: row.planType as PlanType, membershipRole },
    notice: null,
  };
}

export type ActorResult = { actor: Actor } | { actor: null; reason: 'none' | 'idle-expired' };

/**
 * Resolves the request's session cookie into an Actor: better-auth checks the signed cookie and
 * the absolute lifetime; here we apply the idle lifetime and re-validate the current tenant.
 */
export async function resolveActor(
  deps: { db: Database; auth: Auth; config: Config; now: () => Date },
  headers: Headers,
): Promise<ActorResult> {
  const found = await deps.auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!found) return { actor: null, reason: 'none' };
  const { session, user } = found;
  const role = user.role as Role;
  const now = deps.now();
  const lastSeenAt = session.lastSeenAt ? new Date(session.lastSeenAt) : new Date(session.createdAt);
  const idleMinutes = isStaffRole(role) ? deps.config.SESSION_IDLE_MINUTES_STAFF : deps.config.SESSION_IDLE_MINUTES;
  if (idleMinutes > 0 && now.getTime() - lastSeenAt.getTime() > idleMinutes * 60_000) {
    await deps.db.delete(sessions).where(eq(sessions.id, session.id));
    return { actor: null, reason: 'idle-expired' };
  }
  if (now.getTime() - lastSeenAt.getTime() > LAST_SEEN_WRITE_INTERVAL_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
  const twoFactorEnabled = Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  const access: TenantAccess = session.activeTenantId
    ? await tenantAccess(deps.db, { id: user.id, role, twoFactorEnabled }, session.activeTenantId)
    : { tenant: null, notice: null };
  return {
    actor: {
      userId: user.id,
      role,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      professionalStatus: user.professionalStatus as ProfessionalStatus,
      image: user.image ?? null,
      locale: user.locale ?? null,
      timeZone: user.timeZone ?? null,
      region: user.region ?? null,
      twoFactorEnabled,
      sessionId: session.id,
      sessionCreatedAt: new Date(session.createdAt),
      sessionExpiresAt: new Date(session.expiresAt),
      tenant: access.tenant,
      tenantNotice: access.notice,
      permissions: new Set(effectivePermissions(role, access.tenant?.membershipRole ?? null)),
    },
  };
}
