import { describe, expect, it } from 'vitest';
import { lexemeQuery, oneLetterMorePatterns } from './providers.repo.js';

describe('lexemeQuery', () => {
  it('quotes each lexeme and joins them with or', () => {
    expect(lexemeQuery(['cardiologist', 'cardiology'])).toBe("'cardiologist' | 'cardiology'");
  });

  it('keeps quotes, backslashes and tsquery operators as letters', () => {
    expect(lexemeQuery(["o'neil"])).toBe("'o''neil'");
    expect(lexemeQuery(['a\\b'])).toBe("'a\\\\b'");
    expect(lexemeQuery(['x&!|:*y'])).toBe("'x&!|:*y'");
  });
});

describe('oneLetterMorePatterns', () => {
  it('puts one any-letter place before, between and after the letters (a short word with one letter left out)', () => {
    expect(oneLetterMorePatterns('chn')).toEqual(['_chn', 'c_hn', 'ch_n', 'chn_']);
    // By character, not UTF-16 unit.
    expect(oneLetterMorePatterns('é𝒳a')).toEqual(['_é𝒳a', 'é_𝒳a', 'é𝒳_a', 'é𝒳a_']);
  });
});
