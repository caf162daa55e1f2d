import { describe, expect, it } from 'vitest';
import { lexemeQuery } from './providers.repo.js';

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
