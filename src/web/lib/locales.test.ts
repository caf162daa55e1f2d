import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode, NAMESPACES, type Namespace } from '~/shared/languages';

/**
 * Every translation file (public/locales/{lng}/{ns}.json) has exactly the keys of the English
 * one, keeps its {{placeholders}}, and is actually translated. `compareLocale` does the checking
 * and is itself tested on broken in-memory locales below, so that these tests can fail.
 */

const LOCALES_DIR = join(import.meta.dirname, '../../../public/locales');

function localePath(lng: LanguageCode, ns: Namespace): string {
  return join(LOCALES_DIR, lng, `${ns}.json`);
}

function readLocale(lng: LanguageCode, ns: Namespace): unknown {
  return JSON.parse(readFileSync(localePath(lng, ns), 'utf8')) as unknown;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** Plural forms a language may write without the figure. */
const NUMBER_IN_WORDS = /_(zero|one|two)$/;
const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Nested keys flattened to dotted paths (an array's items by index: `faq.items.0.question`); a
 * leaf that is not a string is reported as an issue.
 */
function flattenLocale(value: unknown, issues: string[] = [], prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  if (!isRecord(value) && !Array.isArray(value)) {
    issues.push(`${prefix || '(root)'}: expected an object`);
    return flat;
  }
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  for (const [key, child] of entries) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(child) || Array.isArray(child)) {
      for (const [childPath, text] of flattenLocale(child, issues, path)) flat.set(childPath, text);
    } else if (typeof child === 'string') {
      flat.set(path, child);
    } else {
      issues.push(`${path}: expected a string, got ${JSON.stringify(child)}`);
    }
  }
  return flat;
}

/** The sorted placeholder names of a string ('Hi {{name}}' → ['name']). */
function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').sort();
}

/**
 * The keys a language must have for the English keys: the same keys, except that an English
 * plural group (`x_one`, `x_other`) becomes the language's own plural forms (Arabic has six,
 * Chinese one). Maps each expected key to the English key it is checked against.
 */
function expectedKeys(enKeys: Iterable<string>, lng: string): Map<string, string> {
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const key of enKeys) {
    const plural = PLURAL_SUFFIX.exec(key);
    if (!plural) {
      expected.set(key, key);
      continue;
    }
    const base = key.slice(0, plural.index);
    for (const category of categories) expected.set(`${base}_${category}`, `${base}_other`);
  }
  return expected;
}

interface CompareOptions {
  lng: string;
  /** Keys whose value may legitimately equal the English one (proper nouns, shared words). */
  sameAsEnglish?: readonly string[];
}

/** Everything wrong with `other` compared with `en`, as readable lines (empty: all good). */
function compareLocale(en: unknown, other: unknown, { lng, sameAsEnglish = [] }: CompareOptions): string[] {
  const issues: string[] = [];
  const enFlat = flattenLocale(en, []);
  const otherFlat = flattenLocale(other, issues);
  const expected = expectedKeys(enFlat.keys(), lng);

  for (const [key, enKey] of expected) {
    const text = otherFlat.get(key);
    const enText = enFlat.get(enKey) ?? '';
    if (text === undefined) {
      issues.push(`${key}: missing (en has ${JSON.stringify(enText)})`);
      continue;
    }
    const want = placeholders(enText);
    const got = placeholders(text);
    // A language's zero, one and two forms may say the number in words ("no …", Arabic's dual)
    // instead of the figure: they may leave out {{count}}, and nothing else.
    const wordsForCount = NUMBER_IN_WORDS.test(key) && !got.includes('count') && want.filter((name) => name !== 'count').join('|') === got.join('|');
    if (want.join('|') !== got.join('|') && !wordsForCount) {
      issues.push(`${key}: placeholders ${JSON.stringify(got)} differ from en ${JSON.stringify(want)}`);
    }
    if (text.trim() === '') issues.push(`${key}: empty`);
    if (lng !== FALLBACK_LANGUAGE && text === enText && enText !== '' && !sameAsEnglish.includes(key)) {
      issues.push(`${key}: not translated (same as en: ${JSON.stringify(text)})`);
    }
  }
  for (const key of otherFlat.keys()) {
    if (!expected.has(key)) issues.push(`${key}: not in en`);
  }
  for (const key of sameAsEnglish) {
    // An allowance that no longer applies is removed, so that the list stays exact.
    if (otherFlat.get(key) !== enFlat.get(key)) issues.push(`${key}: allowed to equal en but does not`);
  }
  return issues;
}

