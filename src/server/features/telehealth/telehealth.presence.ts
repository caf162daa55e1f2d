import { sql } from 'drizzle-orm';
import { JOIN_CLOSES_MINUTES_AFTER } from '../../../shared/contracts/telehealth.js';
import { queryRows, type Database, type Queryable } from '../../platform/db/database.js';
import type { VisitPublisher } from './telehealth.service.js';

/**
 * Presence in video visits, kept in the database so that every server process sees the same.
 *
 * `telehealth_participants.present_until` says until when a person counts as here (in the waiting
 * room or the call). A join sets it `PRESENCE_LEASE_MS` ahead; each process that holds a socket of
 * theirs on the visit's page (`visit.presence`, or `visit.join` in the call) pushes it on every
 * `PRESENCE_REFRESH_MS`; when the last such socket of the process closes it is cut to the grace
 * (`TELEHEALTH_PRESENCE_GRACE_SECONDS`), which another process's socket of theirs pushes on again
 * at its next refresh (the grace is longer than the refresh interval). A process that dies simply
 * stops pushing. The presence job (`sweepVisits`, one process at a time by advisory lock) then
 * marks the people whose time ran out as gone and ends the visits nobody is in any more.
 */
export const PRESENCE_LEASE_MS = 45_000;
export const PRESENCE_REFRESH_MS = 15_000;
const SWEEP_LOCK_KEY = 727_013;

/** An (appointment, person) pair. */
export interface PresenceKey {
  appointmentId: string;
  userId: string;
}

/** This process still holds sockets of these people on these visits: they stay here. */
export async function refreshPresence(db: Database, keys: readonly PresenceKey[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(
    sql`update telehealth_participants p set present_until = greatest(coalesce(p.present_until, ${now.toISOString()}::timestamptz), ${new Date(now.getTime() + PRESENCE_LEASE_MS).toISOString()}::timestamptz)
        from jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ a: k.appointmentId, u: k.userId })))}::jsonb) as k(a uuid, u uuid)
        where p.appointment_id = k.a and p.user_id = k.u and p.state in ('waiting', 'admitted') and p.left_at is null`,
  );
}

/** The last socket of this process for the pair went away: the person stays here until `until` (the grace), unless a socket elsewhere pushes it on. */
export async function releasePresence(db: Database, key: PresenceKey, until: Date): Promise<void> {
  await db.execute(
    sql`update telehealth_participants set present_until = ${until.toISOString()}::timestamptz
        where appointment_id = ${key.appointmentId}::uuid and user_id = ${key.userId}::uuid and state in ('waiting', 'admitted') and left_at is null`,
  );
}

/** Everyone who hears a visit's events, per appointment: its patient, its provider and its guests with an account. */
async function peopleOf(tx: Queryable, appointmentIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ id: string; people: string[] }>(
    tx,
    sql`select a.id, array_remove(array_agg(distinct u.id), null)::text[] as people
        from appointments a
        cross join lateral (
          select a.patient_id as id
          union select pp.user_id from provider_profiles pp where pp.id = a.provider_id
          union select tp.user_id from telehealth_participants tp where tp.appointment_id = a.id
        ) u
        where a.id = any(${`{${appointmentIds.join(',')}}`}::uuid[])
        group by a.id`,
  );
  return new Map(rows.map((r) => [r.id, r.people]));
}

export type SweepResult = { status: 'swept'; left: number; ended: number } | { status: 'skipped' };

/**
 * The presence job's run (as the server's role, across organisations):
 * 1. people whose presence ran out are gone: a waiting person `left` (joining again waits again),
 *    an admitted one keeps the admission but gets `left_at`; a `left` event at the instant they went;
 * 2. a visit that started and has nobody here any more ends `endGraceMs` after the last person
 *    went (a reload or reconnect is back well before), at that instant; never before the
 *    appointment's start, though: the window opens early so that people can get ready, leave and
 *    come back, so a visit emptied before the start counts as emptied at the start;
 * 3. a visit whose join window closed with nobody here ends at the window's close.
 * Ended this way, `ended_by` is null and the `ended` event has no person. Each change is announced
 * to the visit's people at commit.
 */
export async function sweepVisits(deps: { db: Database; now: () => Date; publish: VisitPublisher; endGraceMs: number }): Promise<SweepResult> {
  const now = deps.now();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  return deps.db.transaction(async (tx) => {
    const [lock] = await queryRows<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as locked`);
    if (!lock?.locked) return { status: 'skipped' } as const;
    const left = await queryRows<{ appointment_id: string }>(
      tx,
      sql`with gone as (
            update telehealth_participants p
               set state = case when p.state = 'waiting' then 'left' else p.state end,
                   left_at = least(coalesce(p.present_until, ${nowSql}), ${nowSql})
              from telehealth_visits v
             where v.appointment_id = p.appointment_id and v.ended_at is null
               and p.state in ('waiting', 'admitted') and p.left_at is null and p.user_id is not null
               and (p.present_until is null or p.present_until < ${nowSql})
            returning p.appointment_id, p.tenant_id, p.user_id, p.left_at
          )
          insert into telehealth_events (appointment_id, tenant_id, user_id, kind, created_at)
          select appointment_id, tenant_id, user_id, 'left', left_at from gone
          returning appointment_id`,
    );
    const closeAfter = sql`make_interval(mins => ${JOIN_CLOSES_MINUTES_AFTER})`;
    const ended = await queryRows<{ appointment_id: string }>(
      tx,
      sql`with quiet as (
            select v.appointment_id, v.started_at, a.ends_at + ${closeAfter} as closes_at,
                   -- Empty since the last person went, and not before the appointment's start.
                   greatest(v.started_at, a.starts_at,
                            (select max(p.left_at) from telehealth_participants p where p.appointment_id = v.appointment_id)) as empty_since
              from telehealth_visits v join appointments a on a.id = v.appointment_id
             where v.ended_at is null
               and not exists (
                 select 1 from telehealth_participants p
                  where p.appointment_id = v.appointment_id and p.state in ('waiting', 'admitted') and p.left_at is null
                    and p.present_until >= ${nowSql})
          ),
          due as (
            select appointment_id,
                   case when started_at is not null and empty_since <= ${nowSql} - make_interval(secs => ${deps.endGraceMs / 1000})
                        then least(empty_since, closes_at)
                        else closes_at end as ended_at
              from quiet
             where (started_at is not null and empty_since <= ${nowSql} - make_interval(secs => ${deps.endGraceMs / 1000}))
                or closes_at <= ${nowSql}
          ),
          done as (
            update telehealth_visits v set ended_at = due.ended_at, ended_by = null
              from due where v.appointment_id = due.appointment_id and v.ended_at is null
            returning v.appointment_id, v.tenant_id, v.ended_at
          )
          insert into telehealth_events (appointment_id, tenant_id, user_id, kind, created_at)
          select appointment_id, tenant_id, null, 'ended', ended_at from done
          returning appointment_id`,
    );
    const kinds = new Map<string, 'left' | 'ended'>();
    for (const r of left) kinds.set(r.appointment_id, 'left');
    for (const r of ended) kinds.set(r.appointment_id, 'ended');
    if (kinds.size > 0) {
      const people = await peopleOf(tx, [...kinds.keys()]);
      for (const [appointmentId, kind] of kinds) await deps.publish(people.get(appointmentId) ?? [], 'visit', { appointmentId, kind }, tx);
    }
    return { status: 'swept', left: left.length, ended: ended.length } as const;
  });
}
