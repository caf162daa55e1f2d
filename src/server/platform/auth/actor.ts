import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { effectivePermissions, membershipExtraPermissions, type Permission, type TenantPermission } from '../../../shared/permissions.js';
import {
  isStaffRole,
  STAFF_MEMBERSHIP_ROLES,
  type MembershipRole,
  type PlanType,
  type ProfessionalStatus,
  type Role,
} from '../../../shared/roles.js';
import type { Config } from '../../config/env.js';
import { sessions, users } from '../../db/schema/auth.js';
import { tenantMemberships } from '../../db/schema/tenant-memberships.js';
import { tenants } from '../../db/schema/tenants.js';
import type { Database } from '../db/database.js';
import { batcherPerDatabase, createStatementBatcher } from '../db/statement-batcher.js';
import { asAppUser } from '../tenancy/with-tenant.js';
import { SESSION_COOKIE_NAMES } from '../../../shared/contracts/auth.js';

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
  tenant: {
    id: string;
    name: string;
    slug: string;
    planType: PlanType;
    membershipRole: MembershipRole;
    /** Tenant permissions granted on the membership beyond its role's (from its invitation). */
    extraPermissions: readonly TenantPermission[];
  } | null;
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
        membershipPermissions: tenantMemberships.permissions,
      })
      .from(tenantMemberships)
      .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
      .where(
        and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.userId, user.id), eq(tenantMemberships.status, 'active')),
      )
      .limit(1),
  );
  if (!row) return { tenant: null, notice: null };
  return membershipAccess(user, { ...row, membershipRole: row.membershipRole as MembershipRole });
}

/** The one rule for using a membership: staff of an organisation that requires MFA need it on. */
function membershipAccess(
  user: { role: Role; twoFactorEnabled: boolean },
  m: {
    id: string;
    name: string;
    slug: string;
    planType: string;
    requireMfaForStaff: boolean;
    membershipRole: MembershipRole;
    membershipPermissions: readonly unknown[];
  },
): TenantAccess {
  const isStaff = isStaffRole(user.role) || STAFF_MEMBERSHIP_ROLES.includes(m.membershipRole);
  if (m.requireMfaForStaff && isStaff && !user.twoFactorEnabled) return { tenant: null, notice: 'mfa-required' };
  return {
    tenant: {
      id: m.id,
      name: m.name,
      slug: m.slug,
      planType: m.planType as PlanType,
      membershipRole: m.membershipRole,
      extraPermissions: membershipExtraPermissions(m.membershipPermissions),
    },
    notice: null,
  };
}

export type ActorResult = { actor: Actor } | { actor: null; reason: 'none' | 'idle-expired' };


/** The session token in a Cookie header, when its HMAC signature (better-auth's format) checks out. */
export function verifiedSessionToken(cookieHeader: string | null, secret: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!SESSION_COOKIE_NAMES.includes(name)) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }
  return null;
}

/** The session read, built once per database and run as a prepared query (no SQL built per request). */
function buildSessionQuery(db: Database) {
  return db
    .select({
      token: sessions.token,
      sessionId: sessions.id,
      sessionCreatedAt: sessions.createdAt,
      sessionExpiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      role: users.role,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      professionalStatus: users.professionalStatus,
      image: users.image,
      locale: users.locale,
      timeZone: users.timeZone,
      region: users.region,
      twoFactorEnabled: users.twoFactorEnabled,
      tenantId: tenants.id,
      tenantName: tenants.name,
      tenantSlug: tenants.slug,
      planType: tenants.planType,
      requireMfaForStaff: tenants.requireMfaForStaff,
      membershipRole: tenantMemberships.role,
      membershipPermissions: tenantMemberships.permissions,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      tenantMemberships,
      and(
        eq(tenantMemberships.tenantId, sessions.activeTenantId),
        eq(tenantMemberships.userId, sessions.userId),
        eq(tenantMemberships.status, 'active'),
      ),
    )
    .leftJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
    .where(and(sql`${sessions.token} = any(${sql.placeholder('tokens')}::text[])`, gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.disabledAt)))
    .prepare('resolve_actors');
}
type SessionRow = Awaited<ReturnType<ReturnType<typeof buildSessionQuery>['execute']>>[number];

/** Session reads running at once, and tokens read in one statement at most. */
const SESSION_READ_CONCURRENCY = 4;
const SESSION_READ_BATCH_MAX = 100;

