import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_RADIUS_KM,
  DIRECTORY_PAGE_SIZE,
  MATCH_WEIGHTS,
  type DirectoryPage,
  type DirectoryQuery,
  type Location,
  type MatchReason,
  type ProviderDetail,
  type ProviderSummary,
} from '../../../shared/contracts/providers.js';
import type { PlaceResult } from '../../../shared/contracts/places.js';
import { isRegionCode, type RegionCode } from '../../../shared/regions.js';
import { isSpecialtySlug, type SpecialtySlug } from '../../../shared/specialties.js';
import { users } from '../../db/schema/auth.js';
import { providerLocations, providerServices } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { placeNamedExactly, resolvePlace } from '../places/places.service.js';
import type { ServiceContext } from '../../platform/context.js';
import { queryRows, type Queryable } from '../../platform/db/database.js';
import { DomainError, notFound } from '../../platform/errors/domain-errors.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';
import { AVATAR_PATH_PREFIX, readAvatar, type AvatarFile } from '../profile/profile.service.js';
import { explainWords } from './match-explanation.js';
import { readWords, searchDirectory, wordWeights, type DirectoryFilters, type DirectoryRow, type WordReading } from './providers.repo.js';
import { STOP_WORDS, searchWords } from './search-document.js';

const DAY_MS = 86_400_000;

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function ratingOf(count: number, sum: number): { average: number | null; count: number } {
  return { average: count === 0 ? null : Math.round((sum / count) * 10) / 10, count };
}

function specialtyOf(slug: string): SpecialtySlug {
  return isSpecialtySlug(slug) ? slug : 'family-medicine';
}

function regionOf(code: string): RegionCode {
  return isRegionCode(code) ? code : 'US';
}

/** What each part of the score came from, for the parts that earned anything. */
function reasonsOf(row: DirectoryRow, query: DirectoryQuery, searched: string | undefined, corrections: WordReading['corrections']): MatchReason[] {
  const reasons: MatchReason[] = [];
  const round = (n: number) => Math.round(n * 100) / 100;
  if (row.fit > 0) {
    const text = searched?.trim();
    // Only the words this provider holds (the relaxed search lists providers holding some).
    const matches = text
      ? explainWords(text, {
          displayName: row.display_name,
          title: row.title,
          specialtySlug: row.specialty_slug,
          otherSpecialties: row.other_specialties,
          conditions: row.conditions ?? [],
          languages: row.languages,
          cities: row.cities ?? [],
          bio: row.bio ?? '',
        }, row.matched_words, corrections)
      : undefined;
    reasons.push({ kind: 'fit', score: round(Math.min(1, row.fit)), detail: query.specialty ?? '', ...(matches ? { matches } : {}) });
  }
  if (row.region_score > 0) reasons.push({ kind: 'region', score: 1, detail: row.region_code });
  if (row.distance_km !== null && row.distance_score > 0) reasons.push({ kind: 'distance', score: round(row.distance_score), detail: row.distance_km.toFixed(1) });
  if (row.language_score > 0) reasons.push({ kind: 'language', score: 1, detail: query.lang ?? '' });
  if (row.availability_score > 0) reasons.push({ kind: 'availability', score: round(row.availability_score), detail: iso(row.next_available_at) ?? '' });
  if (row.rating_score > 0) reasons.push({ kind: 'rating', score: round(row.rating_score), detail: String(ratingOf(row.rating_count, row.rating_sum).average ?? '') });
  return reasons;
}

/** At most this many words at the end (or the start) of a query are read as a place's name. */
const PLACE_WORDS_MAX = 3;

/**
 * A place named exactly by the last words of a query ("cardiology sydney", "knee pain in new
 * york"), else by its first ones ("sydney cardiology"), the longest name first, with the rest of
 * the query, which must still hold a word to search for (not only stop words or honorifics).
 * Exact names (as the gazetteer writes them, with spaces or hyphens) first; then the same with
 * each misspelt word read as the directory's word it most likely means (`corrections`, from the
 * search's own reading: "sydny" is "sydney" because a practice in Sydney holds that word). A slip
 * the directory's words do not explain is no place: it is more likely a slip in a specialty or a
 * condition, and the gazetteer's close spellings of it are mostly small towns nobody meant.
 */
