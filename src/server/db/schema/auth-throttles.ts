import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed-attempt counters per account and per client address for sign-in, sign-up, reset and
 * verification mail, kept in the database so every server process shares them. Global: no tenant.
 */
export const authThrottles = pgTable('auth_throttles', {
  /** e.g. 'sign-in:account:{email}', 'sign-in:ip:{ip}', 'reset:account:{email}'. */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
