import { describe, expect, it } from 'vitest';
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
});