async function placeInQuery(
  db: Queryable,
  text: string,
  region: RegionCode | undefined,
  corrections: WordReading['corrections'],
): Promise<{ place: PlaceResult; rest: string } | undefined> {
  const tokens = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const splits: { name: string[]; rest: string[] }[] = [];
  const most = Math.min(PLACE_WORDS_MAX, tokens.length - 1);
  for (let n = most; n >= 1; n--) splits.push({ name: tokens.slice(-n), rest: tokens.slice(0, -n) });
  for (let n = most; n >= 1; n--) splits.push({ name: tokens.slice(0, n), rest: tokens.slice(n) });
  // The splits with something left to search for ("knee pain in new york": "knee pain").
  const usable = splits.flatMap(({ name, rest }) => {
    const restWords = [...rest];
    while (restWords.length > 0 && STOP_WORDS.has(restWords.at(-1)!.toLowerCase())) restWords.pop();
    while (restWords.length > 0 && STOP_WORDS.has(restWords[0]!.toLowerCase())) restWords.shift();
    const searched = searchWords(restWords.join(' '));
    if (!searched.everyWord || !searched.words.some((w) => !STOP_WORDS.has(w))) return [];
    if (name.every((w) => STOP_WORDS.has(w.toLowerCase()))) return [];
    return [{ name, rest: restWords.join(' ') }];
  });
  // Then the same with the misspelt words corrected, those whose name has one.
  const corrected = usable
    .map(({ name, rest }) => ({ name: name.map((w) => corrections.get(w.toLowerCase())?.[0]?.word ?? w), rest, typed: name }))
    .filter(({ name, typed }) => name.some((w, i) => w !== typed[i]));
  for (const { name, rest } of [...usable, ...corrected]) {
    const names = name.length > 1 ? [name.join(' '), name.join('-')] : [name[0]!];
    for (const candidate of names) {
      const place = await placeNamedExactly(db, candidate, region);
      if (place) return { place, rest };
    }
  }
  return undefined;
}

