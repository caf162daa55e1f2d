import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nulCharacterPath } from './text';

describe('nulCharacterPath', () => {
  it('finds the first string with U+0000, in keys and values, at any depth', () => {
    expect(nulCharacterPath('a\u0000b')).toEqual([]);
    expect(nulCharacterPath({ body: 'fine', reason: 'x\u0000' })).toEqual(['reason']);
    expect(nulCharacterPath({ items: [{ name: 'ok' }, { name: '\u0000' }] })).toEqual(['items', 1, 'name']);
    expect(nulCharacterPath({ 'bad\u0000key': 1 })).toEqual(['bad\u0000key']);
    expect(nulCharacterPath(JSON.parse('{"a":{"b":["\\u0000"]}}'))).toEqual(['a', 'b', 0]);
  });

  it('passes anything else, including text that only spells the escape', () => {
    for (const value of [null, undefined, 0, true, '', 'plain', '\\u0000', { a: [1, 'two', { three: null }] }, [], {}]) {
      expect(nulCharacterPath(value)).toBeNull();
    }
  });

  it('handles nesting far deeper than a recursive walk could', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(nulCharacterPath(deep)).toHaveLength(200_000);
  });

  it('agrees with a plain search of the JSON text, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(nulCharacterPath(value) !== null).toBe(JSON.stringify(value).includes('\\u0000'));
      }),
      { numRuns: 1000 },
    );
  });
});
