// Without zod, so that modules of the first page can read them without loading the validator
// (contracts/auth.ts re-exports them with its schemas).

/** Account passwords: length only, no composition rules (NIST SP 800-63B); common ones refused by the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The login form keeps the spec's own minimum (spec §5, §9). */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
/** better-auth's cookie prefix: the session cookie is `tendwell.session_token` (`__Secure-` on HTTPS). */
export const SESSION_COOKIE_PREFIX = 'tendwell';
export const SESSION_COOKIE_NAMES: readonly string[] = [`__Secure-${SESSION_COOKIE_PREFIX}.session_token`, `${SESSION_COOKIE_PREFIX}.session_token`];
/** The initial auth check is forced to finish after this long (spec §9). */
export const AUTH_INITIAL_CHECK_TIMEOUT_MS = 3000;
