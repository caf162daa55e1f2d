/** Interface languages of spec §2 (language picker) and §9. */
export const LANGUAGES = [
  { code: 'en', name: 'English', flag: '🇬🇧', dir: 'ltr' },
  { code: 'es', name: 'Español', flag: '🇪🇸', dir: 'ltr' },
  { code: 'fr', name: 'Français', flag: '🇫🇷', dir: 'ltr' },
  { code: 'pt', name: 'Português', flag: '🇵🇹', dir: 'ltr' },
  { code: 'ar', name: 'العربية', flag: '🇸🇦', dir: 'rtl' },
  { code: 'zh-CN', name: '中文', flag: '🇨🇳', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);
export const FALLBACK_LANGUAGE: LanguageCode = 'en';

/** Translation namespaces (spec §9); `common` is the default. */
export const NAMESPACES = ['common', 'auth', 'dashboard', 'appointments', 'providers', 'health', 'content', 'home', 'consent', 'forms', 'messages', 'telehealth'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

export function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

/** Cookie mirror of the chosen interface language, so server-rendered pages use it too. */
export const LANGUAGE_COOKIE = 'i18next';

/**
 * Maps a language tag (from a browser, a header or a URL) to one of the interface languages, so
 * that `zh`, `zh-CN` or `zh-Hans-SG` become `zh-CN`, `pt-BR` becomes `pt` and `ar-SA` becomes `ar`.
 * Languages the interface does not offer come back undefined.
 */
export function matchLanguage(tag: string): LanguageCode | undefined {
  const lower = tag.trim().replaceAll('_', '-').toLowerCase();
  if (lower === '') return undefined;
  const exact = LANGUAGE_CODES.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split('-')[0] ?? '';
  return LANGUAGE_CODES.find((code) => code.toLowerCase().split('-')[0] === base);
}

export function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function languageDirection(code: string): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';
}

/** Browser-storage key under which the chosen interface language is cached (spec §3). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** Translation loading retry policy (spec §8): at most 5 retries, 350 ms, doubling. */
export const TRANSLATION_MAX_RETRIES = 5;
export const TRANSLATION_RETRY_START_MS = 350;
