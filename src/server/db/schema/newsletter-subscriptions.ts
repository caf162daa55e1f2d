import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { citext } from './types.js';

/** Footer newsletter sign-ups. Global (no tenant): the visitor subscribes to Tendwell itself. */
export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: citext('email').notNull().unique(),
  language: text('language').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
});
