import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { shouldRetryQuery } from './query-client';

describe('shouldRetryQuery', () => {
  it('retries network failures and 5xx answers, twice at most', () => {
    expect(shouldRetryQuery(0, new ApiError({ status: 0, code: 'network.unavailable' }))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError({ status: 503, code: 'server.internal' }))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError({ status: 503, code: 'server.internal' }))).toBe(false);
  });

  it('does not retry client errors or unexpected errors', () => {
    expect(shouldRetryQuery(0, new ApiError({ status: 404, code: 'route.not-found' }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
  });
});
