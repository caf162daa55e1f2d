import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** Medical specialties a provider can practise (spec §2: the eight /providers?specialty= slugs). Names are translated in the web app. */
export const specialties = pgTable('specialties', {
  slug: text('slug').primaryKey(),
  sortOrder: integer('sort_order').notNull(),
});

/**
 * A provider's public directory profile. Global: the directory spans organisations. Only
 * verified profiles are counted and listed publicly. The directory issue extends it.
 */
export const providerProfiles = pgTable(
  'provider_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    specialtySlug: text('specialty_slug')
      .notNull()
      .references(() => specialties.slug),
    verificationStatus: text('verification_status').notNull().default('pending'),
    regionCode: text('region_code').notNull().default('US'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('provider_profiles_verification_check', sql`${t.verificationStatus} in ('pending', 'verified', 'rejected')`),
    index('provider_profiles_specialty_status').on(t.specialtySlug, t.verificationStatus),
  ],
);
