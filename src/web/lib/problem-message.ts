import type { i18n as I18n } from 'i18next';
import { ApiError } from './api-error';

type Translator = Pick<I18n, 'exists' | 't'>;

// Error keys are built from codes the server sends, so they are only known at run time.
type ErrorKey = 'errors.unknown';

/**
 * The translation key for an error: `errors.<code>` when the current locale has a message for
 * that code, else `errors.unknown`.
 */
export function problemMessageKey(i18n: Translator, error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'unknown';
  const key = `errors.${code}`;
  // `exists` is also true for a group of messages (e.g. `errors.request`): require a string.
  const isMessage = i18n.exists(key) && typeof i18n.t(key as ErrorKey, { returnObjects: true }) === 'string';
  return isMessage ? key : 'errors.unknown';
}

/** The translated message for an error: `t('errors.' + code)` with a generic fallback. */
export function problemMessage(i18n: Translator, error: unknown): string {
  return i18n.t(problemMessageKey(i18n, error) as ErrorKey);
}
