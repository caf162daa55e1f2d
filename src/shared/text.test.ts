import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unstorableTextPath } from './text';

const pathOf = (value: unknown) => unstorableTextPath(value)?.path ?? null;

describe('unstorableTextPath', () => {
  it('finds the first string with U+0000, in keys and values, at any depth', () => {
    expect(pathOf('a\u0000b')).toEqual([]);
    expect(pathOf({ body: 'fine', reason: 'x\u0000' })).toEqual(['reason']);
    expect(pathOf({ items: [{ name: 'ok' }, { name: '\u0000' }] })).toEqual(['items', 1, 'name']);
    expect(pathOf({ 'bad\u0000key': 1 })).toEqual(['bad\u0000key']);
    expect(pathOf(JSON.parse('{"a":{"b":["\\u0000"]}}'))).toEqual(['a', 'b', 0]);
    expect(unstorableTextPath('\u0000')?.code).toBe('nul-character');
  });

  it('finds half of a surrogate pair on its own, high or low, and passes whole pairs', () => {
    expect(unstorableTextPath(JSON.parse('{"body":"ok \\ud800"}'))).toMatchObject({ path: ['body'], code: 'lone-surrogate' });
    expect(unstorableTextPath(JSON.parse('["\\udc00x"]'))).toMatchObject({ path: [0], code: 'lone-surrogate' });
    expect(unstorableTextPath(JSON.parse('{"\\udbff":1}'))).toMatchObject({ path: ['\udbff'], code: 'lone-surrogate' });
    // Reversed halves are two lone ones.
    expect(unstorableTextPath('\udc00\ud800')?.code).toBe('lone-surrogate');
    expect(unstorableTextPath('𝄞 مرحبا 👩🏽‍⚕️ \uFFFD')).toBeNull();
  });

  it('passes anything else, including text that only spells the escapes', () => {
    for (const value of [null, undefined, 0, true, '', 'plain', '\\u0000', '\\ud800', { a: [1, 'two', { three: null }] }, [], {}]) {
      expect(unstorableTextPath(value)).toBeNull();
    }
  });

  it('handles nesting far deeper than a recursive walk could', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(pathOf(deep)).toHaveLength(200_000);
  });

  it('agrees with what the text encodes to, for any JSON value', () => {
    // Any UTF-16 code unit, so lone halves of surrogate pairs (and U+0000) come up often.
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
    // A string survives UTF-8 (what PostgreSQL stores) unchanged unless it has a lone surrogate.
    const storable = (text: string) => !text.includes('\u0000') && Buffer.from(text, 'utf8').toString('utf8') === text;
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: codeUnit }), (value) => {
        // Every key and string of the value, as the server's JSON parser sees them.
        const strings: string[] = [];
        JSON.parse(JSON.stringify(value), (key, v: unknown) => {
          strings.push(key);
          if (typeof v === 'string') strings.push(v);
          return v;
        });
        expect(unstorableTextPath(value) === null).toBe(strings.every(storable));
      }),
      { numRuns: 1000 },
    );
  });
});
