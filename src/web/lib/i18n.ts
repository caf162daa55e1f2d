import i18next, {
  type BackendModule,
  type InitOptions,
  type LanguageDetectorModule,
  type ReadCallback,
  type Services,
  type TFunction,
  type i18n as I18n,
} from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
  type Namespace,
  TRANSLATION_MAX_RETRIES,
  TRANSLATION_RETRY_START_MS,
  isLanguageCode,
  languageDirection,
  matchLanguage,
} from '~/shared/languages';
// The English `common` strings ship inside the bundle: they are the fallback for every other
// language and let the error fallback render real text even when no translation file loads.
import enCommon from '../../../public/locales/en/common.json';
// Types only: the other namespaces load over HTTP when a route needs them.
import type enAuth from '../../../public/locales/en/auth.json';
import type enConsent from '../../../public/locales/en/consent.json';
import type enContent from '../../../public/locales/en/content.json';
import type enDashboard from '../../../public/locales/en/dashboard.json';
import type enForms from '../../../public/locales/en/forms.json';
import type enHome from '../../../public/locales/en/home.json';
import type enAppointments from '../../../public/locales/en/appointments.json';
import type enProviders from '../../../public/locales/en/providers.json';
import type enMessages from '../../../public/locales/en/messages.json';
import type enTelehealth from '../../../public/locales/en/telehealth.json';

export const LOCALES_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

/** The bundled English `common` namespace (also the shape every locale's `common.json` has). */
export const BUNDLED_COMMON = enCommon;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof enCommon; auth: typeof enAuth; dashboard: typeof enDashboard; content: typeof enContent; home: typeof enHome; consent: typeof enConsent; forms: typeof enForms; appointments: typeof enAppointments; providers: typeof enProviders; messages: typeof enMessages; telehealth: typeof enTelehealth };
  }
}

/**
 * Maps a language the browser reports to one of the interface languages, so that `zh`, `zh-CN`
 * or `zh-Hans-SG` become `zh-CN`, `pt-BR` becomes `pt` and `ar-SA` becomes `ar`. Languages the
 * interface does not offer come back unchanged, and i18next then skips them (ending at `en`).
 */
export function convertDetectedLanguage(detected: string): string {
  return matchLanguage(detected) ?? detected.trim().replaceAll('_', '-');
}

/** The interface language i18next settled on, narrowed to a supported code. */
export function currentLanguage(language: string | undefined): LanguageCode {
  return language !== undefined && isLanguageCode(language) ? language : FALLBACK_LANGUAGE;
}

