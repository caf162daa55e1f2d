import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../platform/db/database.js';

// Read by SQL with queryRows, which needs an index signature.
export type PlaceRow = {
  id: number;
  name: string;
  state: string;
  region: string;
  population: number;
  latitude: number;
  longitude: number;
  time_zone: string;
};

const COLUMNS = sql`id, name, state, region, population, latitude, longitude, time_zone`;
/** The visitor's region first, then the larger place. */
const ORDER = (region: string | null) => sql`(region = ${region}) desc, population desc, id`;

/** Places named exactly this (folded) name or spelled so by an alias. */
export async function placesNamed(db: Queryable, name: string, region: string | null, limit: number): Promise<PlaceRow[]> {
  return queryRows<PlaceRow>(db, sql`
    select ${COLUMNS} from places
    where search_name = ${name} or aliases @> array[${name}]::text[]
    order by ${ORDER(region)} limit ${limit}`);
}

/** Places whose (folded) name starts with this text. */
export async function placesStartingWith(db: Queryable, prefix: string, region: string | null, limit: number): Promise<PlaceRow[]> {
  const pattern = prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
  return queryRows<PlaceRow>(db, sql`
    select ${COLUMNS} from places where search_name like ${pattern}
    order by ${ORDER(region)} limit ${limit}`);
}

/** Places whose (folded) name is close to this text (pg_trgm's similarity), the closest first. */
export async function placesLike(db: Queryable, text: string, region: string | null, limit: number): Promise<PlaceRow[]> {
  return queryRows<PlaceRow>(db, sql`
    select ${COLUMNS} from places where search_name % ${text}
    order by similarity(search_name, ${text}) desc, ${ORDER(region)} limit ${limit}`);
}
