import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '../db/database.js';

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
/** When the first run finds the database not migrated yet (main.ts migrates after ready). */
const NOT_READY_RETRY_MS = 2_000;
const NOT_READY_MAX_RETRIES = 60;

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

export interface UsageMetricsJob {
  /** Runs once now, then every interval. */
  start(): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run now (what the timer calls). */
  runOnce(): Promise<UsageMetricsResult | undefined>;
}

export function createUsageMetricsJob(deps: {
  db: Database;
  intervalMinutes: number;
  now: () => Date;
  log: FastifyBaseLogger;
}): UsageMetricsJob {
  let timer: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let running: Promise<UsageMetricsResult | undefined> | undefined;
  let stopped = false;

  async function run(): Promise<UsageMetricsResult | undefined> {
    try {
      const result = await recordUsageMetrics(deps.db, deps.now());
      if (result.status === 'recorded') deps.log.debug({ day: result.day, tenants: result.tenants }, 'usage metrics recorded');
      return result;
    } catch (error) {
      if (!stopped) deps.log.warn({ err: error }, 'usage metrics could not be recorded');
      return undefined;
    }
  }

  function runOnce(): Promise<UsageMetricsResult | undefined> {
    // One run at a time in this process; a tick that finds one in progress joins it.
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  function firstRun(attempt: number): void {
    void runOnce().then((result) => {
      if (result?.status === 'not-ready' && !stopped && attempt < NOT_READY_MAX_RETRIES) {
        retry = setTimeout(() => firstRun(attempt + 1), NOT_READY_RETRY_MS);
        retry.unref();
      }
    });
  }

  return {
    start() {
      if (timer || stopped) return;
      firstRun(0);
      timer = setInterval(() => void runOnce(), deps.intervalMinutes * 60_000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (retry) clearTimeout(retry);
      timer = undefined;
      await running;
    },
    runOnce,
  };
}
