import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { renderUnreadMessagesEmail } from '../../features/messaging/message-emails.js';
import { queryRows, type Database } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { createPeriodicJob, type PeriodicJob } from './periodic-job.js';

/**
 * System module (cross-tenant): the email about messages left unread. A participant with a
 * message from the other person unread for `unreadMinutes`, and not yet emailed about it, gets
 * one email (without the message: email is not a secure channel). A run claims the participants
 * it emails by setting unread_emailed_at in one UPDATE over rows locked with SKIP LOCKED, so
 * several processes never send the same email twice; a failed send clears the claim. A disabled
 * account gets none (nor is it claimed: enabled again, it is told of what is still unread).
 */
const BATCH = 100;

export interface MessageJobDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  origin: () => string;
  unreadMinutes: number;
}

export type UnreadEmailResult = { status: 'sent'; count: number } | { status: 'not-ready' };

interface Claimed extends Record<string, unknown> {
  conversation_id: string;
  user_id: string;
  role: 'patient' | 'carer';
  previous: Date | string | null;
  name: string;
  email: string;
  locale: string | null;
  unread: number;
}

export async function emailUnreadMessages(deps: MessageJobDeps): Promise<UnreadEmailResult> {
  const [ready] = await queryRows<{ ready: boolean }>(deps.db, sql`select to_regclass('public.conversation_participants') is not null as ready`);
  if (!ready?.ready) return { status: 'not-ready' };
  const now = deps.now().toISOString();
  // Unread: from the other person, after this person's read marker; due: older than the delay
  // and newer than the last email about this conversation.
  const claimed = await queryRows<Claimed>(
    deps.db,
    sql`with due as (
          select cp.conversation_id, cp.user_id, cp.unread_emailed_at as previous from conversation_participants cp
          where not exists (select 1 from users u where u.id = cp.user_id and u.disabled_at is not null)
            and exists (select 1 from messages m where m.conversation_id = cp.conversation_id
              and m.sender_id is distinct from cp.user_id
              and m.created_at > coalesce(cp.last_read_at, '-infinity'::timestamptz)
              and m.created_at > coalesce(cp.unread_emailed_at, '-infinity'::timestamptz)
              and m.created_at <= ${now}::timestamptz - make_interval(mins => ${deps.unreadMinutes}))
          order by cp.conversation_id, cp.user_id
          limit ${BATCH}
          for update skip locked),
        claimed as (
          update conversation_participants cp set unread_emailed_at = ${now}::timestamptz
          from due where cp.conversation_id = due.conversation_id and cp.user_id = due.user_id
          returning cp.conversation_id, cp.user_id, cp.role, due.previous, cp.last_read_at)
        select c.conversation_id, c.user_id, c.role, c.previous, u.name, u.email, u.locale,
          (select count(*)::int from messages m where m.conversation_id = c.conversation_id
            and m.sender_id is distinct from c.user_id and m.created_at > coalesce(c.last_read_at, '-infinity'::timestamptz)) as unread
        from claimed c join users u on u.id = c.user_id`,
  );
  let sent = 0;
  for (const row of claimed) {
    try {
      const url = `${deps.origin()}${row.role === 'carer' ? '/provider/messages' : '/messages'}`;
      await deps.mailer.send(renderUnreadMessagesEmail({ to: row.email, name: row.name, locale: row.locale, count: row.unread, url }));
      sent += 1;
    } catch (error) {
      deps.log.error({ err: error, conversationId: row.conversation_id }, 'unread message email could not be sent');
      // Give the next run the chance again.
      await deps.db.execute(
        sql`update conversation_participants set unread_emailed_at = ${row.previous === null ? null : new Date(row.previous).toISOString()}::timestamptz
            where conversation_id = ${row.conversation_id} and user_id = ${row.user_id}`,
      );
    }
  }
  return { status: 'sent', count: sent };
}

export function createUnreadMessagesJob(deps: MessageJobDeps & { intervalSeconds: number }): PeriodicJob<UnreadEmailResult> {
  return createPeriodicJob({ name: 'unread-message-emails', intervalMs: deps.intervalSeconds * 1000, log: deps.log, run: () => emailUnreadMessages(deps) });
}
