import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { citext } from './types.js';

/**
 * Messages from the public /contact and /enterprise/demo-request forms. Global: they are for
 * Tendwell itself. Platform admins list them and mark them handled.
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    email: citext('email').notNull(),
    phone: text('phone'),
    organisation: text('organisation'),
    jobTitle: text('job_title'),
    organisationSize: text('organisation_size'),
    topic: text('topic'),
    message: text('message').notNull(),
    regionCode: text('region_code').notNull(),
    language: text('language').notNull(),
    /** The signed-in user who sent it, if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('new'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('enquiries_kind_check', sql`${t.kind} in ('contact', 'demo_request')`),
    check('enquiries_status_check', sql`${t.status} in ('new', 'handled')`),
    index('enquiries_kind_created_at').on(t.kind, t.createdAt.desc()),
    index('enquiries_status_created_at').on(t.status, t.createdAt.desc()),
  ],
);
