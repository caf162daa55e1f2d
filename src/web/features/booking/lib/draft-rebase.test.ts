import { describe, expect, it } from 'vitest';
import { editedFields, rebaseDraft } from './draft-rebase';

describe('rebaseDraft', () => {
  const before = { bio: 'Old', accepting: true, languages: ['en'] };

  it('takes the server’s new values for the fields the person has not edited', () => {
    const after = { bio: 'Old', accepting: false, languages: ['en'] };
    expect(rebaseDraft(before, before, after)).toEqual(after);
  });

  it('keeps what the person typed and still takes the others', () => {
    const draft = { bio: 'Typed here', accepting: true, languages: ['en', 'fr'] };
    const after = { bio: 'Server', accepting: false, languages: ['es'] };
    expect(rebaseDraft(draft, before, after)).toEqual({ bio: 'Typed here', accepting: false, languages: ['en', 'fr'] });
  });
});

describe('editedFields', () => {
  it('names the fields that differ, lists compared by value', () => {
    expect(editedFields({ a: 1, b: ['x'], c: true }, { a: 1, b: ['x'], c: false })).toEqual(['c']);
  });
});
