import { eq, sql } from 'drizzle-orm';
import { authThrottles } from '../../db/schema/auth-throttles.js';
import type { Queryable } from '../db/database.js';

/**
 * Counters kept in the database so every server process shares them.
 *
 * - Back-off (sign-in per account): after `maxFailures` failures the key is blocked for 30 s,
 *   doubling with each further failure up to `maxBackoffMs`. Never permanent, whatever the
 *   source address: a block always ends, and a successful reset by email clears it.
 * - Quota (mail, sign-up): at most `limit` events per window.
 */
export interface BackoffPolicy {
  maxFailures: number;
  maxBackoffMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

const FIRST_BLOCK_MS = 30_000;

export function backoffMs(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.maxFailures) return 0;
  const doublings = Math.min(failures - policy.maxFailures, 30);
  return Math.min(FIRST_BLOCK_MS * 2 ** doublings, policy.maxBackoffMs);
}

/** When the key is blocked, the moment the block ends; otherwise null. */
export async function blockedUntil(q: Queryable, key: string, now: Date): Promise<Date | null> {
  const [row] = await q.select({ blockedUntil: authThrottles.blockedUntil }).from(authThrottles).where(eq(authThrottles.key, key));
  return row?.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
}

/** Counts one failure and sets the block the policy calls for; returns the failures counted. */
export async function recordFailure(q: Queryable, key: string, now: Date, policy: BackoffPolicy): Promise<number> {
  const windowStart = new Date(now.getTime() - policy.windowMs);
  const [row] = await q
    .insert(authThrottles)
    .values({ key, failures: 1, windowStartedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: {
        failures: sql`case when ${authThrottles.windowStartedAt} < ${windowStart} then 1 else ${authThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${authThrottles.windowStartedAt} < ${windowStart} then ${now} else ${authThrottles.windowStartedAt} end`,
        updatedAt: now,
      },
    })
    .returning({ failures: authThrottles.failures });
  const failures = row?.failures ?? 1;
  const block = backoffMs(failures, policy);
  if (block > 0) {
    await q.update(authThrottles).set({ blockedUntil: new Date(now.getTime() + block) }).where(eq(authThrottles.key, key));
  }
  return failures;
}

export async function clearThrottle(q: Queryable, key: string): Promise<void> {
  await q.delete(authThrottles).where(eq(authThrottles.key, key));
}

/**
 * Takes one event from a fixed-window quota. Returns true when it was within the limit.
 */
export async function consumeQuota(q: Queryable, key: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - windowMs);
  const [row] = await q
    .insert(authThrottles)
    .values({ key, failures: 1, windowStartedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: authThrottles.key,
      set: {
        failures: sql`case when ${authThrottles.windowStartedAt} < ${windowStart} then 1 else ${authThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${authThrottles.windowStartedAt} < ${windowStart} then ${now} else ${authThrottles.windowStartedAt} end`,
        updatedAt: now,
      },
    })
    .returning({ count: authThrottles.failures });
  return (row?.count ?? 1) <= limit;
}
