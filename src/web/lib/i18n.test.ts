import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '~/shared/languages';
import { BUNDLED_COMMON, DeferredHttpBackend, LOCALES_LOAD_PATH, convertDetectedLanguage, createEnglishI18n, currentLanguage, i18nOptions } from './i18n';

describe('convertDetectedLanguage', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans-SG', 'zh-CN'],
    ['zh_CN', 'zh-CN'],
    ['pt-BR', 'pt'],
    ['pt', 'pt'],
    ['ar-SA', 'ar'],
    ['EN-us', 'en'],
    ['en', 'en'],
    ['fr-CA', 'fr'],
    ['es-419', 'es'],
    [' es ', 'es'],
    ['de-DE', 'de-DE'],
    ['de_AT', 'de-AT'],
  ])('%j → %j', (detected, expected) => {
    expect(convertDetectedLanguage(detected)).toBe(expected);
  });
});

describe('currentLanguage', () => {
  it('keeps a supported code and falls back to en otherwise', () => {
    expect(currentLanguage('ar')).toBe('ar');
    expect(currentLanguage('zh-CN')).toBe('zh-CN');
    expect(currentLanguage('de')).toBe('en');
    expect(currentLanguage(undefined)).toBe('en');
  });
});

describe('i18nOptions', () => {
  const options = i18nOptions();

  it('detects from storage, then the browser, then <html lang>, and caches in storage and the server-rendering cookie', () => {
    expect(options.detection).toMatchObject({
      order: ['localStorage', 'navigator', 'htmlTag'],
      caches: ['localStorage', 'cookie'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupCookie: LANGUAGE_COOKIE,
      convertDetectedLanguage,
    });
    expect(LANGUAGE_STORAGE_KEY).toBe('i18nextLng');
  });

  it('offers the six interface languages and falls back to English', () => {
    expect(options.fallbackLng).toBe('en');
    expect(options.supportedLngs).toEqual(['en', 'es', 'fr', 'pt', 'ar', 'zh-CN']);
    expect(options.load).toBe('currentOnly');
  });

  it('retries a failed translation load at most 5 times starting at 350 ms', () => {
    expect(options.maxRetries).toBe(5);
    expect(options.retryTimeout).toBe(350);
  });

  it('loads /locales/{{lng}}/{{ns}}.json and bundles the English common strings', () => {
    expect(LOCALES_LOAD_PATH).toBe('/locales/{{lng}}/{{ns}}.json');
    expect(options.backend?.loadPath).toBe('/locales/{{lng}}/{{ns}}.json');
    expect(options.ns).toEqual(['common']);
    expect(options.defaultNS).toBe('common');
    expect(options.partialBundledLanguages).toBe(true);
    expect(options.resources).toEqual({ en: { common: BUNDLED_COMMON } });
  });
});

describe('createEnglishI18n', () => {
  it('is ready at once with the bundled English strings', () => {
    const instance = createEnglishI18n();
    expect(instance.isInitialized).toBe(true);
    expect(instance.language).toBe('en');
    expect(instance.t('errorFallback.title')).toBe('Something went wrong');
    expect(instance.t('app.documentTitle', { title: 'Home', product: 'Tendwell' })).toBe('Home · Tendwell');
  });
});

/**
 * The retry policy end to end: the app's own options (minus detection) on a fresh i18next with
 * the real http backend, loading French `common` from a stubbed `fetch`.
 */
describe('loading translations with retries', () => {
  type Reply = () => Promise<Response>;
  const FR_COMMON = { errorFallback: { title: 'Une erreur est survenue' } };

  const status = (code: number, body = ''): Reply => () => Promise.resolve(new Response(body, { status: code }));
  const json = (body: unknown): Reply => status(200, JSON.stringify(body));
  const reject = (message: string): Reply => () => Promise.reject(new TypeError(message));

  /** Stubs fetch with replies in turn (the last one repeats); returns the recorded calls. */
  function stubFetch(...replies: Reply[]): { urls: string[]; times: number[] } {
    const calls = { urls: [] as string[], times: [] as number[] };
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string | URL | Request) => {
        calls.urls.push(String(input));
        calls.times.push(Date.now());
        const reply = replies[Math.min(calls.urls.length - 1, replies.length - 1)];
        if (!reply) throw new Error('no reply');
        return reply();
      }),
    );
    return calls;
  }

  async function loadFrench(retryTimeout: number, deferred = false): Promise<I18n> {
    const instance = i18next.createInstance();
    const base = i18nOptions();
    await (deferred ? instance.use(DeferredHttpBackend) : instance.use(HttpBackend)).init<HttpBackendOptions>({
      ...base,
      lng: 'fr',
      retryTimeout,
      // Node would otherwise start the backend's hourly reload timer.
      backend: { ...base.backend, reloadInterval: false },
    });
    return instance;
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tries a 503 six times (1 + 5 retries), then keeps the bundled English', async () => {
    const calls = stubFetch(status(503));
    const instance = await loadFrench(1);
    expect(calls.urls).toEqual(Array(6).fill('/locales/fr/common.json'));
    expect(instance.hasResourceBundle('fr', 'common')).toBe(false);
    expect(instance.t('errorFallback.title')).toBe('Something went wrong');
  });

  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'fetch failed'])(
    'tries a network failure (%j) six times',
    async (message) => {
      const calls = stubFetch(reject(message));
      const instance = await loadFrench(1);
      expect(calls.urls).toHaveLength(6);
      expect(instance.hasResourceBundle('fr', 'common')).toBe(false);
    },
  );

  it('does not retry a 404', async () => {
    const calls = stubFetch(status(404), json(FR_COMMON));
    const instance = await loadFrench(1);
    expect(calls.urls).toHaveLength(1);
    expect(instance.hasResourceBundle('fr', 'common')).toBe(false);
  });

  it('does not retry a 200 whose body is not JSON', async () => {
    const calls = stubFetch(status(200, '<!doctype html><title>Oops</title>'), json(FR_COMMON));
    const instance = await loadFrench(1);
    expect(calls.urls).toHaveLength(1);
    expect(instance.hasResourceBundle('fr', 'common')).toBe(false);
  });

  it('loads the translations when a retry succeeds (503 then 200)', async () => {
    const calls = stubFetch(status(503), json(FR_COMMON));
    const instance = await loadFrench(1);
    expect(calls.urls).toHaveLength(2);
    expect(instance.hasResourceBundle('fr', 'common')).toBe(true);
    expect(instance.t('errorFallback.title')).toBe('Une erreur est survenue');
  });

  // The backend a server-rendered page starts with loads the http backend on its first read and
  // hands it every answer unchanged, so the same policy holds.
  it('keeps the policy with the deferred backend: 503 retried, 404 not, a later 200 loaded', async () => {
    let calls = stubFetch(status(503));
    let instance = await loadFrench(1, true);
    expect(calls.urls).toEqual(Array(6).fill('/locales/fr/common.json'));
    expect(instance.t('errorFallback.title')).toBe('Something went wrong');
    calls = stubFetch(status(404), json(FR_COMMON));
    instance = await loadFrench(1, true);
    expect(calls.urls).toHaveLength(1);
    calls = stubFetch(status(503), json(FR_COMMON));
    instance = await loadFrench(1, true);
    expect(calls.urls).toHaveLength(2);
    expect(instance.t('errorFallback.title')).toBe('Une erreur est survenue');
  });

  it('waits 350 ms before the first retry and doubles the wait after each one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const calls = stubFetch(status(503));
    const loading = loadFrench(350);
    await vi.runAllTimersAsync();
    const instance = await loading;
    const gaps = calls.times.slice(1).map((time, i) => time - (calls.times[i] ?? 0));
    expect(gaps).toEqual([350, 700, 1400, 2800, 5600]);
    expect(instance.hasResourceBundle('fr', 'common')).toBe(false);
  });

  it('doubles the wait in real time too (20 ms start)', async () => {
    const calls = stubFetch(status(503));
    await loadFrench(20);
    const gaps = calls.times.slice(1).map((time, i) => time - (calls.times[i] ?? 0));
    const expected = [20, 40, 80, 160, 320];
    expect(gaps).toHaveLength(expected.length);
    gaps.forEach((gap, i) => {
      const want = expected[i] ?? 0;
      // Timers never fire much early; they may fire late on a busy machine (a 2-core runner with
      // the browser tier beside it has delayed one by over 100 ms), so the upper bound only rules
      // out a wrong unit. The exact doubling is the fake-timer test's above.
      expect(gap).toBeGreaterThanOrEqual(want - 2);
      expect(gap).toBeLessThan(want * 4 + 1000);
    });
  });
});

/** What the detector hands i18next, after `convertDetectedLanguage`, resolves to a supported language. */
describe('detected browser languages', () => {
  async function resolve(browserLanguages: string[]): Promise<string | undefined> {
    const instance = i18next.createInstance();
    await instance.init({ ...i18nOptions(), initAsync: false });
    return instance.services.languageUtils.getBestMatchFromCodes(browserLanguages.map(convertDetectedLanguage));
  }

  it.each([
    [['zh'], 'zh-CN'],
    [['zh-TW', 'en'], 'zh-CN'],
    [['pt-BR', 'en'], 'pt'],
    [['ar-SA'], 'ar'],
    [['de-DE', 'es-419'], 'es'],
    [['de-DE', 'ja'], 'en'],
  ])('%j → %s', async (browserLanguages, expected) => {
    expect(await resolve(browserLanguages)).toBe(expected);
  });
});
