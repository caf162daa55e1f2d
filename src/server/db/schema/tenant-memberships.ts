import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { tenants } from './tenants.js';
import { citext } from './types.js';

/** A person's membership of an organisation (spec §3). Row-level security by tenant_id. */
export const tenantMemberships = pgTable(
  'tenant_memberships',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    status: text('status').notNull().default('active'),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index('tenant_memberships_user_idx').on(t.userId),
    check(
      'tenant_memberships_role_check',
      sql`${t.role} in ('owner', 'admin', 'member', 'provider', 'allied_health', 'support_coordinator', 'practice_manager')`,
    ),
    check('tenant_memberships_status_check', sql`${t.status} in ('active', 'suspended')`),
  ],
);

/** An invitation to join an organisation (spec §3); the token is stored hashed. */
export const tenantInvitations = pgTable(
  'tenant_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    email: citext('email').notNull(),
    role: text('role').notNull(),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 of the emailed token, hex. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tenant_invitations_token_idx').on(t.tokenHash),
    index('tenant_invitations_tenant_created_idx').on(t.tenantId, t.createdAt),
    check(
      'tenant_invitations_role_check',
      sql`${t.role} in ('admin', 'member', 'provider', 'allied_health', 'support_coordinator', 'practice_manager')`,
    ),
  ],
);

/** Daily usage of an organisation, recorded by the server (spec §3 Tenant usage metric). */
export const tenantUsageMetrics = pgTable(
  'tenant_usage_metrics',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    metricDate: date('metric_date', { mode: 'string' }).notNull(),
    activeUsers: integer('active_users').notNull().default(0),
    signIns: integer('sign_ins').notNull().default(0),
    storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.metricDate] })],
);
