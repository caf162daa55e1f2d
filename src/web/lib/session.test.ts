import { describe, expect, it } from 'vitest';
import { isSafeReturnPath } from './return-path';
import { initials, personInitials } from './session';

describe('initials (spec §2 avatar fallback)', () => {
  it('takes the first letter of each word, upper-cased, and U without a name', () => {
    expect(initials('amara okafor')).toBe('AO');
    expect(initials('  Li   Wei  ')).toBe('LW');
    expect(initials('Émile')).toBe('É');
    expect(initials('')).toBe('U');
    expect(initials(null)).toBe('U');
  });

  it("of a person shown to others, leave out the titles before the name, in the six languages", () => {
    expect(personInitials('Dr Amara Chen')).toBe('AC');
    expect(personInitials('Prof. Dr Quinn Li')).toBe('QL');
    expect(personInitials('Dra. Lucía Pérez')).toBe('LP');
    expect(personInitials('الدكتورة سارة حداد')).toBe('سح');
    // A title after the first name is part of the name; a name of titles only keeps them.
    expect(personInitials('Ben Dr')).toBe('BD');
    expect(personInitials('Dr')).toBe('D');
  });
});

describe('return paths', () => {
  it('keeps only same-site paths outside the sign-in pages', () => {
    expect(isSafeReturnPath('/tenant/manage?tab=members')).toBe(true);
    expect(isSafeReturnPath('//evil.example/x')).toBe(false);
    expect(isSafeReturnPath('/\\evil.example')).toBe(false);
    expect(isSafeReturnPath('https://evil.example')).toBe(false);
    expect(isSafeReturnPath('/auth/login')).toBe(false);
    expect(isSafeReturnPath(null)).toBe(false);
  });
});