/** The public directory: search, filters, sort and page, with a transparent best-match score. */
export async function searchProviders(ctx: Pick<ServiceContext, 'db' | 'now'>, query: DirectoryQuery): Promise<DirectoryPage> {
  const now = ctx.now();
  let place: DirectoryPage['place'] = null;
  let placeNotFound = false;
  // Whose providers earn the region part: the typed place's country, else the visitor's.
  let region: string | null = query.region ?? null;
  if (query.lat !== undefined && query.lng !== undefined) {
    place = { name: '', latitude: query.lat, longitude: query.lng };
  } else if (query.near) {
    const found = await resolvePlace(ctx, query.near, query.region);
    if (found) {
      place = { name: found.label, latitude: found.latitude, longitude: found.longitude };
      region = found.region;
    } else placeNotFound = true;
  }
  const requested = query.sort ?? (place ? 'distance' : 'best');
  const sort = requested === 'distance' && !place ? 'best' : requested;
  const { words, everyWord } = searchWords(query.query ?? '');
  const filters: DirectoryFilters = {
    words,
    everyWord,
    moreWordsFirst: false,
    wordWeights: null,
    specialty: query.specialty ?? null,
    language: query.language ?? null,
    mode: query.mode ?? null,
    point: place,
    radiusKm: query.radiusKm ?? DEFAULT_RADIUS_KM,
    withinRadius: true,
    region,
    regionFirst: false,
    acceptingNew: query.acceptingNew ?? false,
    ndis: query.ndis ?? false,
    availableBefore: query.availableWithinDays ? new Date(now.getTime() + query.availableWithinDays * DAY_MS) : null,
    sort,
    viewerLanguage: query.lang ?? null,
    now,
    limit: DIRECTORY_PAGE_SIZE,
    offset: (query.page - 1) * DIRECTORY_PAGE_SIZE,
  };
  const answer = await asAppUser(ctx.db, { tenantId: null, userId: null }, async (tx) => {
    const reading = await readWords(tx, words, everyWord);
    const all = await searchDirectory(tx, filters, MATCH_WEIGHTS, reading);
    const plain = { rows: all, matched: 'all' as const, place, sort, searched: null, corrections: reading.corrections };
    // No provider holds every word of a query of two words or more.
    if (!everyWord || words.length < 2 || Number(all[0]?.total ?? 0) > 0) return plain;
    // Some of the words name a place and no place was given apart ("cardiology sydney" where no
    // cardiologist practises in Sydney): the other words, measured from there, nearest first
    // unless another order was asked for, with no radius (`matched: 'near'`).
    const split = query.near || query.lat !== undefined ? undefined : await placeInQuery(tx, query.query ?? '', query.region, reading.corrections);
    if (split) {
      const rest = searchWords(split.rest);
      const point = { name: split.place.label, latitude: split.place.latitude, longitude: split.place.longitude };
      const nearSort = query.sort ?? 'distance';
      const restReading = await readWords(tx, rest.words, true);
      const near = await searchDirectory(
        tx,
        { ...filters, words: rest.words, everyWord: true, point, withinRadius: false, sort: nearSort, region: split.place.region, regionFirst: true },
        MATCH_WEIGHTS,
        restReading,
      );
      if (Number(near[0]?.total ?? 0) > 0) return { rows: near, matched: 'near' as const, place: point, sort: nearSort, searched: split.rest, corrections: restReading.corrections };
    }
    // Else search again with any word matching ("back pain sydney" where no orthopaedist
    // practises in Sydney): the filters kept, those holding more of the words first, and say so
    // (`matched: 'some'`). One word that matches nothing stays an empty answer; so does a relaxed
    // search that finds nobody either.
    // Each word counts by its rarity: holding "pain" of "knee pain" is a small part of the fit.
    const weights = await wordWeights(tx, words, reading);
    const some = await searchDirectory(tx, { ...filters, everyWord: false, moreWordsFirst: true, wordWeights: weights }, MATCH_WEIGHTS, reading);
    return Number(some[0]?.total ?? 0) > 0 ? { ...plain, rows: some, matched: 'some' as const } : plain;
  });
  const { rows } = answer;
  const providers: ProviderSummary[] = rows.filter((row) => row.id !== null).map((row) => ({
    id: row.id,
    displayName: row.display_name,
    title: row.title,
    image: providerPhotoUrl(row.id, row.image),
    specialty: specialtyOf(row.specialty_slug),
    otherSpecialties: row.other_specialties,
    languages: row.languages,
    offersTelehealth: row.offers_telehealth,
    offersInPerson: row.offers_in_person,
    acceptingNewPatients: row.accepting_new_patients,
    ndisRegistered: row.ndis_registered,
    regionCode: regionOf(row.region_code),
    city: row.city,
    rating: ratingOf(row.rating_count, row.rating_sum),
    nextAvailableAt: iso(row.next_available_at),
    distanceKm: row.distance_km === null ? null : Math.round(row.distance_km * 10) / 10,
    score: Math.round(row.score * 1000) / 1000,
    reasons: reasonsOf(row, query, answer.searched ?? query.query, answer.corrections),
  }));
  return { providers, page: query.page, pageSize: DIRECTORY_PAGE_SIZE, total: Number(rows[0]?.total ?? 0), matched: answer.matched, searched: answer.searched, sort: answer.sort, place: answer.place, placeNotFound };
}

/**
 * Where the directory serves a provider's photo (their account's avatar), for everyone: the
 * avatar's own address is for signed-in people only. The avatar's version comes along, so a new
 * photo is a new address and the old one may be cached for long.
 */
