import { describe, expect, it } from 'vitest';
import { searchWords } from './search-document.js';

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
