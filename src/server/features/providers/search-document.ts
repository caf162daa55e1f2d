import { LANGUAGES } from '../../../shared/languages.js';
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
 * the full-text vector from it and indexes its trigrams for typo-tolerant matching.
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
 * A free-text query as a full-text query: each word a prefix term, any of them matching
 * ("cardio sydney" finds cardiologists and Sydney practices; more matches rank higher). Only
 * letters and digits are kept, so nothing a person types can break the query syntax.
 */
export function toPrefixQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 12);
  return unique.length === 0 ? null : unique.map((w) => `${w}:*`).join(' | ');
}
