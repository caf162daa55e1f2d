import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  INVITATION_EXPIRY_DAYS,
  INVITATION_EXPIRY_HOURS,
  InvitationTokenSchema,
  TENANT_TRIAL_DAYS,
  USAGE_DEFAULT_DAYS,
  USAGE_MAX_DAYS,
  type AcceptInvitationResponse,
  type CreateInvitationRequest,
  type CreateTenantRequest,
  type Invitation,
  type InvitationPreview,
  type InvitationSent,
  type Member,
  type MembersPage,
  type MembersQuery,
  type MyTenantsResponse,
  type TenantBranding,
  type TenantDetail,
  type UpdateTenantRequest,
  type UsageQuery,
  type UsageResponse,
} from '../../../shared/contracts/tenants.js';
import { DEFAULT_PLAN_TYPE, type InvitableMembershipRole, type MembershipRole, type PlanType } from '../../../shared/roles.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { tenantAccess } from '../../platform/auth/actor.js';
import type { ActorContext, ServiceContext } from '../../platform/context.js';
import type { Transaction } from '../../platform/db/database.js';
import { conflict, DomainError, forbidden, notFound, validationError } from '../../platform/errors/domain-errors.js';
import { renderAuthEmail } from '../../platform/mail/auth-emails.js';
import { findInvitationByTokenHash } from '../../platform/tenancy/invitation-lookup.js';
import { asAppUser, withTenant } from '../../platform/tenancy/with-tenant.js';
import { setSessionTenant } from '../auth/session.repo.js';
import {
  countActiveOwners,
  deleteMember,
  findInvitation,
  findMember,
  findMemberByEmail,
  findPendingInvitationByEmail,
  findTenant,
  insertInvitation,
  insertMembership,
  insertTenant,
  listMembers,
  listOwnTenants,
  listPendingInvitations,
  listUsage,
  lockTenant,
  markInvitationAccepted,
  renewInvitationToken,
  revokeInvitation as revokeInvitationRow,
  updateMemberRole,
  updateTenant,
  type MemberRow,
  type TenantRow,
} from './tenants.repo.js';
import { decideInvitation, decideRemoval, decideRoleChange, isPrivilegedRole, type PolicyDecision } from './tenants.policy.js';

const DAY_MS = 24 * 60 * 60 * 1000;

// ---- Errors the feature answers with ---------------------------------------------------------

const tenantNotFound = () => notFound('tenant.not-found', 'The organisation was not found.');
const memberNotFound = () => notFound('tenant.member-not-found', 'No such member in this organisation.');
const invitationNotFound = () => notFound('tenant.invitation-not-found', 'No such pending invitation in this organisation.');
/** Spec §5: 'Invalid or expired invitation'. Unknown tokens answer 404, unusable ones 400, one code. */
const INVALID_INVITATION = 'Invalid or expired invitation';
const unknownInvitation = () => notFound('tenant.invitation-invalid', INVALID_INVITATION);
const unusableInvitation = () => validationError('tenant.invitation-invalid', INVALID_INVITATION);

function refusal(decision: Exclude<PolicyDecision, { allowed: true }>): DomainError {
  return decision.reason === 'last-owner'
    ? conflict('tenant.last-owner', 'An organisation must keep at least one owner.')
    : forbidden('tenant.owner-required', 'Only an owner can grant, change or remove the owner or admin role.');
}

/** A unique violation on tenants' slug or domain, as the conflict the caller can act on. */
function uniqueViolation(error: unknown): DomainError | undefined {
  const inner = ((error as { cause?: unknown }).cause ?? error) as { code?: unknown; constraint?: unknown; detail?: unknown };
  if (inner.code !== '23505') return undefined;
  const where = `${String(inner.constraint ?? '')} ${String(inner.detail ?? '')}`;
  if (where.includes('slug')) return conflict('tenant.slug-taken', 'This address (slug) is already taken by another organisation.');
  if (where.includes('domain')) return conflict('tenant.domain-taken', 'This domain already belongs to another organisation.');
  return undefined;
}

// ---- Helpers -------------------------------------------------------------------------------------