/** The options the app's i18next instance is initialised with (exported for tests). */
export function i18nOptions(): InitOptions<HttpBackendOptions> {
  return {
    supportedLngs: [...LANGUAGE_CODES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    // Only the default namespace loads up front; a feature's route loads its own namespace.
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: false,
    partialBundledLanguages: true,
    resources: { [FALLBACK_LANGUAGE]: { [DEFAULT_NAMESPACE]: enCommon } },
    // Spec §8: at most 5 retries starting at 350 ms; i18next doubles the wait after each try
    // and the http backend decides what is retryable (5xx or network failure: yes; 4xx or
    // unparseable JSON: no).
    maxRetries: TRANSLATION_MAX_RETRIES,
    retryTimeout: TRANSLATION_RETRY_START_MS,
    // No periodic reloads (the library's default outside browsers, e.g. in tests).
    backend: { loadPath: LOCALES_LOAD_PATH, reloadInterval: false },
    detection: {
      order: ['localStorage', 'navigator', 'htmlTag'],
      // The choice is cached in local storage (spec §9) and mirrored to a cookie so that
      // server-rendered pages come in the same language.
      caches: ['localStorage', 'cookie'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupCookie: LANGUAGE_COOKIE,
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: '/', sameSite: 'lax' },
      convertDetectedLanguage,
    },
    interpolation: { escapeValue: false },
    returnEmptyString: false,
  };
}

export const i18n = i18next.createInstance();

function applyDocumentLanguage(): void {
  if (typeof document === 'undefined') return;
  const language = currentLanguage(i18n.resolvedLanguage ?? i18n.language);
  document.documentElement.lang = language;
  document.documentElement.dir = languageDirection(language);
}

let initialising: Promise<TFunction> | undefined;

/**
 * Initialises the app's i18next instance once (detector, http backend, React binding) and
 * resolves when the detected language's `common` namespace has loaded (or failed after its
 * retries, in which case the bundled English strings are used). A server-rendered page starts
 * with {@link initI18nFromServer} instead; this is the path without one.
 */
export function initI18n(): Promise<TFunction> {
  if (!initialising) {
    // Registered before init so that the initial detection also sets <html lang dir>.
    i18n.on('languageChanged', applyDocumentLanguage);
    initialising = Promise.all([import('i18next-http-backend'), import('i18next-browser-languagedetector')]).then(
      ([{ default: HttpBackend }, { default: LanguageDetector }]) =>
        i18n.use(HttpBackend).use(LanguageDetector).use(initReactI18next).init(i18nOptions()),
    );
  }
  return initialising;
}

/**
 * i18next's http backend, loaded with the first namespace asked for rather than with the page:
 * a server-rendered page hydrates with the strings the server sent, so the first page's scripts
 * need no loader (2.6 kB gzipped). The loaded backend gets exactly the options it would have had,
 * and its answers (retryable or not) go to i18next unchanged; a failed load of its own script is
 * retryable and tried again at the next read.
 */
export class DeferredHttpBackend implements BackendModule<HttpBackendOptions> {
  static readonly type = 'backend';
  readonly type = 'backend';
  private settings: [Services, HttpBackendOptions] | undefined;
  private backend: Promise<BackendModule<HttpBackendOptions>> | undefined;

  // (i18next's own options, the third argument, serve only the backend's periodic reload, which is off.)
  init(services: Services, backendOptions: HttpBackendOptions): void {
    this.settings = [services, backendOptions];
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const settings = this.settings;
    if (!settings) {
      callback(new Error('i18n backend used before init'), false);
      return;
    }
    this.backend ??= import('i18next-http-backend').then(
      ({ default: HttpBackend }) => {
        const backend = new HttpBackend();
        backend.init(...settings);
        return backend;
      },
      (error: unknown) => {
        this.backend = undefined;
        throw error;
      },
    );
    this.backend.then(
      (backend) => backend.read(language, namespace, callback),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  }
}

/**
 * What the browser language detector does on a page the server rendered: the language is known
 * (the server's, or the one chosen on the page), so nothing is detected; a language i18next
 * settles on is remembered the way `detection` in {@link i18nOptions} says (local storage and
 * the cookie the server reads), synchronously, so a page that reloads right after a change (the
 * region selector) is rendered in the new language. The full detection order (storage, browser,
 * <html lang>) runs only in {@link initI18n}.
 */
export const pageLanguageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => (typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined),
  cacheUserLanguage(language: string) {
    const detection = i18nOptions().detection;
    if (!detection || !isLanguageCode(language) || typeof document === 'undefined') return;
    try {
      if (detection.lookupLocalStorage) window.localStorage.setItem(detection.lookupLocalStorage, language);
    } catch {
      // Storage can be unavailable (private mode); the cookie still carries the choice.
    }
    if (!detection.lookupCookie) return;
    const expires = new Date(Date.now() + (detection.cookieMinutes ?? 0) * 60_000).toUTCString();
    document.cookie = `${detection.lookupCookie}=${encodeURIComponent(language)}; Path=${detection.cookieOptions?.path ?? '/'}; Expires=${expires}; SameSite=Lax`;
  },
};

/** What a server-rendered page hands the browser so it hydrates with the same strings. */
export interface I18nHydrationState {
  language: LanguageCode;
  resources: Partial<Record<string, Record<string, unknown>>>;
}

/**
 * Initialises the app's i18next instance synchronously in the language the server rendered
 * with, with the namespaces it used, before hydration (so the first client render matches the
 * HTML). Later namespaces load over HTTP as before; a later language change is detected and
 * cached as usual.
 */
export function initI18nFromServer(state: I18nHydrationState): void {
  if (initialising) return;
  i18n.on('languageChanged', applyDocumentLanguage);
  const options = i18nOptions();
  const resources: NonNullable<InitOptions['resources']> = {
    [FALLBACK_LANGUAGE]: { [DEFAULT_NAMESPACE]: enCommon },
  };
  resources[state.language] = { ...resources[state.language], ...(state.resources as Record<string, object>) };
  initialising = i18n
    .use(DeferredHttpBackend)
    .use(pageLanguageDetector)
    .use(initReactI18next)
    .init({ ...options, lng: state.language, resources, initAsync: false });
}

/** Whether the app's translations are ready to render with. */
export function isI18nReady(): boolean {
  return i18n.isInitialized && i18n.hasLoadedNamespace(DEFAULT_NAMESPACE);
}

/** Loads a feature's namespaces (for a route's clientLoader to await before rendering). */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  await initI18n();
  await i18n.loadNamespaces([...namespaces]);
}

/**
 * A separate, synchronously initialised English instance with the bundled `common` strings: what
 * the error fallback renders with when the app's translations never became ready (and what
 * component tests render with).
 */
export function createEnglishI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [FALLBACK_LANGUAGE]: { [DEFAULT_NAMESPACE]: enCommon } },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
