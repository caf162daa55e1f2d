import i18next, { type Resource, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  LANGUAGE_CODES,
  type LanguageCode,
  NAMESPACES,
  type Namespace,
  isNamespace,
} from '~/shared/languages';

/**
 * Translations for server rendering. Every locale file is bundled into the server build (they
 * are small, and this avoids reading files relative to wherever the build runs); each request
 * gets its own i18next instance in the page's language with the namespaces its routes declare.
 */
const FILES = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

type Bundles = Partial<Record<string, Record<string, unknown>>>;
const BUNDLES: Record<string, Bundles> = {};
for (const [path, data] of Object.entries(FILES)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) continue;
  (BUNDLES[match[1]] ??= {})[match[2]] = data;
}

/** The namespaces the matched routes declare in `handle.i18n`, plus the default one. */
export function namespacesOfMatches(matches: readonly { route: { handle?: unknown } }[]): Namespace[] {
  const found = new Set<Namespace>([DEFAULT_NAMESPACE]);
  for (const match of matches) {
    const handle = match.route.handle;
    if (typeof handle !== 'object' || handle === null || !('i18n' in handle)) continue;
    const declared = (handle as { i18n: unknown }).i18n;
    for (const ns of Array.isArray(declared) ? declared : [declared]) {
      if (typeof ns === 'string' && isNamespace(ns)) found.add(ns);
    }
  }
  return [...found];
}

export async function createServerI18n(language: LanguageCode, namespaces: readonly Namespace[]): Promise<I18n> {
  const lng = (LANGUAGE_CODES as readonly string[]).includes(language) ? language : FALLBACK_LANGUAGE;
  // Every namespace is available (a component may use one its route did not declare); the page
  // hands the browser only the ones declared or used (see root.tsx).
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const code of new Set([lng, FALLBACK_LANGUAGE])) {
    resources[code] = Object.fromEntries(NAMESPACES.map((ns) => [ns, BUNDLES[code]?.[ns] ?? {}]));
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    ns: [...namespaces],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: false,
    resources: resources as Resource,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  });
  return instance;
}
