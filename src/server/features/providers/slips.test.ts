import { describe, expect, it } from 'vitest';
import { editDistance, slipEdits, slipFit } from './slips.js';

describe('slips', () => {
  it('counts a letter added, left out, changed or two swapped as one edit', () => {
    expect(editDistance('eczma', 'eczema')).toBe(1);
    expect(editDistance('atrail', 'atrial')).toBe(1);
    expect(editDistance('sydny', 'sydney')).toBe(1);
    expect(editDistance('margerite', 'marguerite')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('reads close words as slips, and words that only share an ending as none', () => {
    expect(slipEdits('cardiolgist', 'cardiologist')).toBe(1);
    expect(slipEdits('fibrilation', 'fibrillation')).toBe(1);
    expect(slipEdits('obrien', 'brien')).toBe(1);
    expect(slipEdits('melborne', 'melbourne')).toBe(1);
    // Trigram similarity found these close: they mean something else.
    expect(slipEdits('psychologist', 'neurologist')).toBeNull();
    expect(slipEdits('table', 'available')).toBeNull();
    expect(slipEdits('table', 'comfortable')).toBeNull();
    // Two edits only in a longer word.
    expect(slipEdits('kardiolgy', 'cardiology')).toBe(2);
    expect(slipEdits('heqrd', 'heart')).toBeNull();
    expect(slipEdits('same', 'same')).toBeNull();
  });

  it('fits a slip less than a word held as typed', () => {
    expect(slipFit(1)).toBe(0.75);
    expect(slipFit(2)).toBe(0.5);
  });
});