/**
 * Reads sessions by token: the requests that arrive while earlier reads are running share one
 * statement (platform/db/statement-batcher.ts). A batch reads as of its latest request's time, so
 * a session expired for any of them is expired for all.
 */
const sessionReader = batcherPerDatabase((db: Database) => {
  const query = buildSessionQuery(db);
  return createStatementBatcher<{ token: string; now: Date }, SessionRow | null>(
    async (keys) => {
      const now = new Date(Math.max(...keys.map((k) => k.now.getTime())));
      const rows = await query.execute({ tokens: [...new Set(keys.map((k) => k.token))], now: now.toISOString() });
      const byToken = new Map(rows.map((row) => [row.token, row]));
      return keys.map((k) => byToken.get(k.token) ?? null);
    },
    { concurrency: SESSION_READ_CONCURRENCY, maxBatchSize: SESSION_READ_BATCH_MAX },
  );
});

/** How long this person's session may go unused before it ends, in minutes (0: no idle limit). */
export function idleMinutesFor(role: Role, config: Config): number {
  return isStaffRole(role) ? config.SESSION_IDLE_MINUTES_STAFF : config.SESSION_IDLE_MINUTES;
}

/**
 * Resolves the request's session cookie into an Actor with one query (shared with the requests
 * arriving at the same moment): the signed cookie (the
 * same HMAC better-auth sets), the absolute lifetime, the idle lifetime, a disabled account, and
 * the current organisation re-validated against an active membership and its MFA rule.
 * Runs as the connection's own role: it is the authentication layer, keyed by the session token.
 */
export async function resolveActor(
  deps: { db: Database; secret: string; config: Config; now: () => Date },
  headers: Headers,
): Promise<ActorResult> {
  const token = verifiedSessionToken(headers.get('cookie'), deps.secret);
  if (!token) return { actor: null, reason: 'none' };
  const now = deps.now();
  const row = await sessionReader(deps.db)({ token, now });
  if (!row) return { actor: null, reason: 'none' };
  const role = row.role as Role;
  const idleMinutes = idleMinutesFor(role, deps.config);
  const idleMs = now.getTime() - row.lastSeenAt.getTime();
  if (idleMinutes > 0 && idleMs > idleMinutes * 60_000) {
    await deps.db.delete(sessions).where(eq(sessions.id, row.sessionId));
    return { actor: null, reason: 'idle-expired' };
  }
  if (idleMs > LAST_SEEN_WRITE_INTERVAL_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  const { tenant, notice: tenantNotice }: TenantAccess =
    row.tenantId && row.membershipRole
      ? membershipAccess(
          { role, twoFactorEnabled: row.twoFactorEnabled },
          {
            id: row.tenantId,
            name: row.tenantName ?? '',
            slug: row.tenantSlug ?? '',
            planType: row.planType ?? 'starter',
            requireMfaForStaff: row.requireMfaForStaff ?? false,
            membershipRole: row.membershipRole as MembershipRole,
            membershipPermissions: row.membershipPermissions ?? [],
          },
        )
      : { tenant: null, notice: null };
  return {
    actor: {
      userId: row.userId,
      role,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerified,
      professionalStatus: row.professionalStatus as ProfessionalStatus,
      image: row.image,
      locale: row.locale,
      timeZone: row.timeZone,
      region: row.region,
      twoFactorEnabled: row.twoFactorEnabled,
      sessionId: row.sessionId,
      sessionCreatedAt: row.sessionCreatedAt,
      sessionExpiresAt: row.sessionExpiresAt,
      tenant,
      tenantNotice,
      permissions: new Set(effectivePermissions(role, tenant?.membershipRole ?? null, tenant?.extraPermissions)),
    },
  };
}

/**
 * Which of these sessions are still usable now: not expired, not idle past the person's idle
 * lifetime, person not disabled. Read-only (long-lived connections such as the WebSocket re-check
 * with it, and an open socket must not keep a session alive by itself). One query for all of them.
 */
export async function liveSessionIds(
  deps: { db: Database; config: Config },
  sessionIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await deps.db
    .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, [...sessionIds]), gt(sessions.expiresAt, now), isNull(users.disabledAt)));
  const live = new Set<string>();
  for (const row of rows) {
    const idleMinutes = idleMinutesFor(row.role as Role, deps.config);
    if (idleMinutes > 0 && now.getTime() - row.lastSeenAt.getTime() > idleMinutes * 60_000) continue;
    live.add(row.id);
  }
  return live;
}
