import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from './languages.js';
import { ALLIED_HEALTH_SPECIALTY_SLUGS, HOME_SPECIALTY_SLUGS, isSpecialtySlug, SPECIALTY_GROUPS, SPECIALTY_SEARCH_TERMS, SPECIALTY_SLUGS, specialtySearchPath } from './specialties.js';

describe('specialties', () => {
  it('keeps the spec’s eight first, in the home page’s order, then the allied-health ones', () => {
    expect(HOME_SPECIALTY_SLUGS).toEqual(['cardiology', 'neurology', 'family-medicine', 'pediatrics', 'orthopedics', 'ophthalmology', 'dentistry', 'dermatology']);
    expect(SPECIALTY_SLUGS.slice(0, 8)).toEqual([...HOME_SPECIALTY_SLUGS]);
    for (const slug of ['physiotherapy', 'psychology', 'occupational-therapy', 'speech-pathology', 'dietetics', 'psychiatry', 'podiatry']) {
      expect(ALLIED_HEALTH_SPECIALTY_SLUGS, slug).toContain(slug);
      expect(isSpecialtySlug(slug), slug).toBe(true);
    }
    expect(new Set(SPECIALTY_SLUGS).size).toBe(SPECIALTY_SLUGS.length);
    for (const slug of SPECIALTY_SLUGS) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(isSpecialtySlug('physio')).toBe(false);
    expect(specialtySearchPath('speech-pathology')).toBe('/providers?specialty=speech-pathology');
    // The pickers' groups hold every specialty once, in order.
    expect(SPECIALTY_GROUPS.flatMap((g) => g.slugs)).toEqual([...SPECIALTY_SLUGS]);
  });

  it('has search words for every specialty in Latin, Arabic and Chinese script, lower case and each once', () => {
    for (const slug of SPECIALTY_SLUGS) {
      const terms = SPECIALTY_SEARCH_TERMS[slug];
      expect(terms.length, slug).toBeGreaterThan(5);
      expect(new Set(terms).size, slug).toBe(terms.length);
      for (const term of terms) expect(term, slug).toBe(term.toLowerCase().trim());
      expect(terms.some((term) => /\p{Script=Arabic}/u.test(term)), `${slug}: Arabic`).toBe(true);
      expect(terms.some((term) => /\p{Script=Han}/u.test(term)), `${slug}: Chinese`).toBe(true);
    }
  });

  it('finds the allied-health specialties by the words people type, in six languages', () => {
    const expected: Record<string, string[]> = {
      physiotherapy: ['physio', 'physiotherapist', 'physical therapy', 'fisioterapia', 'kinésithérapie', 'العلاج الطبيعي', '物理治疗'],
      'occupational-therapy': ['occupational therapy', 'occupational therapist', 'terapia ocupacional', 'ergothérapie', 'العلاج الوظيفي', '作业治疗'],
      'speech-pathology': ['speech therapy', 'speech pathologist', 'logopedia', 'orthophonie', 'fonoaudiologia', 'علاج النطق', '言语治疗'],
      psychology: ['psychologist', 'counselling', 'psicólogo', 'psychologue', 'psicologia', 'علم النفس', '心理咨询'],
      psychiatry: ['psychiatrist', 'psiquiatra', 'psychiatre', 'الطب النفسي', '精神科'],
      dietetics: ['dietitian', 'nutritionist', 'nutricionista', 'diététicien', 'التغذية', '营养师'],
      podiatry: ['podiatrist', 'podólogo', 'podologue', 'podologia', 'طب الأقدام', '足病科'],
    };
    for (const [slug, words] of Object.entries(expected)) {
      const terms = isSpecialtySlug(slug) ? SPECIALTY_SEARCH_TERMS[slug] : [];
      for (const word of words) expect(terms, `${slug}: ${word}`).toContain(word);
    }
  });

  it('names every specialty in every language, wherever the web app shows one', () => {
    const read = (lng: string, ns: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../public/locales', lng, `${ns}.json`), 'utf8')) as Record<string, Record<string, unknown>>;
    for (const lng of LANGUAGE_CODES) {
      const places = {
        providers: read(lng, 'providers').specialties,
        appointments: read(lng, 'appointments').specialties,
        common: read(lng, 'common').specialtyNames,
        home: (read(lng, 'home').specialties as Record<string, Record<string, string>>).names,
      };
      for (const [where, names] of Object.entries(places)) {
        for (const slug of SPECIALTY_SLUGS) expect((names as Record<string, unknown>)[slug], `${lng} ${where} ${slug}`).toEqual(expect.any(String));
      }
      for (const ns of ['providers', 'appointments']) {
        for (const group of SPECIALTY_GROUPS) expect(read(lng, ns).specialtyGroups?.[group.key], `${lng} ${ns} ${group.key}`).toEqual(expect.any(String));
      }
    }
  });
});
