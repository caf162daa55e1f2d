import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../../platform/db/database.js';
import { RATING_CONFIDENCE_COUNT, type MatchReasonKind } from '../../../shared/contracts/providers.js';
import { slipEdits, slipFit } from './slips.js';

export interface DirectoryFilters {
  /** The typed words search reads (search-document.ts, searchWords), and whether all must match. */
  words: readonly string[];
  everyWord: boolean;
  /**
   * With any word matching: best match lists the providers matching more of the words first (the
   * relaxed search after no provider matched every word; providers.service.ts).
   */
  moreWordsFirst: boolean;
  /**
   * How much each word (in the order of `words`) counts towards the fit: the fit is the weighted
   * share of the words a profile holds. Null: all alike (every word is held by every result of an
   * every-word search). The relaxed search weighs a word by its rarity (`wordWeights`).
   */
  wordWeights: readonly number[] | null;
  specialty: string | null;
  language: string | null;
  mode: 'in_person' | 'telehealth' | null;
  point: { latitude: number; longitude: number } | null;
  radiusKm: number;
  /**
   * Whether an in-person search near `point` keeps only providers with a practice inside the
   * radius (a typed or located place); false when the point only ranks (a place read from the
   * words of the query, providers.service.ts).
   */
  withinRadius: boolean;
  /**
   * The country (region code) whose providers earn the region part of best match: the place's when
   * there is one, else the visitor's; null: nobody earns it.
   */
  region: string | null;
  /**
   * Sorting by distance from a point that only ranks (a place read among the words), the
   * providers of `region` come first, nearest first, then the others: "cardiology sydney" listed
   * cardiologists in Shanghai (7,878 km) among Australia's as if near.
   */
  regionFirst: boolean;
  acceptingNew: boolean;
  ndis: boolean;
  availableBefore: Date | null;
  sort: 'best' | 'distance' | 'rating' | 'soonest';
  viewerLanguage: string | null;
  now: Date;
  limit: number;
  offset: number;
}

export interface DirectoryRow extends Record<string, unknown> {
  /** Null on the one row of a page past the end (it carries only the total). */
  id: string;
  display_name: string;
  title: string;
  image: string | null;
  specialty_slug: string;
  other_specialties: string[];
  languages: string[];
  offers_telehealth: boolean;
  offers_in_person: boolean;
  accepting_new_patients: boolean;
  ndis_registered: boolean;
  region_code: string;
  rating_count: number;
  rating_sum: number;
  next_available_at: Date | string | null;
  city: string | null;
  distance_km: number | null;
  fit: number;
  specialty_fit: number;
  text_fit: number;
  distance_score: number;
  language_score: number;
  availability_score: number;
  rating_score: number;
  region_score: number;
  score: number;
  /** In the relaxed search (moreWordsFirst): how many of the words the profile holds; else 0. */
  words_matched: number;
  total: number | string;
  /** With typed words only: the words this profile matched (as a prefix or a slip). */
  matched_words?: string[];
  /** With typed words only: what the text search read, to say which word matched where. */
  conditions?: string[];
  bio?: string;
  cities?: string[] | null;
}

/** Days within which a first free time still earns availability points (0 at this many days). */
export const AVAILABILITY_HORIZON_DAYS = 30;
/** Words at least this long are matched with typos tolerated. */
export const TYPO_MIN_LENGTH = 4;
/**
 * A word of this many letters ('chn'), which trigram similarity cannot tell from the many words
 * sharing its first two letters (0.5 for 'chan', 'chao', 'charles' alike), is a slip only of a
 * word one letter longer that holds its letters in order ('chen', 'chin': one letter left out).
 */
export const SHORT_SLIP_LENGTH = TYPO_MIN_LENGTH - 1;

/** LIKE patterns of the words one letter longer than `word` that hold its letters in order (letters and digits only: no LIKE syntax). */
export function oneLetterMorePatterns(word: string): string[] {
  const chars = [...word];
  return chars.map((_, i) => [...chars.slice(0, i), '_', ...chars.slice(i)].join('')).concat(`${word}_`);
}
/** pg_trgm word similarity from which a word counts as a typo of a document's word. */
export const TYPO_SIMILARITY = 0.45;
/** The most directory words one slip is read as (the closest first). */
export const MAX_CORRECTIONS = 12;
/**
 * The lexicon's words closest by trigrams that are weighed as slips (slips.ts keeps those a few
 * edits away): more than MAX_CORRECTIONS, as trigrams rank words sharing an ending first.
 */