/** Values made only of placeholders and punctuation: the same in every language. */
const PLACEHOLDER_ONLY = ['app.documentTitle', 'footer.copyright'] as const;
/** The same made of placeholders and a Latin comma, where a language writes one (Arabic and Chinese have their own). */
const LATIN_COMMA_PATTERNS = ['directoryProfile.services.bufferFor'] as const;
/** A person in a list, "{{name}} ({{role}})": the same brackets where a language writes these (Chinese has its own). */
const PERSON_PATTERN = ['day.person'] as const;

/**
 * Keys whose translation is, correctly, the English word. Keep this short and per language:
 * anything else equal to English is an untranslated string.
 */
/** People's names in the home page's testimonials, and figures written the same way in a language. */
const TESTIMONIAL_NAMES = [0, 1, 2, 3, 4].map((i) => `testimonials.items.${i}.name`);
const SAMPLE_RATINGS = ['hero.matching.providers.0.rating', 'hero.matching.providers.1.rating', 'hero.matching.providers.2.rating'];
const PLUS_FIGURES = ['trust.items.customers.value', 'trust.items.countries.value', 'globalStats.countries.value'];

/** The NHS programme's own name, kept in English everywhere. */
const NHS_TOOLKIT = 'regionSelector.features.nhs.1';

const SAME_AS_ENGLISH: Record<LanguageCode, Partial<Record<Namespace, readonly string[]>>> = {
  en: {},
  es: { common: [...PLACEHOLDER_ONLY, NHS_TOOLKIT, 'footer.links.blog', 'footer.links.cookies', 'adminProviders.no'], consent: ['categories.marketing.name', 'toasts.errorTitle'], appointments: LATIN_COMMA_PATTERNS, telehealth: PERSON_PATTERN,
    home: [...TESTIMONIAL_NAMES, ...PLUS_FIGURES, 'trust.items.interactions.value', 'trust.items.response.value', 'globalStats.patients.value', 'globalStats.providers.value'],
  },
  fr: {
    common: [
      ...PLACEHOLDER_ONLY,
      NHS_TOOLKIT,
      'header.menu',
      'footer.links.blog',
      'footer.links.guides',
      'footer.links.cookies',
      'toasts.region',
      'roles.patient',
    ],
    consent: ['categories.marketing.name'],
    forms: ['enquiry.fields.organisation', 'enquiry.fields.message', 'adminEnquiries.columns.actions', 'adminEnquiries.showMessage'],
    home: [
      ...TESTIMONIAL_NAMES,
      ...PLUS_FIGURES,
      'trust.items.interactions.value',
      'trust.items.response.value',
      'globalStats.patients.value',
      'globalStats.providers.value',
      'globalStats.patients.label',
      'notifications.types.info',
      'notifications.types.warning',
      'testimonials.items.0.role',
      'testimonials.items.1.role',
    ],
    providers: ['matchParts.distance'],
    telehealth: PERSON_PATTERN,
    // French spells them as English does.
    appointments: [...LATIN_COMMA_PATTERNS, 'practiceBooking.patient', 'practiceBooking.patients'],
  },
  pt: { common: [...PLACEHOLDER_ONLY, NHS_TOOLKIT, 'header.menu', 'footer.links.blog', 'footer.links.cookies'], consent: ['categories.marketing.name'], appointments: LATIN_COMMA_PATTERNS, telehealth: PERSON_PATTERN,
    home: [...TESTIMONIAL_NAMES, ...PLUS_FIGURES, 'trust.items.interactions.value', 'trust.items.response.value'],
  },
  ar: { common: [...PLACEHOLDER_ONLY, NHS_TOOLKIT], home: [...TESTIMONIAL_NAMES, ...SAMPLE_RATINGS, 'globalStats.rating.value'], telehealth: PERSON_PATTERN },
  'zh-CN': {
    common: [...PLACEHOLDER_ONLY, NHS_TOOLKIT],
    home: [...TESTIMONIAL_NAMES, ...SAMPLE_RATINGS, ...PLUS_FIGURES, 'trust.items.uptime.value', 'globalStats.rating.value'],
  },
};