export function providerPhotoUrl(profileId: string, avatarImage: string | null): string | null {
  if (!avatarImage?.startsWith(AVATAR_PATH_PREFIX)) return null;
  const version = new URL(avatarImage, 'http://x').searchParams.get('v');
  return `/api/v1/providers/${profileId}/photo${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

/** A verified provider's photo; 404 when the profile is not public or has none. */
export async function readProviderPhoto(ctx: Pick<ServiceContext, 'db' | 'storage'>, profileId: string): Promise<AvatarFile> {
  const [row] = await asAppUser(ctx.db, { tenantId: null, userId: null }, (tx) =>
    tx
      .select({ userId: providerProfiles.userId })
      .from(providerProfiles)
      .where(and(eq(providerProfiles.id, profileId), eq(providerProfiles.verificationStatus, 'verified'))),
  );
  const missing = () => notFound('providers.photo-not-found', 'This provider has no photo in the directory.');
  if (!row) throw missing();
  try {
    return await readAvatar(ctx, row.userId);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'profile.avatar-not-found') throw missing();
    throw error;
  }
}

/** A practice location as the directory shows it (address fields, coordinates, time zone). */
export function toPublicLocation(l: typeof providerLocations.$inferSelect): Location {
  return {
    id: l.id,
    name: l.name,
    kind: l.kind as 'practice' | 'virtual',
    street: l.street,
    suburb: l.suburb,
    city: l.city,
    state: l.state,
    postalCode: l.postalCode,
    country: regionOf(l.country),
    latitude: l.latitude,
    longitude: l.longitude,
    timeZone: l.timeZone,
  };
}

/** A verified provider's public profile with locations and active services; 404 otherwise. */
export async function getProvider(ctx: Pick<ServiceContext, 'db'>, id: string): Promise<ProviderDetail> {
  return asAppUser(ctx.db, { tenantId: null, userId: null }, async (tx) => {
    const [profile] = await tx
      .select({ p: providerProfiles, image: users.image })
      .from(providerProfiles)
      .innerJoin(users, eq(users.id, providerProfiles.userId))
      .where(and(eq(providerProfiles.id, id), eq(providerProfiles.verificationStatus, 'verified')));
    if (!profile || !profile.p.tenantId) throw notFound('providers.not-found', 'This provider is not in the directory.');
    const p = profile.p;
    // One after the other: a transaction's statements share one connection.
    const locations = await tx
      .select()
      .from(providerLocations)
      .where(and(eq(providerLocations.providerId, id), isNull(providerLocations.archivedAt)))
      .orderBy(asc(providerLocations.sortOrder), asc(providerLocations.createdAt));
    const services = await tx
      .select()
      .from(providerServices)
      .where(and(eq(providerServices.providerId, id), eq(providerServices.active, true)))
      .orderBy(asc(providerServices.sortOrder), asc(providerServices.name));
    const [org] = await queryRows<{ name: string | null }>(tx, sql`select directory_organisation_name(${p.tenantId}) as name`);
    return {
      id: p.id,
      displayName: p.displayName,
      title: p.title,
      image: providerPhotoUrl(p.id, profile.image),
      specialty: specialtyOf(p.specialtySlug),
      otherSpecialties: p.otherSpecialties,
      languages: p.languages,
      offersTelehealth: p.offersTelehealth,
      offersInPerson: p.offersInPerson,
      acceptingNewPatients: p.acceptingNewPatients,
      ndisRegistered: p.ndisRegistered,
      regionCode: regionOf(p.regionCode),
      city: locations.find((l) => l.kind === 'practice')?.city ?? null,
      rating: ratingOf(p.ratingCount, p.ratingSum),
      nextAvailableAt: iso(p.nextAvailableAt),
      bio: p.bio,
      conditions: p.conditions,
      qualifications: p.qualifications,
      registrationNumber: p.registrationNumber,
      organisation: { name: org?.name ?? '' },
      cancellationWindowHours: p.cancellationWindowHours,
      locations: locations.map(toPublicLocation),
      services: services.map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        mode: s.mode as 'in_person' | 'telehealth',
        durationMinutes: s.durationMinutes,
        priceMinor: s.priceMinor,
        currency: s.currency,
      })),
    };
  });
}
