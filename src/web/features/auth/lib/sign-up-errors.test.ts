import { describe, expect, it } from 'vitest';
import { ApiError } from '~/web/lib/api-error';
import { isInvalidTokenProblem, isPasswordProblem } from './sign-up-errors';

const error = (code: string) => new ApiError({ status: 400, code });

describe('isPasswordProblem', () => {
  it('is true for the refusals that belong next to the password field', () => {
    for (const code of ['auth.password-too-common', 'auth.password-too-short', 'auth.password-too-long']) expect(isPasswordProblem(error(code))).toBe(true);
    for (const code of ['auth.role-not-allowed', 'rate-limited', 'auth.invalid-token']) expect(isPasswordProblem(error(code))).toBe(false);
    expect(isPasswordProblem(new Error('auth.password-too-common'))).toBe(false);
  });
});

describe('isInvalidTokenProblem', () => {
  it('is true for a bad or expired reset token only', () => {
    expect(isInvalidTokenProblem(error('auth.invalid-token'))).toBe(true);
    expect(isInvalidTokenProblem(error('auth.token-expired'))).toBe(true);
    expect(isInvalidTokenProblem(error('auth.password-too-short'))).toBe(false);
  });
});
