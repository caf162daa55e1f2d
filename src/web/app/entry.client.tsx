import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { LANGUAGE_STORAGE_KEY, matchLanguage } from '~/shared/languages';
import { parseRegionCode } from '~/shared/regions';
import { APP_STATE_ELEMENT_ID, parseAppState, rememberHydratedAppStateText } from '~/web/lib/app-state';
import { i18n, initI18nFromServer } from '~/web/lib/i18n';
import { setInitialRegion } from '~/web/lib/region';

/**
 * Hydrates the server-rendered document. The server wrote the page's language, region and the
 * translations it used into a JSON element; i18next starts from exactly those, so the first
 * client render matches the HTML.
 */
const stateText = document.getElementById(APP_STATE_ELEMENT_ID)?.textContent ?? '';
rememberHydratedAppStateText(stateText);
const state = parseAppState(stateText);

// A language remembered in this browser before the cookie mirror existed wins after hydration,
// unless the address names one.
let remembered: string | null = null;
try {
  remembered = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
} catch {
  remembered = null;
}
const fromQuery = new URLSearchParams(window.location.search).get('lang');

initI18nFromServer({ language: state.language, resources: state.resources });
const region = parseRegionCode(state.region);
if (region) setInitialRegion(region);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

const wanted = matchLanguage(fromQuery ?? '') ?? matchLanguage(remembered ?? '');
if (wanted && wanted !== state.language) void i18n.changeLanguage(wanted);

// Spec §7: a service worker at /sw.js (offline shell; never API responses), registered once the
// page has loaded. This module is imported dynamically, so `load` may already have fired.
// A failure is only noted.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
