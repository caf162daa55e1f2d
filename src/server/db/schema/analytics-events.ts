import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * First-party analytics (spec §7): page views and call-to-action clicks, stored only when the
 * visitor's consent in force allows analytics. Global; no IP address is kept.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    /** The visitor's consent session id, or null for a signed-in user. */
    sessionId: text('session_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** page, referrer, region, language, timezone, currency, cta text and section… (validated by the API schema). */
    properties: jsonb('properties').$type<Record<string, string | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('analytics_events_type_check', sql`${t.type} in ('page_view', 'cta_click', 'region_detected')`),
    index('analytics_events_created_at').on(t.createdAt),
    index('analytics_events_type_created_at').on(t.type, t.createdAt),
  ],
);
