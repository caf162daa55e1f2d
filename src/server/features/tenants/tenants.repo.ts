import { and, asc, count, desc, eq, gt, gte, ilike, isNull, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/auth.js';
import { tenantInvitations, tenantMemberships, tenantUsageMetrics } from '../../db/schema/tenant-memberships.js';
import { tenants } from '../../db/schema/tenants.js';
import type { Transaction } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/like.js';

/**
 * Data access for organisations. Every function takes a transaction opened by withTenant (or
 * asAppUser), so row-level security applies, and still names the organisation explicitly: the
 * policies also let a person read their own memberships and organisations elsewhere, and a query
 * here must never return those.
 */

export type TenantRow = typeof tenants.$inferSelect;
export type MembershipRow = typeof tenantMemberships.$inferSelect;
export type InvitationRow = typeof tenantInvitations.$inferSelect;

const inviter = alias(users, 'inviter');

// ---- Organisations ----------------------------------------------------------------------

/** The caller's active memberships with their organisations (asAppUser with no tenant set). */
export function listOwnTenants(tx: Transaction, userId: string) {
  return tx
    .select({
      id: tenants.id,
      name: tenants.name,
      slug: tenants.slug,
      planType: tenants.planType,
      membershipRole: tenantMemberships.role,
    })
    .from(tenantMemberships)
    .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
    .where(and(eq(tenantMemberships.userId, userId), eq(tenantMemberships.status, 'active')))
    .orderBy(asc(tenants.name), asc(tenants.id));
}

export async function insertTenant(tx: Transaction, values: typeof tenants.$inferInsert): Promise<TenantRow> {
  const [row] = await tx.insert(tenants).values(values).returning();
  if (!row) throw new Error('tenant insert returned no row');
  return row;
}

export async function findTenant(tx: Transaction, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

/** Locks the organisation's row until the transaction ends: serialises membership changes. */
export async function lockTenant(tx: Transaction, tenantId: string): Promise<boolean> {
  const rows = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
  return rows.length === 1;
}

export async function updateTenant(
  tx: Transaction,
  tenantId: string,
  values: Partial<Pick<TenantRow, 'name' | 'domain' | 'branding' | 'requireMfaForStaff' | 'updatedAt'>>,
): Promise<TenantRow | undefined> {
  const [row] = await tx.update(tenants).set(values).where(eq(tenants.id, tenantId)).returning();
  return row;
}

// ---- Members ------------------------------------------------------------------------------

export async function insertMembership(tx: Transaction, values: typeof tenantMemberships.$inferInsert): Promise<void> {
  await tx.insert(tenantMemberships).values(values);
}

const memberColumns = {
  userId: tenantMemberships.userId,
  name: users.name,
  email: users.email,
  image: users.image,
  role: tenantMemberships.role,
  status: tenantMemberships.status,
  permissions: tenantMemberships.permissions,
  joinedAt: tenantMemberships.joinedAt,
  createdAt: tenantMemberships.createdAt,
  invitedById: inviter.id,
  invitedByName: inviter.name,
};

/** One page of the organisation's members, newest first, optionally filtered by name or email. */
export async function listMembers(
  tx: Transaction,
  tenantId: string,
  options: { search?: string | undefined; limit: number; offset: number },
) {
  const pattern = options.search ? containsPattern(options.search) : undefined;
  const where = and(
    eq(tenantMemberships.tenantId, tenantId),
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
  const rows = await tx
    .select(memberColumns)
    .from(tenantMemberships)
    .innerJoin(users, eq(users.id, tenantMemberships.userId))
    .leftJoin(inviter, eq(inviter.id, tenantMemberships.invitedBy))
    .where(where)
    .orderBy(desc(tenantMemberships.createdAt), desc(tenantMemberships.userId))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await tx
    .select({ value: count() })
    .from(tenantMemberships)
    .innerJoin(users, eq(users.id, tenantMemberships.userId))
    .where(where);
  return { rows, total: Number(total?.value ?? 0) };
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>['rows'][number];

export async function findMember(tx: Transaction, tenantId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tx
    .select(memberColumns)
    .from(tenantMemberships)
    .innerJoin(users, eq(users.id, tenantMemberships.userId))
    .leftJoin(inviter, eq(inviter.id, tenantMemberships.invitedBy))
    .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.userId, userId)))
    .limit(1);
  return row;
}

/** Whoever holds this email address, if they are a member of the organisation (any status). */
export async function findMemberByEmail(tx: Transaction, tenantId: string, email: string): Promise<{ userId: string } | undefined> {
  const [row] = await tx
    .select({ userId: tenantMemberships.userId })
    .from(tenantMemberships)
    .innerJoin(users, eq(users.id, tenantMemberships.userId))
    .where(and(eq(tenantMemberships.tenantId, tenantId), eq(users.email, email)))
    .limit(1);
  return row;
}

export async function countActiveOwners(tx: Transaction, tenantId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(tenantMemberships)
    .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.role, 'owner'), eq(tenantMemberships.status, 'active')));
  return Number(row?.value ?? 0);
}

