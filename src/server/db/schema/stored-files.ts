import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Every object put into storage, with its size: what the storage interface holds, who owns it
 * and which organisation it counts against (null for personal files such as avatars).
 * Only the platform's storage code writes here, as the connection's own role.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    tenantId: uuid('tenant_id'),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_tenant_idx').on(t.tenantId), index('stored_files_owner_idx').on(t.ownerUserId)],
);
