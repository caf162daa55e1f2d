import { ApiError, CLIENT_ERROR_CODES } from '~/web/lib/api-error';

/** The problem code of a sign-in refused because the address is not confirmed yet. */
export const EMAIL_NOT_VERIFIED_CODE = 'auth.email-not-verified';

/**
 * What a successful sign-in answer (HTTP 200) means (spec §4: sign-in returns data, error or
 * neither): a signed-in user, a second step for accounts with an authenticator app, or neither.
 */
export type SignInOutcome = 'signed-in' | 'two-factor' | 'empty';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function classifySignInResponse(body: unknown): SignInOutcome {
  if (!isRecord(body)) return 'empty';
  if (body.twoFactorRedirect === true) return 'two-factor';
  const user = body.user;
  if (isRecord(user) && typeof user.id === 'string' && user.id !== '') return 'signed-in';
  return 'empty';
}

/**
 * How a failed sign-in is reported (spec §8): an unconfirmed address gets its own toast and the
 * verification notice; an answer from the server gets its translated message; anything that
 * never reached an answer (network failure, an exception) gets the generic 'Login failed'.
 */
export type SignInFailure = 'email-not-verified' | 'server-error' | 'exception';

export function classifySignInError(error: unknown): SignInFailure {
  if (!(error instanceof ApiError)) return 'exception';
  if (error.code === EMAIL_NOT_VERIFIED_CODE) return 'email-not-verified';
  if (error.status === 0 || error.code === CLIENT_ERROR_CODES.networkUnavailable) return 'exception';
  return 'server-error';
}

/** A 200 whose body is not JSON counts as an answer with neither data nor error. */
export function isUnreadableAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 200 && error.status < 300 && error.code === CLIENT_ERROR_CODES.invalidResponse;
}

/**
 * Whether a failure came from the server with its own message (then the toast shows it
 * translated), as opposed to a failure with no answer at all.
 */
export function hasServerMessage(error: unknown): boolean {
  return error instanceof ApiError && error.problem !== null;
}
