import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '~/shared/languages';
import { SPECIALTY_GROUPS, SPECIALTY_SLUGS } from '~/shared/specialties';

/** Every specialty (the spec's eight and allied health) is named in every language, in each namespace that shows one. */
describe('specialty names', () => {
  it('names every specialty in every language, wherever the web app shows one', () => {
    const read = (lng: string, ns: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales', lng, `${ns}.json`), 'utf8')) as Record<string, Record<string, unknown>>;
    for (const lng of LANGUAGE_CODES) {
      const places = {
        providers: read(lng, 'providers').specialties,
        appointments: read(lng, 'appointments').specialties,
        common: read(lng, 'common').specialtyNames,
        home: (read(lng, 'home').specialties as Record<string, Record<string, string>>).names,
      };
      for (const [where, names] of Object.entries(places)) {
        for (const slug of SPECIALTY_SLUGS) expect((names as Record<string, unknown>)[slug], `${lng} ${where} ${slug}`).toEqual(expect.any(String));
      }
      for (const ns of ['providers', 'appointments']) {
        for (const group of SPECIALTY_GROUPS) expect(read(lng, ns).specialtyGroups?.[group.key], `${lng} ${ns} ${group.key}`).toEqual(expect.any(String));
      }
    }
  });
});
