import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/auth.js';
import type { Attachment } from '../../../shared/contracts/messaging.js';
import { appointments } from '../../db/schema/booking.js';
import { conversationParticipants, conversations, messageAttachments, messages } from '../../db/schema/messaging.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { queryRows, type Queryable } from '../../platform/db/database.js';

/** What a message shows, whichever query read it. */
export type MessageRow = Pick<typeof messages.$inferSelect, 'id' | 'conversationId' | 'senderId' | 'body' | 'createdAt'>;

/** The attachments of some messages, by message. */
export async function attachmentsOf(db: Queryable, messageIds: string[]): Promise<Map<string, Attachment[]>> {
  const byMessage = new Map<string, Attachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({ messageId: messageAttachments.messageId, id: messageAttachments.id, fileName: messageAttachments.fileName, contentType: messageAttachments.contentType, byteSize: messageAttachments.byteSize })
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(messageAttachments.createdAt);
  for (const { messageId, ...attachment } of rows) byMessage.set(messageId, [...(byMessage.get(messageId) ?? []), attachment]);
  return byMessage;
}

/** One message (alias `m`) with its attachments as JSON, for the list's scalar subqueries. */
function messageJson(m: SQL): SQL {
  return sql`json_build_object('id', ${m}.id, 'conversationId', ${m}.conversation_id, 'senderId', ${m}.sender_id, 'body', ${m}.body, 'createdAt', ${m}.created_at,
    'attachments', coalesce((select json_agg(json_build_object('id', a.id, 'fileName', a.file_name, 'contentType', a.content_type, 'byteSize', a.byte_size) order by a.created_at)
      from ${messageAttachments} a where a.message_id = ${m}.id), '[]'::json))`;
}

function messageFromJson(value: unknown): (MessageRow & { attachments: Attachment[] }) | null {
  if (!value) return null;
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as Omit<MessageRow, 'createdAt'> & { createdAt: string; attachments: Attachment[] };
  return { ...row, createdAt: new Date(row.createdAt) };
}

/** Every word in the message's text or in the name of one of its files, ignoring case. */
function messageHasWords(m: SQL, words: readonly string[]): SQL {
  return sql.join(
    words.map(
      (w) => sql`(${m}.body ilike ${containing(w)} or exists (select 1 from ${messageAttachments} f where f.message_id = ${m}.id and f.file_name ilike ${containing(w)}))`,
    ),
    sql` and `,
  );
}

const patient = alias(users, 'patient');
const carer = alias(users, 'carer');
const mine = alias(conversationParticipants, 'mine');
const theirs = alias(conversationParticipants, 'theirs');

/**
 * Conversations of one person with the other person's name, the newest message, the other
 * person's read marker and this person's unread count, in one statement. Row-level security
 * already limits them to the person's own; the join on their participant row says so too.
 */
export function conversationSummaries(db: Queryable, me: string, page: { limit: number; offset: number; filter?: ConversationFilter } | { id: string }) {
  const query = db
    .select({
      id: conversations.id,
      tenantId: conversations.tenantId,
      patientId: conversations.patientId,
      carerId: conversations.carerId,
      lastMessageAt: conversations.lastMessageAt,
      organisationName: sql<string | null>`directory_organisation_name(${conversations.tenantId})`,
      patientName: patient.name,
      patientImage: patient.image,
      carerName: carer.name,
      carerImage: carer.image,
      otherReadAt: theirs.lastReadAt,
      lastMessage: sql<(MessageRow & { attachments: Attachment[] }) | null>`(
        select ${messageJson(sql`m`)} from ${messages} m where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1)`.mapWith(
        messageFromJson,
      ),
      match: sql<(MessageRow & { attachments: Attachment[] }) | null>`${
        'id' in page || !page.filter?.words?.length
          ? sql`null::json`
          : sql`(select ${messageJson(sql`m`)} from ${messages} m where m.conversation_id = ${conversations.id}
              and ${messageHasWords(sql`m`, page.filter.words)} order by m.created_at desc, m.id desc limit 1)`
      }`.mapWith(messageFromJson),
      unread: sql<number>`(select count(*)::int from ${messages} m where m.conversation_id = ${conversations.id}
        and m.sender_id is distinct from ${me}::uuid and m.created_at > coalesce(${mine.lastReadAt}, '-infinity'::timestamptz))`,
    })
    .from(conversations)
    .innerJoin(mine, and(eq(mine.conversationId, conversations.id), eq(mine.userId, me)))
    .leftJoin(theirs, and(eq(theirs.conversationId, conversations.id), sql`${theirs.userId} <> ${me}::uuid`))
    .innerJoin(patient, eq(patient.id, conversations.patientId))
    .innerJoin(carer, eq(carer.id, conversations.carerId));
  if ('id' in page) return query.where(eq(conversations.id, page.id));
  return query
    .where(filtered(me, page.filter ?? {}))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.createdAt))
    .limit(page.limit)
    .offset(page.offset);
}

export type SummaryRow = Awaited<ReturnType<typeof conversationSummaries>>[number];