function currentTenantId(ctx: ActorContext): string {
  // The permission hook already refused requests without a current organisation; this keeps the
  // service safe if it is ever called from elsewhere.
  const tenant = ctx.actor.tenant;
  if (!tenant) throw forbidden('tenant.none-selected', 'Choose an organisation first.');
  return tenant.id;
}

/** Runs fn in the session's organisation, under row-level security. */
function inCurrentTenant<T>(ctx: ActorContext, fn: (tx: Transaction, tenantId: string) => Promise<T>): Promise<T> {
  const tenantId = currentTenantId(ctx);
  return withTenant({ db: ctx.db, tenantId, userId: ctx.actor.userId }, (tx) => fn(tx, tenantId));
}

function auditBase(ctx: ActorContext, tenantId: string) {
  return { tenantId, actorUserId: ctx.actor.userId, requestId: ctx.requestId, clientIp: ctx.clientIp };
}

/** The actor's own active membership, re-read inside the transaction (roles can change meanwhile). */
async function actorRole(tx: Transaction, ctx: ActorContext, tenantId: string): Promise<MembershipRole> {
  const self = await findMember(tx, tenantId, ctx.actor.userId);
  if (!self || self.status !== 'active') throw forbidden('auth.forbidden', 'You do not have permission to do this.');
  return self.role as MembershipRole;
}

export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toBranding(branding: Record<string, string>): TenantBranding {
  const result: TenantBranding = {};
  if (typeof branding.primaryColor === 'string') result.primaryColor = branding.primaryColor;
  if (typeof branding.logoUrl === 'string') result.logoUrl = branding.logoUrl;
  return result;
}

function toTenantDetail(row: TenantRow, membershipRole: MembershipRole): TenantDetail {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    domain: row.domain ?? null,
    planType: row.planType as PlanType,
    features: row.features,
    branding: toBranding(row.branding),
    trialEndsAt: row.trialEndsAt?.toISOString() ?? null,
    requireMfaForStaff: row.requireMfaForStaff,
    createdAt: row.createdAt.toISOString(),
    membershipRole,
  };
}

function toMember(row: MemberRow): Member {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    image: row.image ?? null,
    role: row.role as MembershipRole,
    status: row.status as Member['status'],
    permissions: row.permissions,
    joinedAt: row.joinedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    invitedBy: row.invitedById ? { userId: row.invitedById, name: row.invitedByName ?? '' } : null,
  };
}

type InvitationRowView = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

function toInvitation(row: InvitationRowView): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as InvitableMembershipRole,
    permissions: row.permissions,
    invitedBy: row.invitedById ? { userId: row.invitedById, name: row.invitedByName ?? '' } : null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sends the invitation email after the transaction committed; a failed send is logged, not fatal. */
