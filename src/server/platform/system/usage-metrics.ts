import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/database.js';
import { createPeriodicJob, type PeriodicJob } from './periodic-job.js';

/**
 * System module (cross-tenant): the daily usage metrics job. It runs as the connection's own role,
 * outside row-level security, because it reads every organisation's memberships, the global
 * sessions and audit trail, and the stored files. Only start-up (app.ts) may import it.
 *
 * For each organisation it upserts today's row (UTC day) of tenant_usage_metrics:
 * - active_users: distinct active members with a session seen today or a successful sign-in today;
 * - sign_ins: today's successful 'auth.sign-in' audit events by active members;
 * - storage_bytes: the size of every stored file that counts against the organisation.
 * Several server processes may run it: one statement upserts, and a transaction-scoped advisory
 * lock lets only one process run it at a time (the others skip that round).
 */
export const USAGE_METRICS_LOCK_KEY = 727_003;

const DAY_MS = 24 * 60 * 60 * 1000;

export type UsageMetricsResult = { status: 'recorded'; day: string; tenants: number } | { status: 'skipped' } | { status: 'not-ready' };

/** The UTC calendar day of a moment, as YYYY-MM-DD. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

export async function recordUsageMetrics(db: Database, now: Date): Promise<UsageMetricsResult> {
  return db.transaction(async (tx) => {
    const [ready] = await queryRows<{ ready: boolean }>(tx, sql`select to_regclass('public.tenant_usage_metrics') is not null as ready`);
    if (!ready?.ready) return { status: 'not-ready' } as const;
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${USAGE_METRICS_LOCK_KEY}) as locked`);
    if (!lock?.locked) return { status: 'skipped' } as const;
    const day = utcDay(now);
    const start = new Date(`${day}T00:00:00.000Z`).toISOString();
    const end = new Date(Date.parse(start) + DAY_MS).toISOString();
    const rows = await queryRows<{ tenant_id: string }>(
      tx,
      sql`
        insert into tenant_usage_metrics (tenant_id, metric_date, active_users, sign_ins, storage_bytes, updated_at)
        select
          t.id,
          ${day}::date,
          (select count(distinct m.user_id)
             from tenant_memberships m
            where m.tenant_id = t.id and m.status = 'active'
              and (exists (select 1 from sessions s
                            where s.user_id = m.user_id
                              and s.last_seen_at >= ${start}::timestamptz and s.last_seen_at < ${end}::timestamptz)
                   or exists (select 1 from audit_events a
                               where a.actor_user_id = m.user_id and a.action = 'auth.sign-in' and a.outcome = 'success'
                                 and a.created_at >= ${start}::timestamptz and a.created_at < ${end}::timestamptz))),
          (select count(*)
             from audit_events a
             join tenant_memberships m on m.user_id = a.actor_user_id and m.tenant_id = t.id and m.status = 'active'
            where a.action = 'auth.sign-in' and a.outcome = 'success'
              and a.created_at >= ${start}::timestamptz and a.created_at < ${end}::timestamptz),
          (select coalesce(sum(f.byte_size), 0) from stored_files f where f.tenant_id = t.id),
          ${now.toISOString()}::timestamptz
        from tenants t
        on conflict (tenant_id, metric_date) do update
          set active_users = excluded.active_users,
              sign_ins = excluded.sign_ins,
              storage_bytes = excluded.storage_bytes,
              updated_at = excluded.updated_at
        returning tenant_id`,
    );
    return { status: 'recorded', day, tenants: rows.length } as const;
  });
}

export type UsageMetricsJob = PeriodicJob<UsageMetricsResult>;

export function createUsageMetricsJob(deps: { db: Database; intervalMinutes: number; now: () => Date; log: FastifyBaseLogger }): UsageMetricsJob {
  return createPeriodicJob({
    name: 'usage-metrics',
    intervalMs: deps.intervalMinutes * 60_000,
    log: deps.log,
    run: () => recordUsageMetrics(deps.db, deps.now()),
  });
}
