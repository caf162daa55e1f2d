import type { ProblemFieldError } from '../../../shared/problem.js';

/** Errors services throw. The error handler maps each kind to an HTTP status by one table. */
export type DomainErrorKind =
  | 'not-found'
  | 'conflict'
  | 'forbidden'
  | 'unauthenticated'
  | 'validation'
  | 'too-large'
  | 'rate-limited'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    public readonly kind: DomainErrorKind,
    /** Stable `feature.reason` code, e.g. `booking.slot-taken`. */
    public readonly code: string,
    message: string,
    public readonly fieldErrors?: ProblemFieldError[],
    /** RFC 9457 extension members, e.g. the free times offered after a taken one. */
    public readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (code: string, message = 'The resource was not found.') =>
  new DomainError('not-found', code, message);
export const conflict = (code: string, message: string, extensions?: Record<string, unknown>) =>
  new DomainError('conflict', code, message, undefined, extensions);
export const forbidden = (code: string, message = 'You do not have permission to do this.') =>
  new DomainError('forbidden', code, message);
export const unauthenticated = (code = 'auth.unauthenticated', message = 'Sign in to continue.') =>
  new DomainError('unauthenticated', code, message);
export const validationError = (code: string, message: string, fieldErrors?: ProblemFieldError[]) =>
  new DomainError('validation', code, message, fieldErrors);
export const tooLarge = (code: string, message: string) => new DomainError('too-large', code, message);
export const unavailable = (code: string, message: string) => new DomainError('unavailable', code, message);

export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  'not-found': 404,
  conflict: 409,
  forbidden: 403,
  unauthenticated: 401,
  validation: 400,
  'too-large': 413,
  'rate-limited': 429,
  unavailable: 503,
};
