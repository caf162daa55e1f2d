import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES } from '~/web/lib/api-error';
import { classifySignInError, classifySignInResponse, hasServerMessage, isUnreadableAnswer } from './sign-in-result';

function problem(status: number, code: string): ApiError {
  return new ApiError({ status, code, problem: { type: `https://tendwell.app/problems/${code}`, title: 'x', status, code } });
}

describe('classifySignInResponse', () => {
  it('recognises a signed-in user', () => {
    expect(classifySignInResponse({ redirect: false, token: 't', user: { id: 'u1', email: 'a@b.test' } })).toBe('signed-in');
  });

  it('recognises the second step of an account with an authenticator app', () => {
    expect(classifySignInResponse({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })).toBe('two-factor');
  });

  it('treats an answer with neither a user nor a second step as empty', () => {
    for (const body of [undefined, null, '', 'ok', [], {}, { user: null }, { user: {} }, { user: { id: '' } }, { twoFactorRedirect: 'yes' }]) {
      expect(classifySignInResponse(body), JSON.stringify(body)).toBe('empty');
    }
  });
});

describe('classifySignInError', () => {
  it('singles out an unconfirmed address', () => {
    expect(classifySignInError(problem(403, 'auth.email-not-verified'))).toBe('email-not-verified');
  });

  it('reports server refusals with their own message', () => {
    for (const [status, code] of [
      [401, 'auth.invalid-email-or-password'],
      [429, 'auth.account-throttled'],
      [429, 'rate-limited'],
      [500, 'server.internal'],
    ] as const) {
      expect(classifySignInError(problem(status, code)), code).toBe('server-error');
    }
  });

  it('treats network failures and anything that is not an API error as an exception', () => {
    expect(classifySignInError(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.networkUnavailable }))).toBe('exception');
    expect(classifySignInError(new TypeError('boom'))).toBe('exception');
    expect(classifySignInError('nope')).toBe('exception');
  });
});

describe('isUnreadableAnswer and hasServerMessage', () => {
  it('count a 200 that is not JSON as an answer with neither data nor error', () => {
    expect(isUnreadableAnswer(new ApiError({ status: 200, code: CLIENT_ERROR_CODES.invalidResponse }))).toBe(true);
    expect(isUnreadableAnswer(new ApiError({ status: 502, code: CLIENT_ERROR_CODES.serverInternal }))).toBe(false);
    expect(isUnreadableAnswer(problem(401, 'auth.invalid-email-or-password'))).toBe(false);
  });

  it('tell a problem document from a failure without one', () => {
    expect(hasServerMessage(problem(400, 'rate-limited'))).toBe(true);
    expect(hasServerMessage(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.networkUnavailable }))).toBe(false);
    expect(hasServerMessage(new Error('x'))).toBe(false);
  });
});
