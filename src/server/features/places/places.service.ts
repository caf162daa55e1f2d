import { PLACE_SUGGESTIONS_MAX, type PlaceList, type PlaceResult, type PlaceSuggestionQuery } from '../../../shared/contracts/places.js';
import { LANGUAGE_CODES } from '../../../shared/languages.js';
import { foldPlaceName } from '../../../shared/places.js';
import { REGION_CODES, type RegionCode } from '../../../shared/regions.js';
import type { ServiceContext } from '../../platform/context.js';
import type { Queryable } from '../../platform/db/database.js';
import { placesLike, placesNamed, placesStartingWith, type PlaceRow } from './places.repo.js';

/** Prefixes shorter than this find too many places to be of use; close spellings need a little more. */
const MIN_PREFIX = 2;
const MIN_SIMILAR = 4;
/** Enough of one name's places (there are dozens of Springfields) to filter by state or country. */
const NAMED_LIMIT = 100;

/** Region codes by every name the interface languages give the country (folded), and by the code itself. */
const REGION_BY_NAME: ReadonlyMap<string, RegionCode> = (() => {
  const byName = new Map<string, RegionCode>();
  for (const language of LANGUAGE_CODES) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    for (const code of REGION_CODES) {
      const name = names.of(code);
      if (name) byName.set(foldPlaceName(name), code);
    }
  }
  for (const code of REGION_CODES) byName.set(code.toLowerCase(), code);
  byName.set('uk', 'GB');
  byName.set('usa', 'US');
  return byName;
})();

/**
 * What a typed place says: a name, then, after commas, what narrows it ("Newtown, NSW",
 * "Newtown, Wales, UK", "Paris, France"): a state as addresses write it, a country's code or name.
 */
export function parsePlaceText(text: string): { name: string; qualifiers: string[] } {
  const [name = '', ...rest] = text.split(/[,，،]/).map(foldPlaceName);
  return { name, qualifiers: rest.filter(Boolean) };
}

function fits(row: PlaceRow, qualifiers: readonly string[]): boolean {
  const state = foldPlaceName(row.state);
  return qualifiers.every((q) => (state !== '' && q === state) || REGION_BY_NAME.get(q) === row.region);
}

export function placeLabel(row: Pick<PlaceRow, 'name' | 'state' | 'region'>): string {
  return [row.name, row.state, row.region].filter(Boolean).join(', ');
}

function toPlace(row: PlaceRow): PlaceResult {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    region: row.region as RegionCode,
    label: placeLabel(row),
    latitude: row.latitude,
    longitude: row.longitude,
    timeZone: row.time_zone,
  };
}

/**
 * Places for what was typed, best first: named exactly so, then starting so, then spelled
 * closely (a slip: "Parramata"); in each, the visitor's region first, then the larger place.
 */
async function candidates(ctx: Pick<ServiceContext, 'db'>, text: string, region: RegionCode | undefined, limit: number): Promise<PlaceRow[]> {
  const { name, qualifiers } = parsePlaceText(text);
  if (!name) return [];
  const preferred = region ?? null;
  const found = new Map<number, PlaceRow>();
  const take = (rows: readonly PlaceRow[]) => {
    for (const row of rows) if (found.size < limit && !found.has(row.id) && fits(row, qualifiers)) found.set(row.id, row);
  };
  take(await placesNamed(ctx.db, name, preferred, qualifiers.length ? NAMED_LIMIT : limit));
  if (found.size < limit && name.length >= MIN_PREFIX) take(await placesStartingWith(ctx.db, name, preferred, qualifiers.length ? NAMED_LIMIT : limit));
  if (found.size < limit && name.length >= MIN_SIMILAR) take(await placesLike(ctx.db, name, preferred, qualifiers.length ? NAMED_LIMIT : limit));
  return [...found.values()];
}

/** The place a typed text means (see `candidates`), or undefined when none is close. */
export async function resolvePlace(ctx: Pick<ServiceContext, 'db'>, text: string, region?: RegionCode): Promise<PlaceResult | undefined> {
  const [best] = await candidates(ctx, text, region, 1);
  return best ? toPlace(best) : undefined;
}

/** The place named exactly so (accents and case aside; no prefix, no slip), the visitor's region first, then the larger. */
export async function placeNamedExactly(db: Queryable, text: string, region?: RegionCode): Promise<PlaceResult | undefined> {
  const name = foldPlaceName(text);
  if (!name) return undefined;
  const [row] = await placesNamed(db, name, region ?? null, 1);
  return row ? toPlace(row) : undefined;
}

/** Suggestions while a person types a place. */
export async function suggestPlaces(ctx: Pick<ServiceContext, 'db'>, query: PlaceSuggestionQuery): Promise<PlaceList> {
  const rows = await candidates(ctx, query.query, query.region, PLACE_SUGGESTIONS_MAX);
  return { places: rows.map(toPlace) };
}

/**
 * The place an address is in: a town or suburb of the address's region named exactly as its
 * suburb or city (accents and case aside; no guessing at slips in an address), the one in the
 * address's state first, else the largest. Undefined when the gazetteer has no such place.
 */
export async function placeOfAddress(
  db: Queryable,
  address: { suburb?: string | null; city: string | null; state?: string | null; country: RegionCode },
): Promise<PlaceResult | undefined> {
  const state = foldPlaceName(address.state ?? '');
  for (const text of [address.suburb, address.city]) {
    const name = foldPlaceName(text ?? '');
    if (!name) continue;
    const rows = (await placesNamed(db, name, address.country, NAMED_LIMIT)).filter((row) => row.region === address.country);
    const inState = state ? rows.find((row) => row.state !== '' && foldPlaceName(row.state) === state) : undefined;
    const found = inState ?? rows[0];
    if (found) return toPlace(found);
  }
  return undefined;
}
