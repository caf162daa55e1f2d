import { LANGUAGES } from '../../../shared/languages.js';
import { HONORIFICS } from '../../../shared/names.js';
import { isSpecialtySlug, SPECIALTY_SEARCH_TERMS } from '../../../shared/specialties.js';

/** What free-text search reads of one provider, field by field. */
export interface SearchedFields {
  displayName: string;
  title: string;
  specialtySlug: string;
  otherSpecialties: readonly string[];
  conditions: readonly string[];
  languages: readonly string[];
  cities: readonly string[];
  bio: string;
}

/**
 * The text free-text search reads for one provider: their name, each specialty with the words
 * people use for it in six languages, the conditions they treat, the languages they speak,
 * their cities and their biography. Stored on the profile (search_document); PostgreSQL derives
 * the full-text vector from it and indexes its trigrams for typo-tolerant matching. The biography
 * stays last: the vector weights the document's end D when it reads as the biography (migration
 * 0035), so a word found only there fits weakly (providers.repo.ts, BIO_FIT).
 */
export function buildSearchDocument(profile: SearchedFields): string {
  const specialtyWords = [profile.specialtySlug, ...profile.otherSpecialties].flatMap((slug) =>
    isSpecialtySlug(slug) ? [...SPECIALTY_SEARCH_TERMS[slug]] : [slug.replace(/-/g, ' ')],
  );
  const languageNames = profile.languages.map((code) => LANGUAGES.find((l) => l.code === code)?.name ?? code);
  return [profile.displayName, profile.title, ...specialtyWords, ...profile.conditions, ...languageNames, ...profile.cities, profile.bio]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' \n')
    .toLowerCase();
}

/**
 * Words that say nothing of whom a person is looking for: honorifics and titles
 * (`shared/names.ts`) and common stop words of the six interface languages. Lower case, accents
 * kept, as the full-text search reads them.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...['an', 'and', 'at', 'by', 'for', 'from', 'in', 'my', 'near', 'of', 'on', 'or', 'the', 'to', 'with'],
  ...['de', 'del', 'el', 'la', 'las', 'los', 'en', 'con', 'para', 'por', 'un', 'una', 'cerca', 'mi'],
  ...['des', 'du', 'le', 'les', 'et', 'ou', 'au', 'aux', 'avec', 'pour', 'une', 'près', 'mon', 'ma'],
  ...['da', 'das', 'do', 'dos', 'os', 'as', 'em', 'no', 'na', 'nos', 'nas', 'com', 'um', 'uma', 'perto', 'meu', 'minha'],
  ...['في', 'من', 'مع', 'إلى', 'الى', 'على', 'عن', 'و', '的', '和', '在'],
]);

/** One character is a word only in scripts that write a word (or a name) with one. */
const ONE_CHARACTER_WORD = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/** The words free-text search reads, and whether every one of them must match. */
export interface SearchWords {
  words: string[];
  everyWord: boolean;
}

/**
 * The words of a free-text query that search matches, lower case, each once, at most 12. Every
 * one must match (as a word, a prefix or a slip; providers.repo.ts), so more words narrow:
 * "Dr Chen" is read as "chen", "O'Brien" as "brien" (a letter alone is the rest of a word the
 * apostrophe cut, or an initial). A query of stop words and honorifics only keeps its stop words
 * ("Dr Le": "le", a surname), and one of honorifics and single letters only is read as before,
 * any word matching ("Dr" still lists providers). Only letters and digits are kept, so nothing a
 * person types can break the query syntax.
 */
export function searchWords(text: string): SearchWords {
  const all = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
  const named = all.filter((w) => !HONORIFICS.has(w) && ([...w].length > 1 || ONE_CHARACTER_WORD.test(w)));
  const meaningful = named.filter((w) => !STOP_WORDS.has(w));
  if (meaningful.length > 0) return { words: meaningful.slice(0, 12), everyWord: true };
  if (named.length > 0) return { words: named.slice(0, 12), everyWord: true };
  return { words: all.slice(0, 12), everyWord: false };
}
