import { describe, expect, it } from 'vitest';
import { socialProofFor, socialProofText } from './social-proof';

describe('the hero social proof amount', () => {
  it('is the compact amount in the region currency (spec §9)', () => {
    expect(socialProofText('AU', 'en')).toBe('A$3.2M');
    expect(socialProofText('GB', 'en')).toBe('£2.1M');
  });

  it("takes the server's text while region and language are the page's, and formats anew otherwise", () => {
    const rendered = { region: 'AU', language: 'en', text: 'as rendered' } as const;
    expect(socialProofFor('AU', 'en', rendered)).toBe('as rendered');
    expect(socialProofFor('GB', 'en', rendered)).toBe(socialProofText('GB', 'en'));
    expect(socialProofFor('AU', 'fr', rendered)).toBe(socialProofText('AU', 'fr'));
    expect(socialProofFor('AU', 'en', undefined)).toBe(socialProofText('AU', 'en'));
  });
});