export async function countConversations(db: Queryable, me: string, filter: ConversationFilter = {}): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .innerJoin(mine, and(eq(mine.conversationId, conversations.id), eq(mine.userId, me)))
    .innerJoin(patient, eq(patient.id, conversations.patientId))
    .innerJoin(carer, eq(carer.id, conversations.carerId))
    .where(filtered(me, filter));
  return row?.n ?? 0;
}

/** What the conversation list is narrowed to: words (of a name, or of one message), and only those with unread messages. */
export interface ConversationFilter {
  words?: readonly string[];
  unread?: boolean;
}

/** `%word%` for ILIKE, with the pattern's own characters taken literally. */
function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The filter's condition (with the list's joins), ignoring case: every word in the other person's
 * name or in the organisation's name, or every word in one message (its text or a file's name);
 * unread: a message from the other person after my read marker.
 */
function filtered(me: string, filter: ConversationFilter): SQL | undefined {
  const other = sql`(case when ${conversations.patientId} = ${me}::uuid then ${carer.name} else ${patient.name} end)`;
  const given = filter.words ?? [];
  const named = given.map(
    (w) => sql`(${other} ilike ${containing(w)} or coalesce(directory_organisation_name(${conversations.tenantId}), '') ilike ${containing(w)})`,
  );
  const words =
    given.length > 0
      ? sql`((${and(...named)}) or exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and ${messageHasWords(sql`m`, given)}))`
      : undefined;
  const unread = filter.unread
    ? sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id}
        and m.sender_id is distinct from ${me}::uuid and m.created_at > coalesce(${mine.lastReadAt}, '-infinity'::timestamptz))`
    : undefined;
  return and(words, unread);
}

/** A person I may write to, through one of our appointments (see {@link messageRecipients}). */
export interface RecipientRow extends Record<string, unknown> {
  appointmentId: string;
  startsAt: Date | string;
  tenantId: string;
  organisationName: string | null;
  patientId: string;
  patientName: string;
  patientImage: string | null;
  carerId: string;
  carerName: string;
  carerImage: string | null;
  conversationId: string | null;
}

/**
 * The pairs of me and another person that an appointment links in its organisation (as a patient
 * or as its provider; row-level security shows a patient their own appointments anywhere and staff
 * their organisation's), one row per pair, through the appointment a message would be about: the
 * next one still to happen, else the latest. A cancelled or missed one only when there is no other.
 */
function recipientPairs(me: string, now: Date): SQL {
  const at = now.toISOString();
  return sql`select distinct on (a.tenant_id, a.patient_id, pp.user_id)
      a.id as appointment_id, a.tenant_id, a.patient_id, pp.user_id as carer_id, a.starts_at
    from ${appointments} a join ${providerProfiles} pp on pp.id = a.provider_id
    where (a.patient_id = ${me}::uuid or pp.user_id = ${me}::uuid) and a.patient_id <> pp.user_id
    order by a.tenant_id, a.patient_id, pp.user_id,
      a.status in ('cancelled', 'no_show'),
      a.starts_at < ${at}::timestamptz,
      abs(extract(epoch from a.starts_at - ${at}::timestamptz))`;
}

/** Every word in the other person's name or the organisation's, ignoring case. */
function recipientNamed(me: string, words: readonly string[]): SQL {
  if (words.length === 0) return sql`true`;
  const other = sql`(case when p.patient_id = ${me}::uuid then carer.name else patient.name end)`;
  return sql.join(
    words.map((w) => sql`(${other} ilike ${containing(w)} or coalesce(directory_organisation_name(p.tenant_id), '') ilike ${containing(w)})`),
    sql` and `,
  );
}

/**
 * The people I may write to, a page of them, those with the nearest appointment (to come or past)
 * first, and how many there are in all.
 */
export async function messageRecipients(
  db: Queryable,
  me: string,
  { words, limit, offset, now }: { words: readonly string[]; limit: number; offset: number; now: Date },
): Promise<{ rows: RecipientRow[]; total: number }> {
  const from = sql`from (${recipientPairs(me, now)}) p join ${users} patient on patient.id = p.patient_id join ${users} carer on carer.id = p.carer_id
    where ${recipientNamed(me, words)}`;
  const rows = await queryRows<RecipientRow>(
    db,
    sql`select p.appointment_id as "appointmentId", p.starts_at as "startsAt", p.tenant_id as "tenantId",
        directory_organisation_name(p.tenant_id) as "organisationName",
        p.patient_id as "patientId", patient.name as "patientName", patient.image as "patientImage",
        p.carer_id as "carerId", carer.name as "carerName", carer.image as "carerImage",
        (select c.id from ${conversations} c where c.tenant_id = p.tenant_id and c.patient_id = p.patient_id and c.carer_id = p.carer_id) as "conversationId"
      ${from}
      order by abs(extract(epoch from p.starts_at - ${now.toISOString()}::timestamptz)), p.appointment_id
      limit ${limit} offset ${offset}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
  return { rows, total: count?.n ?? 0 };
}