const SLIP_CANDIDATES = 40;

/** What a word held as the start of a document's word (not as typed) counts towards the fit. */
export const PREFIX_FIT = 0.9;
/**
 * The same, when the word as typed is itself a word of the directory: "physio" is a
 * physiotherapist's word, so an exercise physiologist, who holds it only as the start of
 * "physiologist", fits less and comes after those who hold it (with the same rating and times).
 */
export const PREFIX_OF_WORD_FIT = 0.5;
/**
 * What a word found only in the biography counts, times what it would count elsewhere: a
 * biography's words ("experience", "video") say little of whom a person looks for.
 */
export const BIO_FIT = 0.3;

/** A tsquery of one lexeme (quoted: no character is read as syntax), as a prefix or not, in the document's words weighted A (all but the biography's; migration 0035). */
function outsideBio(word: string, prefix: boolean): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}':${prefix ? '*' : ''}A`;
}

/** A tsquery matching any of these lexemes exactly, quoted so that no character is read as syntax. */
export function lexemeQuery(words: readonly string[]): string {
  return words.map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}

export interface Correction {
  word: string;
  similarity: number;
  edits: number;
  fit: number;
}

/** How the directory reads a query's words: those it holds nowhere, and what each slip may mean. */
export interface WordReading {
  /** Checked words no document holds, not even as a prefix. */
  unknown: ReadonlySet<string>;
  /** Words some document holds as typed (a whole word of it), each of them checked. */
  whole: ReadonlySet<string>;
  /**
   * For each misspelt word: the directory's words it may mean (those a few edits away, slips.ts),
   * the closest first, with their trigram similarity, edits and fit (slipFit).
   */
  corrections: ReadonlyMap<string, readonly Correction[]>;
}

/**
 * Which of the words the directory holds nowhere, and the words each such slip may mean. Every
 * word is checked when every word must match (`everyWord`), else those of TYPO_MIN_LENGTH
 * letters or more; a reading with every word checked serves an any-word search of the same
 * words too (the relaxed search reuses it). Sets the transaction's pg_trgm threshold.
 */