export async function updateMemberRole(tx: Transaction, tenantId: string, userId: string, role: string): Promise<boolean> {
  const rows = await tx
    .update(tenantMemberships)
    .set({ role })
    .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.userId, userId)))
    .returning({ userId: tenantMemberships.userId });
  return rows.length === 1;
}

export async function deleteMember(tx: Transaction, tenantId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(tenantMemberships)
    .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.userId, userId)))
    .returning({ userId: tenantMemberships.userId });
  return rows.length === 1;
}

// ---- Invitations ----------------------------------------------------------------------------

const invitationColumns = {
  id: tenantInvitations.id,
  email: tenantInvitations.email,
  role: tenantInvitations.role,
  permissions: tenantInvitations.permissions,
  expiresAt: tenantInvitations.expiresAt,
  acceptedAt: tenantInvitations.acceptedAt,
  revokedAt: tenantInvitations.revokedAt,
  createdAt: tenantInvitations.createdAt,
  invitedBy: tenantInvitations.invitedBy,
  invitedById: inviter.id,
  invitedByName: inviter.name,
};

/** Pending: not accepted, not revoked, not expired. */
function pending(now: Date) {
  return and(isNull(tenantInvitations.acceptedAt), isNull(tenantInvitations.revokedAt), gt(tenantInvitations.expiresAt, now));
}

export async function findPendingInvitationByEmail(tx: Transaction, tenantId: string, email: string, now: Date) {
  const [row] = await tx
    .select({ id: tenantInvitations.id })
    .from(tenantInvitations)
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.email, email), pending(now)))
    .limit(1);
  return row;
}

export async function insertInvitation(tx: Transaction, values: typeof tenantInvitations.$inferInsert): Promise<string> {
  const [row] = await tx.insert(tenantInvitations).values(values).returning({ id: tenantInvitations.id });
  if (!row) throw new Error('invitation insert returned no row');
  return row.id;
}

export function listPendingInvitations(tx: Transaction, tenantId: string, now: Date) {
  return tx
    .select(invitationColumns)
    .from(tenantInvitations)
    .leftJoin(inviter, eq(inviter.id, tenantInvitations.invitedBy))
    .where(and(eq(tenantInvitations.tenantId, tenantId), pending(now)))
    .orderBy(desc(tenantInvitations.createdAt), desc(tenantInvitations.id));
}

/** One invitation of the organisation, locked for the rest of the transaction. */
export async function findInvitation(tx: Transaction, tenantId: string, id: string) {
  const [row] = await tx
    .select(invitationColumns)
    .from(tenantInvitations)
    .leftJoin(inviter, eq(inviter.id, tenantInvitations.invitedBy))
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, id)))
    .limit(1)
    .for('update', { of: tenantInvitations });
  return row;
}

export async function renewInvitationToken(tx: Transaction, tenantId: string, id: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await tx
    .update(tenantInvitations)
    .set({ tokenHash, expiresAt })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, id)));
}

export async function revokeInvitation(tx: Transaction, tenantId: string, id: string, now: Date): Promise<void> {
  await tx
    .update(tenantInvitations)
    .set({ revokedAt: now })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, id)));
}

/** Marks the invitation accepted, once: false when someone else got there first. */
export async function markInvitationAccepted(tx: Transaction, tenantId: string, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(tenantInvitations)
    .set({ acceptedAt: now })
    .where(and(eq(tenantInvitations.tenantId, tenantId), eq(tenantInvitations.id, id), isNull(tenantInvitations.acceptedAt)))
    .returning({ id: tenantInvitations.id });
  return rows.length === 1;
}

// ---- Usage --------------------------------------------------------------------------------------

export function listUsage(tx: Transaction, tenantId: string, from: string, to: string) {
  return tx
    .select({
      date: tenantUsageMetrics.metricDate,
      activeUsers: tenantUsageMetrics.activeUsers,
      signIns: tenantUsageMetrics.signIns,
      storageBytes: tenantUsageMetrics.storageBytes,
    })
    .from(tenantUsageMetrics)
    .where(and(eq(tenantUsageMetrics.tenantId, tenantId), gte(tenantUsageMetrics.metricDate, from), lte(tenantUsageMetrics.metricDate, to)))
    .orderBy(asc(tenantUsageMetrics.metricDate));
}
