import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { citext } from './types.js';

/**
 * Footer newsletter sign-ups, with double opt-in. Global (no tenant): the visitor subscribes to
 * Tendwell itself. A row is pending until the emailed confirmation link is followed
 * (confirmed_at); only confirmed, not unsubscribed rows receive mail. Tokens are stored hashed.
 */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: citext('email').notNull().unique(),
  language: text('language').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** SHA-256 of the single-use confirmation token; cleared once confirmed. */
  confirmTokenHash: text('confirm_token_hash').unique(),
  confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** SHA-256 of the long-lived unsubscribe token carried by every newsletter email. */
  unsubscribeTokenHash: text('unsubscribe_token_hash').unique(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
});
