import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Installation facts the platform records about itself (for example, which demo seed ran). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