describe('compareLocale', () => {
  const en = {
    greeting: 'Hello {{name}}',
    nested: { title: 'Title', count: '{{count}} items' },
    brand: 'Tendwell',
  };

  it('compares arrays item by item', () => {
    const list = { items: [{ q: 'Why?' }, 'Two'] };
    expect(compareLocale(list, { items: [{ q: '¿Por qué?' }, 'Dos'] }, { lng: 'es' })).toEqual([]);
    expect(compareLocale(list, { items: [{ q: '¿Por qué?' }] }, { lng: 'es' })).toEqual(['items.1: missing (en has "Two")']);
  });

  it('accepts a complete translation', () => {
    const fr = { greeting: 'Bonjour {{name}}', nested: { title: 'Titre', count: '{{count}} éléments' }, brand: 'Tendwell' };
    expect(compareLocale(en, fr, { lng: 'fr', sameAsEnglish: ['brand'] })).toEqual([]);
  });

  it('reports missing keys, extra keys, changed placeholders and untranslated values', () => {
    const broken = {
      greeting: 'Bonjour {{nom}}',
      nested: { title: 'Title', extra: 'En trop' },
      brand: 'Tendwell',
      stray: 'Pas en anglais',
    };
    expect(compareLocale(en, broken, { lng: 'fr' })).toEqual([
      'greeting: placeholders ["nom"] differ from en ["name"]',
      'nested.title: not translated (same as en: "Title")',
      'nested.count: missing (en has "{{count}} items")',
      'brand: not translated (same as en: "Tendwell")',
      'nested.extra: not in en',
      'stray: not in en',
    ]);
  });

  it('reports a dropped placeholder and an added one', () => {
    const other = { greeting: 'Bonjour', nested: { title: 'Titre', count: '{{count}} {{extra}}' }, brand: 'Tendwell' };
    expect(compareLocale(en, other, { lng: 'fr', sameAsEnglish: ['brand'] })).toEqual([
      'greeting: placeholders [] differ from en ["name"]',
      'nested.count: placeholders ["count","extra"] differ from en ["count"]',
    ]);
  });

  it('reports non-string values, a group replaced by a string, and empty strings', () => {
    const other = { greeting: 42, nested: 'Titre', brand: ' ' };
    expect(compareLocale(en, other, { lng: 'fr' })).toEqual([
      'greeting: expected a string, got 42',
      'greeting: missing (en has "Hello {{name}}")',
      'nested.title: missing (en has "Title")',
      'nested.count: missing (en has "{{count}} items")',
      'brand: empty',
      'nested: not in en',
    ]);
  });

  it('reports an allow-list entry that is no longer the English value', () => {
    const other = { greeting: 'Bonjour {{name}}', nested: { title: 'Titre', count: '{{count}} éléments' }, brand: 'Tendwell' };
    expect(compareLocale(en, other, { lng: 'fr', sameAsEnglish: ['brand', 'nested.title'] })).toEqual([
      'nested.title: allowed to equal en but does not',
    ]);
  });

  it("expects each language's own plural forms", () => {
    const enPlural = { items_one: '{{count}} item', items_other: '{{count}} items' };
    expect(compareLocale(enPlural, { items_other: '{{count}} 项' }, { lng: 'zh-CN' })).toEqual([]);
    expect(compareLocale(enPlural, { items_one: '{{count}} élément' }, { lng: 'fr' })).toEqual([
      'items_many: missing (en has "{{count}} items")',
      'items_other: missing (en has "{{count}} items")',
    ]);
    const arabic = { items_zero: 'a', items_one: 'b', items_two: 'c', items_few: 'd', items_many: 'e', items_other: 'f' };
    // Zero, one and two may say the number in words; few, many and other must show it.
    expect(compareLocale(enPlural, arabic, { lng: 'ar' })).toEqual([
      'items_few: placeholders [] differ from en ["count"]',
      'items_many: placeholders [] differ from en ["count"]',
      'items_other: placeholders [] differ from en ["count"]',
    ]);
  });

  it('lets a form in words leave out the figure, and nothing else', () => {
    const enRating = { rating_one: '{{average}} ({{count}} rating)', rating_other: '{{average}} ({{count}} ratings)' };
    const words = { rating_zero: '{{average}} (لا تقييمات)', rating_one: '{{average}} (تقييم واحد)', rating_two: '{{average}} (تقييمان)', rating_few: '{{average}} ({{count}})', rating_many: '{{average}} ({{count}})', rating_other: '{{average}} ({{count}})' };
    expect(compareLocale(enRating, words, { lng: 'ar' })).toEqual([]);
    expect(compareLocale(enRating, { ...words, rating_one: 'تقييم واحد' }, { lng: 'ar' })).toEqual([
      'rating_one: placeholders [] differ from en ["average","count"]',
    ]);
  });
});