async function sendInvitationEmail(
  ctx: ActorContext,
  invitation: { id: string; email: string; role: string },
  token: string,
  tenantName: string,
): Promise<boolean> {
  const url = `${ctx.publicOrigin}/invitations/accept?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(
      renderAuthEmail('invitation', {
        to: invitation.email,
        locale: ctx.actor.locale,
        url,
        name: ctx.actor.name,
        tenant: tenantName,
        role: invitation.role.replace(/_/g, ' '),
        hours: INVITATION_EXPIRY_HOURS,
      }),
    );
    return true;
  } catch (error) {
    ctx.log.error({ err: error, invitationId: invitation.id }, 'invitation email could not be sent');
    return false;
  }
}

/** Records a refused attempt (outside the rolled-back transaction) and rethrows it. */
async function auditRefusal(ctx: ActorContext, action: string, target: { type: string; id: string }, error: unknown): Promise<never> {
  const tenantId = ctx.actor.tenant?.id;
  if (tenantId && error instanceof DomainError && (error.code === 'tenant.owner-required' || error.code === 'tenant.last-owner')) {
    await recordAudit(ctx.db, {
      ...auditBase(ctx, tenantId),
      action,
      outcome: 'denied',
      targetType: target.type,
      targetId: target.id,
      metadata: { reason: error.code },
    });
  }
  throw error;
}

// ---- Organisations ---------------------------------------------------------------------------

/** GET /api/v1/tenants: every organisation the caller is an active member of, current one marked. */
export async function listMyTenants(ctx: ActorContext): Promise<MyTenantsResponse> {
  const rows = await asAppUser(ctx.db, { tenantId: null, userId: ctx.actor.userId }, (tx) => listOwnTenants(tx, ctx.actor.userId));
  const currentId = ctx.actor.tenant?.id ?? null;
  return {
    tenants: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      planType: row.planType as PlanType,
      membershipRole: row.membershipRole as MembershipRole,
      current: row.id === currentId,
    })),
    currentTenantId: currentId,
  };
}

/**
 * POST /api/v1/tenants. The organisation and its owner membership are written in one transaction
 * under the new organisation's own row-level security, so a failed membership leaves no
 * organisation behind (spec §4). The session then acts in the new organisation.
 */
export async function createTenant(ctx: ActorContext, input: CreateTenantRequest): Promise<TenantDetail> {
  const { actor } = ctx;
  const id = randomUUID();
  const now = ctx.now();
  let row: TenantRow;
  try {
    row = await withTenant({ db: ctx.db, tenantId: id, userId: actor.userId }, async (tx) => {
      const tenant = await insertTenant(tx, {
        id,
        name: input.name,
        slug: input.slug,
        domain: input.domain ?? null,
        planType: DEFAULT_PLAN_TYPE,
        features: {},
        branding: {},
        trialEndsAt: new Date(now.getTime() + TENANT_TRIAL_DAYS * DAY_MS),
        adminUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await insertMembership(tx, { tenantId: id, userId: actor.userId, role: 'owner', status: 'active', permissions: [], joinedAt: now, createdAt: now });
      await recordAudit(tx, {
        ...auditBase(ctx, id),
        action: 'tenant.create',
        targetType: 'tenant',
        targetId: id,
        metadata: { slug: tenant.slug, planType: tenant.planType },
      });
      return tenant;
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  await setSessionTenant(ctx.db, actor.sessionId, id);
  return toTenantDetail(row, 'owner');
}

/** GET /api/v1/tenant: the session's organisation. */
export async function getCurrentTenant(ctx: ActorContext): Promise<TenantDetail> {
  return inCurrentTenant(ctx, async (tx, tenantId) => {
    const row = await findTenant(tx, tenantId);
    if (!row) throw tenantNotFound();
    return toTenantDetail(row, await actorRole(tx, ctx, tenantId));
  });
}

/** PATCH /api/v1/tenant: name, domain, branding and the staff two-factor rule. */
export async function updateCurrentTenant(ctx: ActorContext, input: UpdateTenantRequest): Promise<TenantDetail> {
  // Owners and admins are staff: requiring two-factor authentication without having it would
  // lock the person turning the rule on out of their own organisation.
  if (input.requireMfaForStaff === true && !ctx.actor.twoFactorEnabled) {
    throw conflict('tenant.mfa-self-required', 'Turn on two-factor authentication for your own account before requiring it of staff.');
  }
  try {
    return await inCurrentTenant(ctx, async (tx, tenantId) => {
      const current = await findTenant(tx, tenantId);
      if (!current) throw tenantNotFound();
      const role = await actorRole(tx, ctx, tenantId);
      // Re-checked here: a demotion since the request began must not still allow the change.
      if (!isPrivilegedRole(role)) throw forbidden('auth.forbidden', 'You do not have permission to do this.');
      const changes: Parameters<typeof updateTenant>[2] = { updatedAt: ctx.now() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.domain !== undefined) changes.domain = input.domain;
      if (input.requireMfaForStaff !== undefined) changes.requireMfaForStaff = input.requireMfaForStaff;
      if (input.branding) {
        const branding: Record<string, string> = { ...current.branding };
        for (const [key, value] of Object.entries(input.branding)) {
          if (value === null) delete branding[key];
          else if (value !== undefined) branding[key] = value;
        }
        changes.branding = branding;
      }
      const updated = await updateTenant(tx, tenantId, changes);
      if (!updated) throw tenantNotFound();
      await recordAudit(tx, {
        ...auditBase(ctx, tenantId),
        action: 'tenant.update',
        targetType: 'tenant',
        targetId: tenantId,
        metadata: { fields: Object.keys(input).filter((k) => input[k as keyof UpdateTenantRequest] !== undefined) },
      });
      return toTenantDetail(updated, role);
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

// ---- Members ---------------------------------------------------------------------------------------

export async function listTenantMembers(ctx: ActorContext, query: MembersQuery): Promise<MembersPage> {
  return inCurrentTenant(ctx, async (tx, tenantId) => {
    const { rows, total } = await listMembers(tx, tenantId, {
      search: query.search || undefined,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { members: rows.map(toMember), page: query.page, pageSize: query.pageSize, total };
  });
}

export async function changeMemberRole(ctx: ActorContext, userId: string, newRole: MembershipRole): Promise<Member> {
  try {
    return await inCurrentTenant(ctx, async (tx, tenantId) => {
      await lockTenant(tx, tenantId);
      const role = await actorRole(tx, ctx, tenantId);
      const target = await findMember(tx, tenantId, userId);
      if (!target) throw memberNotFound();
      const decision = decideRoleChange({
        actorRole: role,
        target: { role: target.role as MembershipRole, status: target.status as Member['status'] },
        newRole,
        activeOwners: await countActiveOwners(tx, tenantId),
      });
      if (!decision.allowed) throw refusal(decision);
      if (target.role === newRole) return toMember(target);
      await updateMemberRole(tx, tenantId, userId, newRole);
      await recordAudit(tx, {
        ...auditBase(ctx, tenantId),
        action: 'tenant.member.role-change',
        targetType: 'user',
        targetId: userId,
        metadata: { from: target.role, to: newRole },
      });
      return toMember({ ...target, role: newRole });
    });
  } catch (error) {
    return auditRefusal(ctx, 'tenant.member.role-change', { type: 'user', id: userId }, error);
  }
}

export async function removeMember(ctx: ActorContext, userId: string): Promise<void> {
  try {
    await inCurrentTenant(ctx, async (tx, tenantId) => {
      await lockTenant(tx, tenantId);
      const role = await actorRole(tx, ctx, tenantId);
      const target = await findMember(tx, tenantId, userId);
      if (!target) throw memberNotFound();
      const decision = decideRemoval({
        actorRole: role,
        target: { role: target.role as MembershipRole, status: target.status as Member['status'] },
        activeOwners: await countActiveOwners(tx, tenantId),
      });
      if (!decision.allowed) throw refusal(decision);
      await deleteMember(tx, tenantId, userId);
      await recordAudit(tx, {
        ...auditBase(ctx, tenantId),
        action: 'tenant.member.remove',
        targetType: 'user',
        targetId: userId,
        metadata: { role: target.role },
      });
    });
  } catch (error) {
    await auditRefusal(ctx, 'tenant.member.remove', { type: 'user', id: userId }, error);
  }
}

// ---- Invitations ------------------------------------------------------------------------------------

export async function inviteMember(ctx: ActorContext, input: CreateInvitationRequest): Promise<InvitationSent> {
  const { token, tokenHash } = newInvitationToken();
  const now = ctx.now();
  let created: { invitation: Invitation; tenantName: string };
  try {
    created = await inCurrentTenant(ctx, async (tx, tenantId) => {
      // One pending invitation per address: the organisation's row lock serialises the check and the insert.
      if (!(await lockTenant(tx, tenantId))) throw tenantNotFound();
      const tenant = await findTenant(tx, tenantId);
      if (!tenant) throw tenantNotFound();
      const decision = decideInvitation(await actorRole(tx, ctx, tenantId), input.role);
      if (!decision.allowed) throw refusal(decision);
      if (await findMemberByEmail(tx, tenantId, input.email)) {
        throw conflict('tenant.already-member', 'This person is already a member of the organisation.');
      }
      if (await findPendingInvitationByEmail(tx, tenantId, input.email, now)) {
        throw conflict('tenant.invitation-pending', 'An invitation to this address is already pending. Resend it instead.');
      }
      const id = await insertInvitation(tx, {
        tenantId,
        email: input.email,
        role: input.role,
        permissions: input.permissions ?? [],
        invitedBy: ctx.actor.userId,
        tokenHash,
        expiresAt: new Date(now.getTime() + INVITATION_EXPIRY_DAYS * DAY_MS),
        createdAt: now,
      });
      await recordAudit(tx, {
        ...auditBase(ctx, tenantId),
        action: 'tenant.invitation.create',
        targetType: 'invitation',
        targetId: id,
        metadata: { email: input.email, role: input.role },
      });
      const row = await findInvitation(tx, tenantId, id);
      if (!row) throw invitationNotFound();
      return { invitation: toInvitation(row), tenantName: tenant.name };
    });
  } catch (error) {
    return auditRefusal(ctx, 'tenant.invitation.create', { type: 'invitation', id: input.email }, error);
  }
  const emailSent = await sendInvitationEmail(ctx, created.invitation, token, created.tenantName);
  return { invitation: created.invitation, emailSent };
}

export async function listInvitations(ctx: ActorContext): Promise<{ invitations: Invitation[] }> {
  return inCurrentTenant(ctx, async (tx, tenantId) => {
    const rows = await listPendingInvitations(tx, tenantId, ctx.now());
    return { invitations: rows.map(toInvitation) };
  });
}

/** A new token and a new expiry for an invitation not yet accepted or revoked; emailed again. */
export async function resendInvitation(ctx: ActorContext, id: string): Promise<InvitationSent> {
  const { token, tokenHash } = newInvitationToken();
  const now = ctx.now();
  let renewed: { invitation: Invitation; tenantName: string };
  try {
    renewed = await inCurrentTenant(ctx, async (tx, tenantId) => {
      const row = await findInvitation(tx, tenantId, id);
      if (!row || row.acceptedAt || row.revokedAt) throw invitationNotFound();
      const decision = decideInvitation(await actorRole(tx, ctx, tenantId), row.role as MembershipRole);
      if (!decision.allowed) throw refusal(decision);
      const expiresAt = new Date(now.getTime() + INVITATION_EXPIRY_DAYS * DAY_MS);
      await renewInvitationToken(tx, tenantId, id, tokenHash, expiresAt);
      await recordAudit(tx, {
        ...auditBase(ctx, tenantId),
        action: 'tenant.invitation.resend',
        targetType: 'invitation',
        targetId: id,
        metadata: { email: row.email },
      });
      const tenant = await findTenant(tx, tenantId);
      return { invitation: toInvitation({ ...row, expiresAt }), tenantName: tenant?.name ?? '' };
    });
  } catch (error) {
    return auditRefusal(ctx, 'tenant.invitation.resend', { type: 'invitation', id }, error);
  }
  const emailSent = await sendInvitationEmail(ctx, renewed.invitation, token, renewed.tenantName);
  return { invitation: renewed.invitation, emailSent };
}

export async function revokeInvitation(ctx: ActorContext, id: string): Promise<void> {
  try {
    await inCurrentTenant(ctx, async (tx, tenantId) => {
      const row = await findInvitation(tx, tenantId, id);
      if (!row || row.acceptedAt || row.revokedAt) throw invitationNotFound();
      const decision = decideInvitation(await actorRole(tx, ctx, tenantId), row.role as MembershipRole);
      if (!decision.allowed) throw refusal(decision);
      await revokeInvitationRow(tx, tenantId, id, ctx.now());
      await recordAudit(tx, {
        ...auditBase(ctx, tenantId),
        action: 'tenant.invitation.revoke',
        targetType: 'invitation',
        targetId: id,
        metadata: { email: row.email },
      });
    });
  } catch (error) {
    await auditRefusal(ctx, 'tenant.invitation.revoke', { type: 'invitation', id }, error);
  }
}

/** The invitation a token names, if it can still be accepted; the reasons it cannot all look alike. */
async function usableInvitation(ctx: ServiceContext, token: string) {
  if (!InvitationTokenSchema.safeParse(token).success) throw unknownInvitation();
  const invitation = await findInvitationByTokenHash(ctx.db, hashInvitationToken(token));
  if (!invitation) throw unknownInvitation();
  if (invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= ctx.now().getTime()) throw unusableInvitation();
  return invitation;
}

/** GET /api/v1/invitations/preview (public): the organisation's name and the role, nothing else. */
export async function previewInvitation(ctx: ServiceContext, token: string): Promise<InvitationPreview> {
  const invitation = await usableInvitation(ctx, token);
  const tenant = await withTenant({ db: ctx.db, tenantId: invitation.tenantId }, (tx) => findTenant(tx, invitation.tenantId));
  if (!tenant) throw unknownInvitation();
  return { tenantName: tenant.name, role: invitation.role as InvitableMembershipRole, expiresAt: invitation.expiresAt.toISOString() };
}

/**
 * POST /api/v1/invitations/accept (spec §5): the token must name an invitation for the signed-in
 * person's email that is not accepted, revoked or expired. The membership is created, then the
 * invitation marked accepted, in one transaction of the inviting organisation; the session then
 * switches to it when the organisation's rules allow.
 */
export async function acceptInvitation(ctx: ActorContext, token: string): Promise<AcceptInvitationResponse> {
  const { actor } = ctx;
  const found = await usableInvitation(ctx, token);
  if (found.email.toLowerCase() !== actor.email.toLowerCase()) throw unusableInvitation();
  const now = ctx.now();
  const accepted = await withTenant({ db: ctx.db, tenantId: found.tenantId, userId: actor.userId }, async (tx) => {
    // Re-read under the row lock: a concurrent accept or revoke wins cleanly.
    const invitation = await findInvitation(tx, found.tenantId, found.id);
    if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt.getTime() <= now.getTime()) {
      throw unusableInvitation();
    }
    if (await findMember(tx, found.tenantId, actor.userId)) {
      throw conflict('tenant.already-member', 'You are already a member of this organisation.');
    }
    await insertMembership(tx, {
      tenantId: found.tenantId,
      userId: actor.userId,
      role: invitation.role,
      status: 'active',
      permissions: invitation.permissions,
      invitedBy: invitation.invitedBy,
      invitedAt: invitation.createdAt,
      joinedAt: now,
      createdAt: now,
    });
    if (!(await markInvitationAccepted(tx, found.tenantId, found.id, now))) throw unusableInvitation();
    await recordAudit(tx, {
      tenantId: found.tenantId,
      actorUserId: actor.userId,
      requestId: ctx.requestId,
      clientIp: ctx.clientIp,
      action: 'tenant.invitation.accept',
      targetType: 'invitation',
      targetId: found.id,
      metadata: { role: invitation.role },
    });
    const tenant = await findTenant(tx, found.tenantId);
    return { tenantName: tenant?.name ?? '', role: invitation.role as InvitableMembershipRole };
  });
  const access = await tenantAccess(ctx.db, { id: actor.userId, role: actor.role, twoFactorEnabled: actor.twoFactorEnabled }, found.tenantId);
  if (access.tenant) await setSessionTenant(ctx.db, actor.sessionId, found.tenantId);
  return { tenantId: found.tenantId, tenantName: accepted.tenantName, role: accepted.role, switched: access.tenant !== null };
}

// ---- Usage -------------------------------------------------------------------------------------------

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** GET /api/v1/tenant/usage: daily rows in [from, to], oldest first (default: the last 30 days). */
export async function getUsage(ctx: ActorContext, query: UsageQuery): Promise<UsageResponse> {
  const to = query.to ?? (query.from ? addDays(query.from, USAGE_DEFAULT_DAYS - 1) : isoDay(ctx.now()));
  const from = query.from ?? addDays(to, -(USAGE_DEFAULT_DAYS - 1));
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (span < 1 || span > USAGE_MAX_DAYS) {
    throw validationError('tenant.usage-range-invalid', `Choose a range of 1 to ${USAGE_MAX_DAYS} days with from on or before to.`, [
      { path: 'querystring.from', code: 'range' },
    ]);
  }
  const rows = await inCurrentTenant(ctx, (tx, tenantId) => listUsage(tx, tenantId, from, to));
  return {
    from,
    to,
    days: rows.map((row) => ({ date: row.date, activeUsers: row.activeUsers, signIns: row.signIns, storageBytes: Number(row.storageBytes) })),
  };
}
