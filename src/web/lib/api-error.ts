import type { Problem } from '~/shared/problem';

// Kept apart from api-client.ts (which needs zod at run time) so that code that only checks
// errors, like the query client's retry rule, does not pull the validator into the first load.

/** Codes the client itself assigns when a response carries no usable problem document. */
export const CLIENT_ERROR_CODES = {
  networkUnavailable: 'network.unavailable',
  serverInternal: 'server.internal',
  invalidResponse: 'response.invalid',
  unknown: 'unknown',
} as const;

/** A failed API call: the server's RFC 9457 problem (when it sent one), or a client-side cause. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got a response. */
  readonly status: number;
  /** Stable `feature.reason` code; the UI shows `t('errors.' + code)`. */
  readonly code: string;
  /** The problem document as the server sent it, when there was one. */
  readonly problem: Problem | null;

  constructor(init: { status: number; code: string; problem?: Problem | null; message?: string; cause?: unknown }) {
    super(init.message ?? init.problem?.title ?? init.code, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.problem = init.problem ?? null;
  }

  /** Field errors of a validation problem, by path. */
  fieldErrors(): ReadonlyMap<string, string> {
    return new Map((this.problem?.errors ?? []).map((e) => [e.path, e.code]));
  }
}
