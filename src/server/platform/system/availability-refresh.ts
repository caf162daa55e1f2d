import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { firstFreeTimes } from '../../features/booking/availability.js';
import { queryRows, type Database } from '../db/database.js';
import { createPeriodicJob, type PeriodicJob } from './periodic-job.js';

/**
 * System module (cross-tenant): keeps each verified provider's first free time
 * (provider_profiles.next_available_at), which the directory sorts and filters on, current.
 * A provider needs it recomputed when a trigger marked it stale (a booking, cancellation or move;
 * changed hours) or when the time it holds has passed. Each run takes a batch with
 * FOR UPDATE SKIP LOCKED, so several processes share the work and never do one provider twice,
 * and reads and writes a batch in a fixed number of statements (firstFreeTimes), so its rows are
 * locked for five statements, not for six round trips per provider.
 */
export const AVAILABILITY_REFRESH_BATCH = 500;

export type AvailabilityRefreshResult = { status: 'refreshed'; providers: number } | { status: 'not-ready' };

export async function refreshNextAvailable(db: Database, now: Date, batch = AVAILABILITY_REFRESH_BATCH): Promise<AvailabilityRefreshResult> {
  return db.transaction(async (tx) => {
    const [ready] = await queryRows<{ ready: boolean }>(
      tx,
      sql`select exists (select 1 from information_schema.columns where table_name = 'provider_profiles' and column_name = 'next_available_stale') as ready`,
    );
    if (!ready?.ready) return { status: 'not-ready' } as const;
    const due = await queryRows<{ id: string }>(
      tx,
      sql`select id from provider_profiles
          where tenant_id is not null and verification_status = 'verified'
            and (next_available_stale or next_available_at < ${now.toISOString()}::timestamptz)
          order by id limit ${batch} for update skip locked`,
    );
    if (due.length > 0) {
      const first = await firstFreeTimes(
        tx,
        due.map((d) => d.id),
        now,
      );
      // One statement for the whole batch.
      const values = JSON.stringify(due.map(({ id }) => ({ id, at: first.get(id)?.toISOString() ?? null })));
      await tx.execute(
        sql`update provider_profiles p set next_available_at = v.at, next_available_stale = false
            from jsonb_to_recordset(${values}::jsonb) as v(id uuid, at timestamptz) where p.id = v.id`,
      );
    }
    return { status: 'refreshed', providers: due.length } as const;
  });
}

export function createAvailabilityRefreshJob(deps: { db: Database; intervalSeconds: number; now: () => Date; log: FastifyBaseLogger }): PeriodicJob<AvailabilityRefreshResult> {
  return createPeriodicJob({
    name: 'availability-refresh',
    intervalMs: deps.intervalSeconds * 1000,
    log: deps.log,
    run: async () => {
      // Work through a large backlog (first start) batch by batch within one run.
      let total = 0;
      for (;;) {
        const result = await refreshNextAvailable(deps.db, deps.now());
        if (result.status !== 'refreshed') return result;
        total += result.providers;
        if (result.providers < AVAILABILITY_REFRESH_BATCH) return { status: 'refreshed', providers: total } as const;
      }
    },
  });
}