export async function readWords(db: Queryable, words: readonly string[], everyWord: boolean): Promise<WordReading> {
  const corrections = new Map<string, Correction[]>();
  const add = (rows: readonly { typo: string; word: string; similarity: number }[]) => {
    for (const row of rows) {
      const edits = slipEdits(row.typo, row.word);
      if (edits === null) continue;
      corrections.set(row.typo, [...(corrections.get(row.typo) ?? []), { word: row.word, similarity: row.similarity, edits, fit: slipFit(edits) }]);
    }
  };
  // Each word matches as a prefix of a document's word or, for a word of TYPO_MIN_LENGTH letters
  // or more that no document holds (not even as a prefix), as a slip of a document's word
  // (pg_trgm word similarity). The whole query at pg_trgm's default 0.6 missed one-letter slips
  // ('eczma', 'melborne': 0.5-0.58). Words the directory knows need no typo search, which would
  // only add noise and cost (a trigram scan of every profile holding them).
  if (words.length === 0) return { unknown: new Set(), whole: new Set(), corrections };
  // When every word must match, every word is checked: one the directory holds nowhere, not
  // even as a slip, empties the every-word answer (the service then lists the providers holding
  // some of the words, and says so).
  const checked = everyWord ? words : words.filter((w) => [...w].length >= TYPO_MIN_LENGTH);
  const unknown =
    checked.length === 0
      ? []
      : await queryRows<{ word: string }>(
          db,
          sql`select w as word from unnest(array[${sql.join(checked.map((w) => sql`${w}`), sql`, `)}]::text[]) w
            where not exists (select 1 from provider_profiles p where p.search_vector @@ to_tsquery('simple', w || ':*'))`,
        );
  const unknownSet = new Set(unknown.map(({ word }) => word));
  // Whether a document holds the word as typed, through the full-text index (one probe a word).
  const maybeWhole = words.filter((w) => !unknownSet.has(w));
  const whole =
    maybeWhole.length === 0
      ? []
      : await queryRows<{ word: string }>(
          db,
          sql.join(
            maybeWhole.map((w) => sql`(select ${w}::text as word where exists (select 1 from provider_profiles p where p.search_vector @@ ${lexemeQuery([w])}::tsquery))`),
            sql` union all `,
          ),
        );
  const slips = unknown.filter(({ word }) => [...word].length >= TYPO_MIN_LENGTH);
  if (slips.length > 0) {
    // `%>` reads its threshold from the session; local to this transaction (the trigram index
    // still serves the operator).
    await db.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`);
    // The words of the directory a slip may mean, from the lexicon (short words, a trigram
    // index): the profiles are then found by those words through the full-text index, and a
    // slip's fit is its similarity to the word a profile has. Comparing the slip with every
    // candidate document instead cost about 12 µs a document, twice (filter and fit).
    const rows = await queryRows<{ typo: string; word: string; similarity: number }>(
      db,
      sql`select w as typo, c.word, c.similarity
        from unnest(array[${sql.join(slips.map(({ word }) => sql`${word}`), sql`, `)}]::text[]) w
        cross join lateral (
          select l.word, word_similarity(w, l.word)::float8 as similarity from search_lexicon l
          where l.word %> w order by similarity desc, l.word limit ${SLIP_CANDIDATES}
        ) c`,
    );
    add(rows);
  }
  // A short word ('chn') may be a word of the directory with one letter left out ('chen').
  const shortSlips = unknown.filter(({ word }) => [...word].length === SHORT_SLIP_LENGTH);
  if (shortSlips.length > 0) {
    const perWord = shortSlips.map(
      ({ word }) => sql`(select ${word}::text as typo, l.word, word_similarity(${word}, l.word)::float8 as similarity from search_lexicon l
        where char_length(l.word) = ${SHORT_SLIP_LENGTH + 1} and (${sql.join(oneLetterMorePatterns(word).map((p) => sql`l.word like ${p}`), sql` or `)})
        order by similarity desc, l.word limit ${MAX_CORRECTIONS})`,
    );
    const rows = await queryRows<{ typo: string; word: string; similarity: number }>(db, sql.join(perWord, sql` union all `));
    add(rows);
  }
  // The fewest edits first, then the closest by trigrams; at most MAX_CORRECTIONS each.
  for (const [typo, meant] of corrections) {
    corrections.set(typo, [...meant].sort((a, b) => a.edits - b.edits || b.similarity - a.similarity || a.word.localeCompare(b.word)).slice(0, MAX_CORRECTIONS));
  }
  return { unknown: unknownSet, whole: new Set(whole.map(({ word }) => word)), corrections };
}

/** Whether profile `p` holds word `w`: as a prefix of one of its words, or as a slip (what the filters test). */
function holdsWord(w: string, reading: WordReading): SQL {
  const meant = reading.corrections.get(w);
  if (meant) return sql`p.search_vector @@ ${lexemeQuery(meant.map((c) => c.word))}::tsquery`;
  return reading.unknown.has(w) ? sql`false` : sql`p.search_vector @@ to_tsquery('simple', ${`${w}:*`})`;
}

/**
 * How much each word counts towards the fit when a provider may hold only some of them: its
 * rarity among the directory's verified profiles, ln(1 + N / (1 + holders)) (inverse document
 * frequency), so a word most documents hold ("pain") weighs less than a rarer one ("knee"). One
 * count over the full-text index; only the relaxed search pays for it.
 */
export async function wordWeights(db: Queryable, words: readonly string[], reading: WordReading): Promise<number[]> {
  if (words.length === 0) return [];
  const [row] = await queryRows<Record<string, number | string>>(
    db,
    sql`select (select count(*) from provider_profiles where verification_status = 'verified') as n,
      ${sql.join(words.map((w, i) => sql`count(*) filter (where ${holdsWord(w, reading)}) as ${sql.raw(`w${i}`)}`), sql`, `)}
      from provider_profiles p where p.verification_status = 'verified' and (${sql.join(words.map((w) => holdsWord(w, reading)), sql` or `)})`,
  );
  const n = Number(row?.n ?? 0);
  return words.map((_, i) => Math.log(1 + n / (1 + Number(row?.[`w${i}`] ?? 0))));
}

/**
 * One page of the public directory: verified profiles of organisations only, filtered, each
 * with the parts of its best-match score, in the requested order, with the total count.
 * One statement: the parts are computed once per matching profile, then sorted and cut.
 * `reading` is readWords' for these words (read again when not given).
 */
export async function searchDirectory(
  db: Queryable,
  f: DirectoryFilters,
  weights: Record<MatchReasonKind, number>,
  reading?: WordReading,
): Promise<DirectoryRow[]> {
  const conditions: SQL[] = [sql`p.verification_status = 'verified'`, sql`p.tenant_id is not null`];
  const words = f.words;
  const { unknown: unknownWords, whole, corrections } = reading ?? (await readWords(db, words, f.everyWord));
  const holds = (w: string): SQL => holdsWord(w, { unknown: unknownWords, whole, corrections });
  if (words.length > 0) {
    if (f.everyWord) {
      // One tsquery, every word's alternatives and'ed, so the full-text index finds the profiles
      // holding all of them in one scan. A word the directory holds nowhere, not even as a slip,
      // is held by nobody: the answer is empty (it was left out of the filter, so
      // 'cardiology qwxzt' listed every cardiologist as matching all the words).
      const required = words.flatMap((w) => {
        if (!unknownWords.has(w)) return [sql`to_tsquery('simple', ${`${w}:*`})`];
        const meant = corrections.get(w);
        return meant ? [sql`${lexemeQuery(meant.map((c) => c.word))}::tsquery`] : [];
      });
      conditions.push(required.length < words.length ? sql`false` : sql`p.search_vector @@ (${sql.join(required, sql` && `)})`);
    } else {
      // Any word matching (a query of honorifics only, such as "Dr"; the relaxed search).
      const meant = [...corrections.values()].flat().map((c) => c.word);
      const any = sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' | ')})`;
      conditions.push(sql`(p.search_vector @@ ${any}${meant.length > 0 ? sql` or p.search_vector @@ ${lexemeQuery(meant)}::tsquery` : sql``})`);
    }
  }
  if (f.specialty) conditions.push(sql`(p.specialty_slug = ${f.specialty} or ${f.specialty} = any(p.other_specialties))`);
  if (f.language) conditions.push(sql`${f.language} = any(p.languages)`);
  if (f.mode === 'telehealth') conditions.push(sql`p.offers_telehealth`);
  if (f.mode === 'in_person') conditions.push(sql`p.offers_in_person`);
  if (f.acceptingNew) conditions.push(sql`p.accepting_new_patients`);
  if (f.ndis) conditions.push(sql`p.ndis_registered`);
  if (f.availableBefore) conditions.push(sql`p.next_available_at <= ${f.availableBefore.toISOString()}::timestamptz`);

  // Distance is to the provider's nearest practice (a provider may practise in several cities):
  // one pass over the practices (inside the bounding box of the radius when it filters), grouped
  // per provider and joined (a lateral subquery per profile took 4 times as long over 10,000). An
  // in-person search near a point keeps only providers with a practice inside the radius; a video
  // search near a point is not filtered by it: the distance then only ranks (and is null for a
  // provider without a practice).
  const nearPoint = f.point !== null && f.mode !== 'telehealth' && f.withinRadius;
  const latSpan = f.radiusKm / 111.0;
  const nearest = f.point
    ? sql`${nearPoint ? sql`join` : sql`left join`} (
        select distinct on (l.provider_id) l.provider_id, l.city, l.km
        from (
          select l.provider_id, l.city, (2 * 6371.0088 * asin(least(1, sqrt(
              power(sin(radians(l.latitude - ${f.point.latitude}) / 2), 2) +
              cos(radians(${f.point.latitude})) * cos(radians(l.latitude)) * power(sin(radians(l.longitude - ${f.point.longitude}) / 2), 2)))))::float8 as km
          from provider_locations l
          where l.kind = 'practice' and l.archived_at is null and l.latitude is not null and l.longitude is not null
            ${nearPoint ? sql`and l.latitude between ${f.point.latitude - latSpan} and ${f.point.latitude + latSpan}` : sql``}
        ) l
        order by l.provider_id, l.km
      ) near on near.provider_id = p.id`
    : sql``;
  const distance = f.point ? sql`near.km` : sql`null::float8`;
  const nearCity = f.point ? sql`near.city` : sql`null::text`;
  if (nearPoint) conditions.push(sql`p.offers_in_person`);

  // Fit: the specialty asked for (1 for the main one, 0.6 for another) times the weighted share
  // of the typed words the profile holds: a word held as typed counts 1, as the start of a word
  // 0.9 (0.5 when others hold it as typed: PREFIX_OF_WORD_FIT), as a slip of a word slipFit (0.75 for one edit), not at all 0, and a word found only in
  // the biography BIO_FIT (0.3) times that (the vector's weight D, migration 0035). Each word counts by its
  // weight (`wordWeights`: in the relaxed search its rarity, so "pain" held alone of "knee pain"
  // is a small part of the fit). Absolute, not relative to the best match of the search: holding
  // one word of two is never a full fit, even when nobody holds both.
  /** The relaxed search: any word matching, after no provider held every word (providers.service.ts). */
  const moreWordsFirst = f.moreWordsFirst && !f.everyWord && words.length > 1;
  const specialtyFit = f.specialty ? sql`(case when p.specialty_slug = ${f.specialty} then 1.0 else 0.6 end)` : sql`1.0`;
  const wordWeight = (i: number) => Math.max(0, f.wordWeights?.[i] ?? 1);
  const totalWeight = words.reduce((sum, _, i) => sum + wordWeight(i), 0) || 1;
  // Once per row, as a lateral join kept apart by `offset 0`: as a column expression the planner
  // evaluated it again for each reference to it. Only full-text tests: no trigram work per row.
  const prefixFit = (w: string) => (whole.has(w) ? PREFIX_OF_WORD_FIT : PREFIX_FIT);
  const wordFit = (w: string) => {
    const meant = corrections.get(w);
    if (meant) {
      // A slip fits as well as the closest word it may mean that the profile has.
      const cases = meant.map(
        (c) => sql`(case when p.search_vector @@ ${outsideBio(c.word, false)}::tsquery then ${c.fit}::float8
          when p.search_vector @@ ${lexemeQuery([c.word])}::tsquery then ${c.fit * BIO_FIT}::float8 else 0.0 end)`,
      );
      return sql`greatest(${sql.join(cases, sql`, `)})`;
    }
    if (unknownWords.has(w)) return sql`0.0`;
    return sql`(case when not ${holds(w)} then 0.0
      when p.search_vector @@ to_tsquery('simple', ${outsideBio(w, false)}) then 1.0
      when p.search_vector @@ to_tsquery('simple', ${outsideBio(w, true)}) then ${prefixFit(w)}::float8
      when p.search_vector @@ plainto_tsquery('simple', ${w}) then ${BIO_FIT}::float8
      else ${prefixFit(w) * BIO_FIT}::float8 end)`;
  };
  const textFit =
    words.length > 0
      ? sql`cross join lateral (select ((${sql.join(
          words.map((w, i) => sql`${wordWeight(i) / totalWeight}::float8 * ${wordFit(w)}`),
          sql` + `,
        )}))::float8 as text_fit offset 0) tf`
      : sql`cross join lateral (select 1.0::float8 as text_fit) tf`;
  const fit = words.length > 0 ? sql`s.specialty_fit * s.text_fit` : f.specialty ? sql`s.specialty_fit` : sql`0.0`;
  // In the visitor's region (or the place's): a provider of that country. Telehealth providers
  // elsewhere stay listed, without these points.
  const regionScore = f.region ? sql`(case when p.region_code = ${f.region} then 1.0 else 0.0 end)` : sql`0.0`;
  // The relaxed search lists the providers holding more of the words first: the fit rewards each
  // word held, but only as 35 % of best match (one word held nearer, sooner and better rated can
  // outscore two), so under best match the count of words held comes before the score.
  const wordsMatched = moreWordsFirst ? sql`(${sql.join(words.map((w) => sql`(case when ${holds(w)} then 1 else 0 end)`), sql` + `)})` : sql`0`;
  const nowIso = f.now.toISOString();
  const order: Record<DirectoryFilters['sort'], SQL> = {
    best: moreWordsFirst ? sql`words_matched desc, score desc, rating_score desc, id` : sql`score desc, rating_score desc, id`,
    distance: f.point ? sql`${f.regionFirst ? sql`region_score desc, ` : sql``}distance_km asc nulls last, score desc, id` : sql`score desc, id`,
    rating: sql`(case when rating_count = 0 then null else rating_sum::float8 / rating_count end) desc nulls last, rating_count desc, id`,
    soonest: sql`next_available_at asc nulls last, score desc, id`,
  };

  return queryRows<DirectoryRow>(
    db,
    sql`
    with fitted as (
      select s.*,
        (case when s.distance_km is null then 0.0 else greatest(0.0, 1.0 - s.distance_km / ${f.radiusKm}) end)::float8 as distance_score,
        (${fit})::float8 as fit
      from (
        select p.id, p.user_id, p.rating_count, p.rating_sum, p.next_available_at,
          ${distance} as distance_km, ${nearCity} as near_city,
          ${specialtyFit}::float8 as specialty_fit,
          tf.text_fit::float8 as text_fit,
          ${wordsMatched}::int as words_matched,
          ${regionScore}::float8 as region_score,
          (case when ${f.viewerLanguage}::text is not null and ${f.viewerLanguage}::text = any(p.languages) then 1.0 else 0.0 end)::float8 as language_score,
          -- date_part, not extract: extract's numeric cost 6 ms over 10,000 rows.
          (case when p.next_available_at is null then 0.0
            else greatest(0.0, 1.0 - date_part('epoch', p.next_available_at - ${nowIso}::timestamptz) / ${AVAILABILITY_HORIZON_DAYS * 86400}) end)::float8 as availability_score,
          (case when p.rating_count = 0 then 0.0
            else (p.rating_sum::float8 / p.rating_count / 5.0) * least(1.0, p.rating_count::float8 / ${RATING_CONFIDENCE_COUNT}) end)::float8 as rating_score
        from provider_profiles p ${textFit} ${nearest}
        where ${sql.join(conditions, sql` and `)}
      ) s
      where ${nearPoint ? sql`s.distance_km <= ${f.radiusKm}` : sql`true`}
    ),
    ranked as (
      select s.*,
        (${weights.fit} * s.fit + ${weights.distance} * s.distance_score + ${weights.language} * s.language_score
          + ${weights.availability} * s.availability_score + ${weights.rating} * s.rating_score
          + ${weights.region} * s.region_score)::float8 as score
      from fitted s
      order by ${order[f.sort]}
      limit ${f.limit} offset ${f.offset}
    )
    -- The count comes along even for a page past the end. Only the page's rows are read whole: the
    -- steps above carry the scores and what the order needs (measured: copying whole profiles
    -- through them took most of a search over 10,000 providers).
    -- (The profile's columns come through a subquery naming only those, so that the order's
    -- unqualified names stay the ranked row's.)
    select c.total, r.*, p.display_name, p.title, p.specialty_slug, p.other_specialties, p.languages, p.offers_telehealth,
      p.offers_in_person, p.accepting_new_patients, p.ndis_registered, p.region_code, u.image,
      coalesce(r.near_city, (select l.city from provider_locations l where l.provider_id = r.id and l.kind = 'practice' and l.archived_at is null order by l.sort_order limit 1)) as city
      ${words.length > 0 ? sql`, array_remove(array[${sql.join(words.map((w) => sql`case when ${holds(w)} then ${w}::text end`), sql`, `)}], null) as matched_words, p.conditions, p.bio, (select array_agg(distinct l.city) from provider_locations l where l.provider_id = r.id and l.archived_at is null and l.city is not null) as cities` : sql``}
    from (select count(*) as total from fitted) c
    left join (ranked r
      join (select id as profile_id, display_name, title, specialty_slug, other_specialties, languages, offers_telehealth,
          offers_in_person, accepting_new_patients, ndis_registered, region_code${words.length > 0 ? sql`, conditions, bio, search_vector` : sql``} from provider_profiles) p on p.profile_id = r.id
      join users u on u.id = r.user_id) on true
    order by ${order[f.sort]}`,
  );
}
