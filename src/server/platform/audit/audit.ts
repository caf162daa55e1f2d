import { auditEvents } from '../../db/schema/audit-events.js';
import type { Queryable } from '../db/database.js';

export type AuditOutcome = 'success' | 'failure' | 'denied';

export interface AuditEvent {
  action: string;
  outcome?: AuditOutcome;
  tenantId?: string | null;
  actorUserId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  requestId?: string | null;
  clientIp?: string | null;
  metadata?: Record<string, unknown>;
}

/**
 * Appends one event to the audit trail. Inside a tenant transaction (withTenant) pass the
 * transaction, and the tenant must be the current one; account events pass the database.
 */
export async function recordAudit(q: Queryable, event: AuditEvent): Promise<void> {
  await q.insert(auditEvents).values({
    action: event.action,
    outcome: event.outcome ?? 'success',
    tenantId: event.tenantId ?? null,
    actorUserId: event.actorUserId ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    requestId: event.requestId ?? null,
    clientIp: event.clientIp ?? null,
    metadata: event.metadata ?? {},
  });
}
