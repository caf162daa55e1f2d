import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/database.js';

/**
 * Per-address limits on the auth endpoints, counted in the database (auth_throttles) so every
 * server process shares them. The sign-in endpoints and those that send mail or check a secret
 * allow `perMinute` requests a minute from one address; every other auth endpoint four times
 * that; reading the session is never limited here.
 */
const STRICT_PATHS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/send-verification-email',
  '/reset-password',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);
const UNLIMITED_PATHS = new Set(['/get-session']);
export const AUTH_LIMIT_WINDOW_MS = 60_000;

/** The per-minute limit for an auth path (below /api/auth), or null when it has none. */
export function authPathLimit(path: string, perMinute: number): number | null {
  if (UNLIMITED_PATHS.has(path)) return null;
  return STRICT_PATHS.has(path) ? perMinute : perMinute * 4;
}

export const accountThrottleKey = (email: string): string => `sign-in:account:${email.toLowerCase()}`;

export interface Admission {
  /** Whether this address is still within its limit for the path (this request counted). */
  allowed: boolean;
  /** Seconds until the address's window ends (for Retry-After). */
  retryAfterSeconds: number;
  /** When the account named in a sign-in is blocked, the moment its block ends. */
  accountBlockedUntil: Date | null;
  /** Whether the account has a failure count at all (a successful sign-in then clears it). */
  accountHasFailures: boolean;
}

type AdmissionRow = {
  count: number;
  window_ms: number;
  blocked_ms: number | null;
  account_row: boolean;
};

/**
 * Counts one request from `ip` to `path` and, for a sign-in, reads the account's back-off, in
 * one statement: a sign-in is on the hot path, and each round trip to the database costs more
 * than the arithmetic here.
 */
export async function admitAuthRequest(
  q: Queryable,
  { ip, path, limit, accountKey, now }: { ip: string; path: string; limit: number; accountKey: string | null; now: Date },
): Promise<Admission> {
  const key = `ip:${path}:${ip}`;
  const windowStart = new Date(now.getTime() - AUTH_LIMIT_WINDOW_MS);
  const [row] = await queryRows<AdmissionRow>(q, sql`
    with quota as (
      insert into auth_throttles (key, failures, window_started_at, updated_at)
      values (${key}, 1, ${now}, ${now})
      on conflict (key) do update set
        failures = case when auth_throttles.window_started_at < ${windowStart} then 1 else auth_throttles.failures + 1 end,
        window_started_at = case when auth_throttles.window_started_at < ${windowStart} then ${now} else auth_throttles.window_started_at end,
        updated_at = ${now}
      returning failures, window_started_at
    ), account as (
      select blocked_until from auth_throttles where key = ${accountKey ?? ''} and ${accountKey !== null}
    )
    select quota.failures::int as count,
      (extract(epoch from quota.window_started_at) * 1000)::float8 as window_ms,
      (select (extract(epoch from blocked_until) * 1000)::float8 from account) as blocked_ms,
      exists (select 1 from account) as account_row
    from quota`);
  if (!row) throw new Error('the auth admission statement returned no row');
  const windowEnds = Number(row.window_ms) + AUTH_LIMIT_WINDOW_MS;
  const blockedMs = row.blocked_ms === null ? null : Number(row.blocked_ms);
  return {
    allowed: Number(row.count) <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now.getTime()) / 1000)),
    accountBlockedUntil: blockedMs !== null && blockedMs > now.getTime() ? new Date(blockedMs) : null,
    accountHasFailures: Boolean(row.account_row),
  };
}
