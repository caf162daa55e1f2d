import { FALLBACK_LANGUAGE, type LanguageCode, isLanguageCode } from '~/shared/languages';
import { DEFAULT_REGION, type RegionCode, parseRegionCode } from '~/shared/regions';

/** The id of the JSON element in which a server-rendered page hands its state to the browser. */
export const APP_STATE_ELEMENT_ID = 'tendwell-state';

export interface AppState {
  language: LanguageCode;
  region: RegionCode;
  /** Translations the server rendered with: namespace → strings, in `language`. */
  resources: Record<string, Record<string, unknown>>;
}

/** Serialises the state for a `<script type="application/json">` element (no `<` survives). */
export function serializeAppState(state: AppState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Reads the state back; anything missing or malformed falls back to English, US, no strings. */
export function parseAppState(text: string | null | undefined): AppState {
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : undefined;
  } catch {
    raw = undefined;
  }
  const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const language = typeof value['language'] === 'string' && isLanguageCode(value['language']) ? value['language'] : FALLBACK_LANGUAGE;
  const region = parseRegionCode(typeof value['region'] === 'string' ? value['region'] : undefined) ?? DEFAULT_REGION;
  const resources =
    typeof value['resources'] === 'object' && value['resources'] !== null
      ? (value['resources'] as Record<string, Record<string, unknown>>)
      : {};
  return { language, region, resources };
}

let hydratedText = '';

/** Keeps the server's state text (read by entry.client before hydration) for the document to re-render. */
export function rememberHydratedAppStateText(text: string): void {
  hydratedText = text;
}

export function hydratedAppStateText(): string {
  return hydratedText;
}
