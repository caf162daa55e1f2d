import { sql } from 'drizzle-orm';
import { boolean, check, customType, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { tenants } from './tenants.js';

/** A full-text document (generated from search_document; read only by SQL). */
const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** Medical specialties a provider can practise (spec §2: the eight /providers?specialty= slugs). Names are translated in the web app. */
export const specialties = pgTable('specialties', {
  slug: text('slug').primaryKey(),
  sortOrder: integer('sort_order').notNull(),
});

/**
 * A provider's directory profile, owned by an organisation. The directory spans organisations:
 * anyone may read a profile (row-level security allows SELECT to all), only verified ones are
 * listed publicly, and only the provider, inside their organisation, may change it.
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
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    /** The name shown publicly (users.name when the profile was made). */
    displayName: text('display_name').notNull().default(''),
    /** Post-nominals or position, e.g. "MBBS, FRACGP". */
    title: text('title').notNull().default(''),
    bio: text('bio').notNull().default(''),
    /** Further specialties beyond the main one (slugs of `specialties`). */
    otherSpecialties: text('other_specialties').array().notNull().default(sql`'{}'::text[]`),
    /** Interface-language codes the provider consults in (en, es, fr, pt, ar, zh-CN). */
    languages: text('languages').array().notNull().default(sql`'{en}'::text[]`),
    conditions: text('conditions').array().notNull().default(sql`'{}'::text[]`),
    qualifications: text('qualifications').array().notNull().default(sql`'{}'::text[]`),
    registrationNumber: text('registration_number'),
    offersTelehealth: boolean('offers_telehealth').notNull().default(false),
    offersInPerson: boolean('offers_in_person').notNull().default(true),
    acceptingNewPatients: boolean('accepting_new_patients').notNull().default(true),
    ndisRegistered: boolean('ndis_registered').notNull().default(false),
    cancellationWindowHours: integer('cancellation_window_hours').notNull().default(24),
    slotIntervalMinutes: integer('slot_interval_minutes').notNull().default(15),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(120),
    horizonDays: integer('horizon_days').notNull().default(90),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** The first bookable time, kept current by booking and by the availability job (sort and filter). */
    nextAvailableAt: timestamp('next_available_at', { withTimezone: true }),
    /** Set by a trigger when bookings change; the availability job then recomputes next_available_at. */
    nextAvailableStale: boolean('next_available_stale').notNull().default(true),
    /** Coordinates of the main in-person practice (distance filter and sort). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** What free-text search reads: name, specialties and their synonyms, conditions, bio. */
    searchDocument: text('search_document').notNull().default(''),
    /**
     * The document's words, those of the biography (its end) weighted D and the others A, so that
     * search can tell a word found only in the biography (migration 0035, providers.repo.ts).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`directory_search_vector(search_document, bio)`),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('provider_profiles_verification_check', sql`${t.verificationStatus} in ('pending', 'verified', 'rejected')`),
    index('provider_profiles_specialty_status').on(t.specialtySlug, t.verificationStatus),
    index('provider_profiles_tenant').on(t.tenantId),
    index('provider_profiles_search_vector').using('gin', t.searchVector),
    index('provider_profiles_next_available').on(t.nextAvailableAt),
    check('provider_profiles_rating_check', sql`${t.ratingCount} >= 0 and ${t.ratingSum} between ${t.ratingCount} and ${t.ratingCount} * 5`),
    check('provider_profiles_window_check', sql`${t.cancellationWindowHours} between 0 and 336`),
    check('provider_profiles_interval_check', sql`${t.slotIntervalMinutes} between 5 and 240`),
    check('provider_profiles_notice_check', sql`${t.minimumNoticeMinutes} between 0 and 43200`),
    check('provider_profiles_horizon_check', sql`${t.horizonDays} between 1 and 365`),
  ],
);

/**
 * Every word of every directory document (`provider_profiles.search_vector`'s lexemes), kept by
 * triggers (migration 0027). A misspelt word is looked up here (pg_trgm word similarity over short
 * words, through the trigram index) and the profiles are then found by the words it may mean,
 * through the full-text index, instead of comparing it with every matching document. Words of
 * documents since changed stay: they only make a correction that finds nothing.
 */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_lexicon_trgm').using('gin', sql`${t.word} gin_trgm_ops`)],
);
