import type { MatchField, WordMatch } from '../../../shared/contracts/providers.js';
import { LANGUAGES } from '../../../shared/languages.js';
import { isSpecialtySlug, SPECIALTY_SEARCH_TERMS } from '../../../shared/specialties.js';
import { SHORT_SLIP_LENGTH, TYPO_MIN_LENGTH, type WordReading } from './providers.repo.js';
import { searchWords, type SearchedFields } from './search-document.js';


/** A typed word is shown as a slip of a document's word from this trigram similarity on. */
export const EXPLAIN_TYPO_SIMILARITY = 0.3;

/** Lower-case words of letters and digits, as search splits a query. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** pg_trgm's trigrams of one word: the word padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const out = new Set<string>();
  // Characters, not UTF-16 units: a word with a character outside the BMP is cut by code point.
  if (/[\uD800-\uDFFF]/.test(word)) {
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
    return out;
  }
  const padded = `  ${word} `;
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

/**
 * The directory's words (names, conditions, biographies) recur from search to search: each is
 * cut into trigrams once and kept, up to KNOWN_WORDS_MAX words (then the store starts again).
 */
const KNOWN_WORDS_MAX = 50_000;
const knownWords = new Map<string, Set<string>>();

function trigramsOfKnownWord(word: string): Set<string> {
  let found = knownWords.get(word);
  if (!found) {
    if (knownWords.size >= KNOWN_WORDS_MAX) knownWords.clear();
    knownWords.set(word, (found = trigrams(word)));
  }
  return found;
}

/** pg_trgm's similarity of two words: shared trigrams over all their trigrams, 0 to 1. */
export function trigramSimilarity(a: string, b: string): number {
  return similarityOfTrigrams(trigrams(a), trigrams(b));
}

function similarityOfTrigrams(ta: Set<string>, tb: Set<string>): number {
  let shared = 0;
  const [small, large] = ta.size <= tb.size ? [ta, tb] : [tb, ta];
  for (const t of small) if (large.has(t)) shared++;
  const union = ta.size + tb.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** One thing a person could be found by: the field, what it shows, and the words it holds. */
interface Candidate {
  field: MatchField;
  value: string;
  words: string[];
}

function candidatesOf(f: SearchedFields): Candidate[] {
  const of = (field: MatchField, value: string, text = value): Candidate => ({ field, value, words: wordsOf(text) });
  const specialties = [f.specialtySlug, ...f.otherSpecialties].map((slug) =>
    of('specialty', slug, isSpecialtySlug(slug) ? SPECIALTY_SEARCH_TERMS[slug].join(' ') : slug.replace(/-/g, ' ')),
  );
  return [
    of('name', f.displayName),
    of('title', f.title),
    ...specialties,
    ...f.conditions.map((c) => of('condition', c)),
    ...f.languages.map((code) => of('language', code, LANGUAGES.find((l) => l.code === code)?.name ?? code)),
    ...f.cities.map((c) => of('city', c)),
    // The biography is shown by the word that matched, not whole.
    ...wordsOf(f.bio).map((w) => of('bio', w)),
  ];
}

/** Whether `word` is `typed` with one letter more, anywhere ('chen' of 'chn'): a short word's slip (SHORT_SLIP_LENGTH). */
export function oneLetterMore(typed: string, word: string): boolean {
  const a = [...typed];
  const b = [...word];
  if (b.length !== a.length + 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i).every((c, k) => c === b[i + 1 + k]);
}

/**
 * Which of the typed words found this provider, and where: the first field (in the order a
 * person reads a card: name, title, specialty, condition, language, city, biography) holding a
 * word it begins (as the full-text search's prefix match), else the one holding the word closest
 * to it by trigram similarity (a slip such as 'eczma' for 'eczema'). Words that match nothing are
 * left out, and so, when search says which words the provider holds (`held`), are the others:
 * the relaxed search lists providers holding only some of the words, and a word they do not hold
 * may still be close to one of theirs. A slip search read as some of the directory's words
 * (`corrections`, closest first) is shown where the closest of them the provider holds is, as the
 * fit counted it. This is the "why" of the text part of best match; the score itself is
 * PostgreSQL's.
 */
export function explainWords(query: string, fields: SearchedFields, held?: readonly string[], corrections?: WordReading['corrections']): WordMatch[] {
  // The words search matched by (no honorific, stop word or letter alone beside others).
  const typed = searchWords(query).words.filter((w) => !held || held.includes(w));
  const candidates = candidatesOf(fields);
  const matches: WordMatch[] = [];
  for (const word of typed) {
    const exact = candidates.find((c) => c.words.some((w) => w.startsWith(word)));
    if (exact) {
      matches.push({ word, field: exact.field, value: exact.value, typo: false });
      continue;
    }
    const meant = corrections?.get(word);
    const corrected = meant
      ?.map((c) => candidates.find((candidate) => candidate.words.includes(c.word)))
      .find((candidate) => candidate !== undefined);
    if (corrected) {
      matches.push({ word, field: corrected.field, value: corrected.value, typo: true });
      continue;
    }
    // Search tolerates slips only in words this long (TYPO_MIN_LENGTH), and in a word of
    // SHORT_SLIP_LENGTH letters only one letter left out; another shorter word that begins no
    // word did not find anyone.
    if ([...word].length === SHORT_SLIP_LENGTH) {
      const slipOf = candidates.find((c) => c.words.some((w) => oneLetterMore(word, w)));
      if (slipOf) matches.push({ word, field: slipOf.field, value: slipOf.value, typo: true });
      continue;
    }
    if ([...word].length < TYPO_MIN_LENGTH) continue;
    let best: { candidate: Candidate; similarity: number } | null = null;
    const typedTrigrams = trigrams(word);
    // A word seen in an earlier field cannot do better in a later one (the earlier wins a tie).
    const seen = new Set<string>();
    for (const candidate of candidates) {
      for (const w of candidate.words) {
        if (seen.has(w)) continue;
        seen.add(w);
        const wordTrigrams = trigramsOfKnownWord(w);
        // Shared trigrams are at most the smaller set, all of them at least the larger one.
        const bound = Math.min(typedTrigrams.size, wordTrigrams.size) / Math.max(typedTrigrams.size, wordTrigrams.size);
        if (bound < EXPLAIN_TYPO_SIMILARITY || (best && bound <= best.similarity)) continue;
        const similarity = similarityOfTrigrams(typedTrigrams, wordTrigrams);
        if (similarity >= EXPLAIN_TYPO_SIMILARITY && (!best || similarity > best.similarity)) best = { candidate, similarity };
      }
    }
    if (best) matches.push({ word, field: best.candidate.field, value: best.candidate.value, typo: true });
  }
  return matches;
}
