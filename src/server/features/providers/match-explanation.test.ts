import { describe, expect, it } from 'vitest';
import { explainWords, oneLetterMore, trigramSimilarity } from './match-explanation';
import type { SearchedFields } from './search-document';

const ADA: SearchedFields = {
  displayName: 'Dr Ada Okafor',
  title: 'Consultant dermatologist',
  specialtySlug: 'dermatology',
  otherSpecialties: ['allergy-clinic'],
  conditions: ['Eczema', 'Atrial fibrillation'],
  languages: ['en', 'fr'],
  cities: ['Melbourne'],
  bio: 'Twenty years of practice in paediatric skin conditions.',
};

describe('trigramSimilarity', () => {
  it('is pg_trgm similarity: shared trigrams of the padded words over all of them', () => {
    expect(trigramSimilarity('eczema', 'eczema')).toBe(1);
    // "  eczma " and "  eczema " share 4 of 9 trigrams ("  e", " ec", "ecz", "ma ").
    expect(trigramSimilarity('eczma', 'eczema')).toBeCloseTo(4 / 9, 5);
    expect(trigramSimilarity('abc', 'xyz')).toBe(0);
  });
});

describe('explainWords', () => {
  it('names the field each typed word begins a word of, in the order a card is read', () => {
    expect(explainWords('okafor derm melb fran', ADA)).toEqual([
      { word: 'okafor', field: 'name', value: 'Dr Ada Okafor', typo: false },
      // The title says "dermatologist" before the specialty does: the title is read first.
      { word: 'derm', field: 'title', value: 'Consultant dermatologist', typo: false },
      { word: 'melb', field: 'city', value: 'Melbourne', typo: false },
      { word: 'fran', field: 'language', value: 'fr', typo: false },
    ]);
  });

  it('finds a specialty by the words people use for it, a condition, a slip and the biography', () => {
    expect(explainWords('skin', { ...ADA, title: '' })).toEqual([{ word: 'skin', field: 'specialty', value: 'dermatology', typo: false }]);
    expect(explainWords('allergy', ADA)).toEqual([{ word: 'allergy', field: 'specialty', value: 'allergy-clinic', typo: false }]);
    expect(explainWords('fibrilation', ADA)).toEqual([{ word: 'fibrilation', field: 'condition', value: 'Atrial fibrillation', typo: true }]);
    expect(explainWords('eczma', ADA)).toEqual([{ word: 'eczma', field: 'condition', value: 'Eczema', typo: true }]);
    expect(explainWords('paediatric', ADA)).toEqual([{ word: 'paediatric', field: 'bio', value: 'paediatric', typo: false }]);
  });

  it('leaves out words that match nothing, and repeats no word', () => {
    expect(explainWords('zzzz qqq okafor okafor', ADA)).toEqual([{ word: 'okafor', field: 'name', value: 'Dr Ada Okafor', typo: false }]);
    expect(explainWords('   ', ADA)).toEqual([]);
  });

  it('says nothing of the honorifics, stop words and letters alone that search did not match by', () => {
    expect(explainWords("Dr O'Okafor of Melbourne", ADA)).toEqual([
      { word: 'okafor', field: 'name', value: 'Dr Ada Okafor', typo: false },
      { word: 'melbourne', field: 'city', value: 'Melbourne', typo: false },
    ]);
    // Honorifics alone are what search matched by.
    expect(explainWords('Dr', ADA)).toEqual([{ word: 'dr', field: 'name', value: 'Dr Ada Okafor', typo: false }]);
  });

  it('names only the words search says the provider holds (the relaxed search lists those holding some)', () => {
    // "melborn" is close enough to Melbourne to be explained as a slip, but search did not find her by it.
    expect(explainWords('eczema melborn', ADA)[1]).toMatchObject({ word: 'melborn', field: 'city', typo: true });
    expect(explainWords('eczema melborn', ADA, ['eczema'])).toEqual([{ word: 'eczema', field: 'condition', value: 'Eczema', typo: false }]);
    expect(explainWords('eczema melborn', ADA, [])).toEqual([]);
  });
});

describe('short words (three letters): a slip is the word with one letter left out', () => {
  it('knows a word with one letter more, the others in order', () => {
    expect(oneLetterMore('chn', 'chen')).toBe(true);
    expect(oneLetterMore('chn', 'chin')).toBe(true);
    expect(oneLetterMore('hen', 'chen')).toBe(true);
    expect(oneLetterMore('che', 'chen')).toBe(true);
    expect(oneLetterMore('chn', 'chan')).toBe(true);
    expect(oneLetterMore('chn', 'chang')).toBe(false);
    expect(oneLetterMore('chn', 'cnh')).toBe(false);
    expect(oneLetterMore('chn', 'nche')).toBe(false);
    expect(oneLetterMore('chn', 'chn')).toBe(false);
  });

  it('explains a three-letter slip as one, and nothing for a three-letter word that is none', () => {
    expect(explainWords('okafor skn', ADA)).toEqual([
      { word: 'okafor', field: 'name', value: 'Dr Ada Okafor', typo: false },
      // The specialty's search words hold "skin" before the biography does.
      { word: 'skn', field: 'specialty', value: 'dermatology', typo: true },
    ]);
    expect(explainWords('okafor sxn', ADA)).toEqual([{ word: 'okafor', field: 'name', value: 'Dr Ada Okafor', typo: false }]);
  });
});
