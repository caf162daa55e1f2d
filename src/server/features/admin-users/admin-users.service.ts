import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUser,
  type AdminUsersPage,
  type AdminUsersQuery,
  type ProfessionalStatusRequest,
} from '../../../shared/contracts/admin-users.js';
import { isProfessionalRole, type ProfessionalStatus, type Role } from '../../../shared/roles.js';
import { recordAudit, type AuditOutcome } from '../../platform/audit/audit.js';
import type { ActorContext } from '../../platform/context.js';
import { conflict, notFound } from '../../platform/errors/domain-errors.js';
import { disableUser as disableUserRow, enableUser as enableUserRow, findUser, listUsers, setProfessionalStatus, type AdminUserRow } from './admin-users.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...row,
    role: row.role as Role,
    professionalStatus: row.professionalStatus as ProfessionalStatus,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const userNotFound = () => notFound('admin.user-not-found', 'The user was not found.');

async function requireUser(ctx: ActorContext, userId: string): Promise<AdminUserRow> {
  if (!UUID.test(userId)) throw userNotFound();
  const row = await findUser(ctx.db, userId);
  if (!row) throw userNotFound();
  return row;
}

function audit(ctx: ActorContext, action: string, targetId: string, outcome: AuditOutcome = 'success', metadata: Record<string, unknown> = {}) {
  return recordAudit(ctx.db, {
    action,
    outcome,
    actorUserId: ctx.actor.userId,
    targetType: 'user',
    targetId,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    metadata,
  });
}

export async function searchUsers(ctx: ActorContext, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const { rows, total } = await listUsers(
    ctx.db,
    { query: query.query || undefined, role: query.role, professionalStatus: query.professionalStatus },
    { offset: (query.page - 1) * ADMIN_USERS_PAGE_SIZE, limit: ADMIN_USERS_PAGE_SIZE },
  );
  return { users: rows.map(toAdminUser), page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE, total };
}

/** Verifies or rejects a professional (provider, allied health, support coordinator, plan manager). */
export async function decideProfessionalStatus(ctx: ActorContext, userId: string, input: ProfessionalStatusRequest): Promise<AdminUser> {
  const user = await requireUser(ctx, userId);
  if (!isProfessionalRole(user.role as Role)) {
    await audit(ctx, 'admin.user.professional-status', userId, 'denied', { reason: 'not-professional', to: input.status });
    throw conflict('admin.not-professional', 'Only professionals are verified.');
  }
  const updated = await setProfessionalStatus(ctx.db, userId, input.status, ctx.now());
  if (!updated) throw userNotFound();
  await audit(ctx, 'admin.user.professional-status', userId, 'success', { from: user.professionalStatus, to: input.status });
  return toAdminUser(updated);
}

export async function disableUser(ctx: ActorContext, userId: string): Promise<AdminUser> {
  if (userId === ctx.actor.userId) {
    await audit(ctx, 'admin.user.disable', userId, 'denied', { reason: 'self' });
    throw conflict('admin.cannot-disable-self', 'You cannot disable your own account.');
  }
  const user = await requireUser(ctx, userId);
  if (user.disabledAt) return toAdminUser(user);
  const { user: updated, sessionsEnded } = await disableUserRow(ctx.db, userId, ctx.now());
  if (!updated) throw userNotFound();
  await audit(ctx, 'admin.user.disable', userId, 'success', { sessionsEnded });
  return toAdminUser(updated);
}

export async function enableUser(ctx: ActorContext, userId: string): Promise<AdminUser> {
  const user = await requireUser(ctx, userId);
  if (!user.disabledAt) return toAdminUser(user);
  const updated = await enableUserRow(ctx.db, userId, ctx.now());
  if (!updated) throw userNotFound();
  await audit(ctx, 'admin.user.enable', userId);
  return toAdminUser(updated);
}
