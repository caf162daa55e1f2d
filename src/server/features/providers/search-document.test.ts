import { describe, expect, it } from 'vitest';
import { buildSearchDocument, searchWords } from './search-document.js';

describe('searchWords', () => {
  it('leaves out honorifics, stop words of the six languages and letters alone; every other word must match', () => {
    expect(searchWords('Dr Chen')).toEqual({ words: ['chen'], everyWord: true });
    expect(searchWords("O'Brien")).toEqual({ words: ['brien'], everyWord: true });
    expect(searchWords('back pain in Sydney')).toEqual({ words: ['back', 'pain', 'sydney'], everyWord: true });
    expect(searchWords('Dra. María de la Cruz')).toEqual({ words: ['maría', 'cruz'], everyWord: true });
    expect(searchWords('médecin de famille à Paris')).toEqual({ words: ['médecin', 'famille', 'paris'], everyWord: true });
    expect(searchWords('الدكتور أحمد')).toEqual({ words: ['أحمد'], everyWord: true });
    // One character is a word in Chinese (a surname).
    expect(searchWords('Dr 李')).toEqual({ words: ['李'], everyWord: true });
  });

  it('keeps stop words when nothing else is left, and honorifics then, any word matching', () => {
    expect(searchWords('Dr Le')).toEqual({ words: ['le'], everyWord: true });
    expect(searchWords('Dr')).toEqual({ words: ['dr'], everyWord: false });
    expect(searchWords('Dr. O.')).toEqual({ words: ['dr', 'o'], everyWord: false });
    expect(searchWords('  ')).toEqual({ words: [], everyWord: false });
  });

  it('reads each word once, at most twelve', () => {
    expect(searchWords('chen CHEN Chen')).toEqual({ words: ['chen'], everyWord: true });
    const many = Array.from({ length: 15 }, (_, i) => `w${i}`).join(' the ');
    expect(searchWords(many).words).toHaveLength(12);
  });
});

describe('buildSearchDocument and allied health', () => {
  const documentOf = (specialtySlug: string) =>
    buildSearchDocument({ displayName: 'Sam Lee', title: '', specialtySlug, otherSpecialties: [], conditions: [], languages: ['en'], cities: ['Sydney'], bio: '' });
  /** Whether every word search reads of the query is a word of the document or the start of one (as search matches). */
  const finds = (document: string, query: string) => {
    const words = document.match(/[\p{L}\p{N}]+/gu) ?? [];
    return searchWords(query).words.every((w) => words.some((d) => d.startsWith(w)));
  };

  it('lets the words people type find the right allied-health specialty, in six languages', () => {
    const cases: [string, string[]][] = [
      ['physiotherapy', ['physio', 'physiotherapist Sydney', 'physical therapy', 'fisioterapeuta', 'kinésithérapeute', 'العلاج الطبيعي', '物理治疗']],
      ['speech-pathology', ['speech therapy', 'speech pathologist', 'logopeda', 'orthophoniste', 'fonoaudiologia', 'علاج النطق', '言语治疗']],
      ['occupational-therapy', ['occupational therapy', 'OT', 'terapia ocupacional', 'ergothérapeute', 'العلاج الوظيفي', '作业治疗']],
      ['psychology', ['psychologist', 'counselling', 'psicóloga', 'psychologue', 'علم النفس', '心理咨询']],
      ['psychiatry', ['psychiatrist', 'psiquiatra', 'الطب النفسي', '精神科']],
      ['dietetics', ['dietitian', 'nutrition', 'dietista', 'diététicienne', 'التغذية', '营养师']],
      ['podiatry', ['podiatrist', 'foot', 'podóloga', 'podologue', 'طب الأقدام', '足病科']],
    ];
    for (const [slug, queries] of cases) {
      for (const query of queries) expect(finds(documentOf(slug), query), `${slug}: ${query}`).toBe(true);
    }
    // Not every therapist for every query.
    expect(finds(documentOf('podiatry'), 'speech therapy')).toBe(false);
    expect(finds(documentOf('dermatology'), 'physio')).toBe(false);
  });
});