describe('translation files', () => {
  it.each(LANGUAGE_CODES.flatMap((lng) => NAMESPACES.map((ns) => [lng, ns] as const)))('%s/%s.json is a JSON object', (lng, ns) => {
    const parsed = readLocale(lng, ns);
    expect(isRecord(parsed)).toBe(true);
  });

  it('has the English spec strings of the not-found and error pages', () => {
    const common = flattenLocale(readLocale('en', 'common'));
    expect(common.get('notFound.title')).toBe('Page Not Found');
    expect(common.get('notFound.message')).toBe("Sorry, we couldn't find the page you're looking for...");
    expect(common.get('errorFallback.title')).toBe('Something went wrong');
    expect(common.get('errorFallback.unexpected')).toBe('An unexpected error occurred');
    expect(common.get('errorFallback.reload')).toBe('Reload Page');
    expect(common.get('errorFallback.fatal')).toBe('Unexpected Application Error!');
  });

  it('has a message for every client-side error code in English', () => {
    const common = flattenLocale(readLocale('en', 'common'));
    for (const key of ['errors.unknown', 'errors.network.unavailable', 'errors.server.internal']) {
      expect(common.get(key), key).toEqual(expect.any(String));
    }
  });

  it('has a message for every problem code the booking server sends (the other languages match English below)', () => {
    const common = flattenLocale(readLocale('en', 'common'));
    const bookingDir = join(import.meta.dirname, '../../server/features/booking');
    const sources = [
      ...readdirSync(bookingDir)
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => join(bookingDir, file)),
      // The refusals of a status change (their reasons are the codes the server sends).
      join(import.meta.dirname, '../../shared/appointments.ts'),
    ];
    const thrown = /(?:conflict|notFound|validationError|forbidden|badRequest)\(\s*'([a-z-]+\.[a-z-]+)'|reason: '(appointment\.[a-z-]+)'/g;
    const codes = new Set(sources.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(thrown)].map((m) => m[1] ?? m[2]!)));
    expect(codes).toContain('appointment.not-movable');
    expect(codes).toContain('appointment.invalid-transition');
    const missing = [...codes].filter((code) => typeof common.get(`errors.${code}`) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each([
    ['telehealth', 'src/web/features/telehealth/components/parts.tsx'],
    ['messaging', 'src/web/features/messaging/components/parts.tsx'],
  ])('has words for every problem code the %s server sends: its screens map each, or the app has errors.<code>', (feature, partsFile) => {
    const root = join(import.meta.dirname, '../../..');
    const common = flattenLocale(readLocale('en', 'common'));
    const serverDir = join(root, 'src/server/features', feature);
    const sources = readdirSync(serverDir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(join(serverDir, file), 'utf8'));
    const thrown = /(?:conflict|notFound|validationError|forbidden|badRequest)\(\s*'([a-z-]+\.[a-z-]+)'/g;
    const codes = new Set(sources.flatMap((source) => [...source.matchAll(thrown)].map((m) => m[1]!)));
    expect(codes.size).toBeGreaterThan(3);
    // A 404's code is answered by the screen's own "not found" words, whatever the code.
    const notFound = new Set(sources.flatMap((source) => [...source.matchAll(/notFound\(\s*'([a-z-]+\.[a-z-]+)'/g)].map((m) => m[1]!)));
    const parts = readFileSync(join(root, partsFile), 'utf8');
    const missing = [...codes].filter(
      (code) => !notFound.has(code) && !parts.includes(`'${code}'`) && typeof common.get(`errors.${code}`) !== 'string',
    );
    expect(missing).toEqual([]);
  });

  const others = LANGUAGE_CODES.filter((lng) => lng !== FALLBACK_LANGUAGE);
  it.each(others.flatMap((lng) => NAMESPACES.map((ns) => [lng, ns] as const)))(
    '%s/%s.json matches en: same keys, same placeholders, translated',
    (lng, ns) => {
      const issues = compareLocale(readLocale('en', ns), readLocale(lng, ns), {
        lng,
        sameAsEnglish: SAME_AS_ENGLISH[lng][ns] ?? [],
      });
      expect(issues).toEqual([]);
    },
  );
});
