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
export const NAMESPACES = ['common', 'auth', 'dashboard', 'appointments', 'providers', 'health'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

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
