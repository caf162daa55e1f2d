import type { SessionState } from '../../../shared/contracts/auth.js';
import { ROLE_LANDING_PATHS } from '../../../shared/roles.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { tenantAccess, type Actor } from '../../platform/auth/actor.js';
import type { ActorContext } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/errors/domain-errors.js';
import { setSessionTenant } from './session.repo.js';
import { effectivePermissions } from '../../../shared/permissions.js';

export function sessionState(actor: Actor): SessionState {
  return {
    user: {
      id: actor.userId,
      name: actor.name,
      email: actor.email,
      emailVerified: actor.emailVerified,
      role: actor.role,
      professionalStatus: actor.professionalStatus,
      image: actor.image,
      locale: actor.locale,
      timeZone: actor.timeZone,
      region: actor.region,
      twoFactorEnabled: actor.twoFactorEnabled,
    },
    session: {
      id: actor.sessionId,
      expiresAt: actor.sessionExpiresAt.toISOString(),
      createdAt: actor.sessionCreatedAt.toISOString(),
    },
    currentTenant: actor.tenant,
    tenantNotice: actor.tenantNotice,
    permissions: [...actor.permissions],
    landingPath: ROLE_LANDING_PATHS[actor.role],
  };
}

/**
 * Switches the session's organisation. Only an active membership allows it (spec §5); another
 * organisation's id answers 404 exactly like a missing one.
 */
export async function switchTenant(ctx: ActorContext, tenantId: string): Promise<SessionState> {
  const { actor } = ctx;
  if (actor.tenant?.id === tenantId) return sessionState(actor);
  const access = await tenantAccess(ctx.db, { id: actor.userId, role: actor.role, twoFactorEnabled: actor.twoFactorEnabled }, tenantId);
  if (access.notice === 'mfa-required') {
    await recordAudit(ctx.db, { action: 'tenant.switch', outcome: 'denied', actorUserId: actor.userId, targetType: 'tenant', targetId: tenantId, requestId: ctx.requestId, clientIp: ctx.clientIp, metadata: { reason: 'mfa-required' } });
    throw forbidden('tenant.mfa-required', 'This organisation requires two-factor authentication for staff. Turn it on in Settings.');
  }
  if (!access.tenant) throw notFound('tenant.not-found', 'The organisation was not found.');
  await setSessionTenant(ctx.db, actor.sessionId, tenantId);
  await recordAudit(ctx.db, { action: 'tenant.switch', actorUserId: actor.userId, targetType: 'tenant', targetId: tenantId, requestId: ctx.requestId, clientIp: ctx.clientIp });
  const next: Actor = {
    ...actor,
    tenant: access.tenant,
    tenantNotice: null,
    permissions: new Set(effectivePermissions(actor.role, access.tenant.membershipRole, access.tenant.extraPermissions)),
  };
  return sessionState(next);
}
