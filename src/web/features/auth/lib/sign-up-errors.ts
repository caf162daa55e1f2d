import { ApiError } from '~/web/lib/api-error';

/** Server refusals of a new password that belong next to the password field (the rest are toasts). */
export const PASSWORD_PROBLEM_CODES = ['auth.password-too-common', 'auth.password-too-short', 'auth.password-too-long'] as const;

/** True when the failure is about the password the person chose. */
export function isPasswordProblem(error: unknown): boolean {
  return error instanceof ApiError && (PASSWORD_PROBLEM_CODES as readonly string[]).includes(error.code);
}

/** True when a reset link's token was refused (bad, used or expired). */
export function isInvalidTokenProblem(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'auth.invalid-token' || error.code === 'auth.token-expired');
}
