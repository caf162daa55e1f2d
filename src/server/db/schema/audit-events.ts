import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail: sign-ins, MFA, password, role, invitation and tenant changes.
 * tenant_id is null for account events outside any organisation. Row-level security by
 * tenant_id; a trigger refuses UPDATE and DELETE for every role, the application's included.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id'),
    actorUserId: uuid('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    outcome: text('outcome').notNull().default('success'),
    requestId: text('request_id'),
    clientIp: text('client_ip'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('audit_events_actor_created_idx').on(t.actorUserId, t.createdAt),
    check('audit_events_outcome_check', sql`${t.outcome} in ('success', 'failure', 'denied')`),
  ],
);
