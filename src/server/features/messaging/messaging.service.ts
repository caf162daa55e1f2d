import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fileTypeFromBuffer } from 'file-type';
import {
  CONVERSATIONS_PAGE_SIZE,
  MESSAGES_PAGE_SIZE,
  type Conversation,
  type ConversationList,
  type ConversationsQuery,
  type ConversationSummary,
  ATTACHMENT_CONTENT_TYPES,
  conversationSearchWords,
  MESSAGE_MAX_LENGTH,
  type Attachment,
  type AppointmentConversation,
  type Message,
  type RecipientList,
  type RecipientsQuery,
  type StartConversation,
} from '../../../shared/contracts/messaging.js';
import { users } from '../../db/schema/auth.js';
import { appointments } from '../../db/schema/booking.js';
import { conversationParticipants, conversations, messageAttachments, messages } from '../../db/schema/messaging.js';
import { storedFiles } from '../../db/schema/stored-files.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { recordAudit } from '../../platform/audit/audit.js';
import type { ActorContext } from '../../platform/context.js';
import { queryRows, type Database, type Transaction } from '../../platform/db/database.js';
import { batcherPerDatabase, createStatementBatcher } from '../../platform/db/statement-batcher.js';
import { notFound, validationError } from '../../platform/errors/domain-errors.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';
import { attachmentsOf, conversationSummaries, countConversations, messageRecipients, type MessageRow, type SummaryRow } from './messaging.repo.js';

/**
 * Row-level security shows a person only the conversations they take part in, whichever
 * organisation the session acts in; the session's organisation is set too, so a carer can read
 * the appointment a conversation starts from. Every read and write of messages is audited.
 */
function asParticipant<T>(ctx: ActorContext, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return asAppUser(ctx.db, { tenantId: ctx.actor.tenant?.id ?? null, userId: ctx.actor.userId }, fn);
}

/** A conversation as the service reads it; the route adds what comes from configuration (attachmentMaxBytes). */
type ConversationContent = Omit<Conversation, 'attachmentMaxBytes'>;

const notFoundConversation = () => notFound('conversation.not-found', 'This conversation was not found.');

function toMessage(row: MessageRow, attachments: Attachment[], me: string, otherReadAt: Date | null): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    mine: row.senderId === me,
    body: row.body,
    attachments,
    createdAt: row.createdAt.toISOString(),
    readByOther: row.senderId === me && otherReadAt !== null && otherReadAt >= row.createdAt,
  };
}

type People = Pick<SummaryRow, 'patientId' | 'patientName' | 'patientImage' | 'carerId' | 'carerName' | 'carerImage'>;

/** The person of a conversation (or appointment) who is not me. */
function otherPerson(row: People, me: string): ConversationSummary['with'] {
  return row.patientId === me
    ? { id: row.carerId, name: row.carerName, image: row.carerImage, role: 'carer' }
    : { id: row.patientId, name: row.patientName, image: row.patientImage, role: 'patient' };
}

function toSummary(row: SummaryRow, me: string): ConversationSummary {
  return {
    id: row.id,
    organisation: { id: row.tenantId, name: row.organisationName ?? '' },
    with: otherPerson(row, me),
    lastMessage: row.lastMessage ? toMessage(row.lastMessage, row.lastMessage.attachments, me, row.otherReadAt) : null,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    unread: row.unread,
  };
}

/**
 * My conversations, the most recent first, with what is unread in each. Each one's newest message
 * is shown in the list (and, with a search, the newest message that has every word), so that is a
 * read: audited as `message.previewed`, one event per organisation naming the conversations and
 * messages shown (like opening a conversation, which is `message.read`).
 */
export async function listConversations(ctx: ActorContext, query: ConversationsQuery): Promise<ConversationList> {
  const me = ctx.actor.userId;
  const { page } = query;
  const filter = { words: conversationSearchWords(query.q), unread: query.unread === 'true' };
  return asParticipant(ctx, async (tx) => {
    const rows = await conversationSummaries(tx, me, { limit: CONVERSATIONS_PAGE_SIZE, offset: (page - 1) * CONVERSATIONS_PAGE_SIZE, filter });
    const total = await countConversations(tx, me, filter);
    const shown = new Map<string, { conversations: string[]; messages: string[] }>();
    for (const row of rows) {
      const read = [...new Set([row.lastMessage?.id, row.match?.id].filter((x): x is string => Boolean(x)))];
      if (read.length === 0) continue;
      const entry = shown.get(row.tenantId) ?? { conversations: [], messages: [] };
      entry.conversations.push(row.id);
      entry.messages.push(...read);
      shown.set(row.tenantId, entry);
    }
    for (const [tenantId, metadata] of shown) {
      await recordAudit(tx, {
        action: 'message.previewed',
        tenantId,
        actorUserId: me,
        targetType: 'conversation-list',
        requestId: ctx.requestId,
        clientIp: ctx.clientIp,
        metadata,
      });
    }
    return {
      conversations: rows.map((r) => ({ ...toSummary(r, me), match: r.match ? toMessage(r.match, r.match.attachments, me, r.otherReadAt) : null })),
      page,
      pageSize: CONVERSATIONS_PAGE_SIZE,
      total,
    };
  });
}

async function summaryOf(ctx: ActorContext, tx: Transaction, id: string): Promise<SummaryRow> {
  const [row] = await conversationSummaries(tx, ctx.actor.userId, { id });
  if (!row) throw notFoundConversation();
  return row;
}

async function conversationWithMessages(ctx: ActorContext, tx: Transaction, id: string, before: Date | undefined): Promise<ConversationContent> {
  const me = ctx.actor.userId;
  const summary = await summaryOf(ctx, tx, id);
  const rows = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, id), before ? lt(messages.createdAt, before) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGES_PAGE_SIZE + 1);
  const hasEarlier = rows.length > MESSAGES_PAGE_SIZE;
  const page = rows.slice(0, MESSAGES_PAGE_SIZE).reverse();
  const attachments = await attachmentsOf(tx, page.map((m) => m.id));
  await recordAudit(tx, {
    action: 'message.read',
    tenantId: summary.tenantId,
    actorUserId: me,
    targetType: 'conversation',
    targetId: id,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    metadata: { messages: page.map((m) => m.id) },
  });
  return { ...toSummary(summary, me), messages: page.map((m) => toMessage(m, attachments.get(m.id) ?? [], me, summary.otherReadAt)), hasEarlier };
}

/** One conversation with its newest messages (or those before a time); reading it is audited. */
export async function getConversation(ctx: ActorContext, id: string, before: string | undefined): Promise<ConversationContent> {
  return asParticipant(ctx, (tx) => conversationWithMessages(ctx, tx, id, before ? new Date(before) : undefined));
}

async function insertMessage(ctx: ActorContext, tx: Transaction, conversation: { id: string; tenantId: string }, body: string): Promise<string> {
  const now = ctx.now();
  const [sent] = await tx
    .insert(messages)
    .values({ tenantId: conversation.tenantId, conversationId: conversation.id, senderId: ctx.actor.userId, body, createdAt: now })
    .returning({ id: messages.id });
  await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, conversation.id));
  // What one writes, one has read.
  await tx
    .update(conversationParticipants)
    .set({ lastReadAt: now })
    .where(and(eq(conversationParticipants.conversationId, conversation.id), eq(conversationParticipants.userId, ctx.actor.userId)));
  await recordAudit(tx, {
    action: 'message.sent',
    tenantId: conversation.tenantId,
    actorUserId: ctx.actor.userId,
    targetType: 'message',
    targetId: sent!.id,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    metadata: { conversationId: conversation.id },
  });
  return sent!.id;
}

const appointmentPatient = alias(users, 'appointment_patient');
const appointmentCarer = alias(users, 'appointment_carer');

/**
 * An appointment as its patient or its provider sees it for messaging: the two people and the
 * conversation they already have in its organisation (null: none yet). Anyone else gets 404, as if
 * the appointment did not exist.
 */
async function appointmentLink(tx: Transaction, appointmentId: string, me: string) {
  const [row] = await tx
    .select({
      tenantId: appointments.tenantId,
      startsAt: appointments.startsAt,
      patientId: appointments.patientId,
      carerId: providerProfiles.userId,
      patientName: appointmentPatient.name,
      patientImage: appointmentPatient.image,
      carerName: appointmentCarer.name,
      carerImage: appointmentCarer.image,
      organisationName: sql<string | null>`directory_organisation_name(${appointments.tenantId})`,
      conversationId: sql<string | null>`(select c.id from ${conversations} c where c.tenant_id = ${appointments.tenantId}
        and c.patient_id = ${appointments.patientId} and c.carer_id = ${providerProfiles.userId})`,
    })
    .from(appointments)
    .innerJoin(providerProfiles, eq(providerProfiles.id, appointments.providerId))
    .innerJoin(appointmentPatient, eq(appointmentPatient.id, appointments.patientId))
    .innerJoin(appointmentCarer, eq(appointmentCarer.id, providerProfiles.userId))
    .where(eq(appointments.id, appointmentId));
  if (!row || (row.patientId !== me && row.carerId !== me)) throw notFound('appointment.not-found', 'This appointment was not found.');
  return row;
}

/**
 * Before the first message about an appointment: whom it goes to, when the appointment is, and
 * the conversation it would continue; the same people as startConversation. Nothing of a message
 * is read, so nothing is audited.
 */
export async function appointmentConversation(ctx: ActorContext, appointmentId: string): Promise<AppointmentConversation> {
  const me = ctx.actor.userId;
  return asParticipant(ctx, async (tx) => {
    const link = await appointmentLink(tx, appointmentId, me);
    return {
      appointmentId,
      startsAt: link.startsAt.toISOString(),
      organisation: { id: link.tenantId, name: link.organisationName ?? '' },
      with: otherPerson(link, me),
      conversationId: link.conversationId,
    };
  });
}

/**
 * Starts the conversation of an appointment's patient and provider, or continues the one they
 * have in that organisation, with a first message. Only those two may: anyone else gets 404,
 * as if the appointment did not exist.
 */
export async function startConversation(ctx: ActorContext, input: StartConversation): Promise<{ conversation: ConversationContent; created: boolean }> {
  const me = ctx.actor.userId;
  return asParticipant(ctx, async (tx) => {
    const link = await appointmentLink(tx, input.appointmentId, me);
    const [inserted] = await tx
      .insert(conversations)
      .values({ tenantId: link.tenantId, patientId: link.patientId, carerId: link.carerId, createdBy: me })
      .onConflictDoNothing({ target: [conversations.tenantId, conversations.patientId, conversations.carerId] })
      .returning({ id: conversations.id });
    if (inserted) {
      await tx.insert(conversationParticipants).values([
        { conversationId: inserted.id, userId: link.patientId, tenantId: link.tenantId, role: 'patient' },
        { conversationId: inserted.id, userId: link.carerId, tenantId: link.tenantId, role: 'carer' },
      ]);
    }
    // Started by someone else since the look-up: theirs is the one (the pair is unique).
    const id =
      inserted?.id ??
      link.conversationId ??
      (
        await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.tenantId, link.tenantId), eq(conversations.patientId, link.patientId), eq(conversations.carerId, link.carerId)))
      )[0]?.id;
    if (!id) throw notFoundConversation();
    await insertMessage(ctx, tx, { id, tenantId: link.tenantId }, input.body);
    return { conversation: await conversationWithMessages(ctx, tx, id, undefined), created: Boolean(inserted) };
  });
}

/**
 * The people I may write to (the "New message" list): one per person and organisation an
 * appointment links me with, through the appointment a first message would be about. Names only,
 * as on the appointments themselves: nothing of a message is read, so nothing is audited.
 */
export async function listRecipients(ctx: ActorContext, query: RecipientsQuery): Promise<RecipientList> {
  const me = ctx.actor.userId;
  const { page } = query;
  return asParticipant(ctx, async (tx) => {
    const { rows, total } = await messageRecipients(tx, me, {
      words: conversationSearchWords(query.q),
      limit: CONVERSATIONS_PAGE_SIZE,
      offset: (page - 1) * CONVERSATIONS_PAGE_SIZE,
      now: ctx.now(),
    });
    return {
      recipients: rows.map((row) => ({
        appointmentId: row.appointmentId,
        startsAt: new Date(row.startsAt).toISOString(),
        organisation: { id: row.tenantId, name: row.organisationName ?? '' },
        with: otherPerson(row, me),
        conversationId: row.conversationId,
      })),
      page,
      pageSize: CONVERSATIONS_PAGE_SIZE,
      total,
    };
  });
}

/** What send_message (migrations 0014 and 0020) takes for one message. */
interface SendInput {
  senderId: string;
  conversationId: string;
  body: string;
  now: string;
  actingTenantId: string;
  requestId: string;
  clientIp: string;
  /** Sent over a socket: the session it opened with, checked again in the statement, and its idle lifetime. */
  sessionId?: string;
  idleMinutes?: number;
}

/** send_message's answer: the message, null (no such conversation for the sender), or an ended session (0020). */
type SendAnswer = MessageJson | { sessionEnded: true } | null;

/** Messages written in one statement at most, and statements of messages running at once (out of the pool's connections). */
const SEND_BATCH_MAX = 64;
const SEND_BATCH_CONCURRENCY = 4;

async function sendOne(db: Database, input: SendInput): Promise<SendAnswer> {
  const [row] = await queryRows<{ result: SendAnswer }>(db, sql`select send_message(${JSON.stringify(input)}::jsonb) as result`);
  return row?.result ?? null;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Several messages in one statement (send_messages, migration 0018). They are written in the order
 * of their conversation and sender, so two batches take the rows they update in the same order and
 * cannot deadlock. One failing message undoes the whole statement: then each is written on its own,
 * and only the one that fails again answers an error. Exported for its test.
 */
export async function sendBatch(db: Database, inputs: readonly SendInput[]): Promise<(SendAnswer | Error)[]> {
  if (inputs.length === 1) return [await sendOne(db, inputs[0]!)];
  const order = inputs
    .map((input, i) => ({ input, i }))
    .sort((a, b) => compareText(a.input.conversationId, b.input.conversationId) || compareText(a.input.senderId, b.input.senderId));
  try {
    const [row] = await queryRows<{ results: SendAnswer[] }>(
      db,
      sql`select send_messages(${JSON.stringify(order.map((o) => o.input))}::jsonb) as results`,
    );
    const answers = new Array<SendAnswer>(inputs.length);
    order.forEach((o, k) => (answers[o.i] = row?.results[k] ?? null));
    return answers;
  } catch {
    return Promise.all(inputs.map((input) => sendOne(db, input).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))));
  }
}

/** One statement batcher of message sends per database. */
const sender = batcherPerDatabase((db: Database) =>
  createStatementBatcher<SendInput, SendAnswer>((inputs) => sendBatch(db, inputs), { concurrency: SEND_BATCH_CONCURRENCY, maxBatchSize: SEND_BATCH_MAX }),
);

function sentMessage(sent: MessageJson, me: string): Message {
  return toMessage(
    { id: sent.id, conversationId: sent.conversation_id, senderId: sent.sender_id, body: sent.body, createdAt: new Date(sent.created_at) },
    [],
    me,
    null,
  );
}

/**
 * Sends a message: send_message checks the conversation under row-level security as the sender and
 * writes the message, both markers and the audit event. Messages sent at the same moment share one
 * statement (group commit, platform/db/statement-batcher.ts). Answers the new message; the page
 * holding the conversation appends it.
 */
export async function sendMessage(ctx: ActorContext, id: string, body: string): Promise<Message> {
  const sent = await sender(ctx.db)({
    senderId: ctx.actor.userId,
    conversationId: id,
    body,
    now: ctx.now().toISOString(),
    actingTenantId: ctx.actor.tenant?.id ?? '',
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
  });
  // The HTTP path read its session already; only a socket's send names one.
  if (!sent || 'sessionEnded' in sent) throw notFoundConversation();
  return sentMessage(sent, ctx.actor.userId);
}

/** Who sends over an open socket: its person and session as they were when it opened. */
export interface SocketSender {
  userId: string;
  sessionId: string;
  /** The session's idle lifetime in minutes (0: none). */
  idleMinutes: number;
  actingTenantId: string | null;
  requestId: string;
  clientIp: string;
}

/**
 * Sends a message from an open socket (`message.send`): the same statement as the send route, which
 * also checks that the socket's session is still usable (not signed out, expired, idle or disabled).
 */
export async function sendMessageFromSocket(
  db: Database,
  from: SocketSender,
  conversationId: string,
  body: string,
  now: Date,
): Promise<{ ok: true; message: Message } | { ok: false; reason: 'not-found' | 'session-ended' }> {
  const sent = await sender(db)({
    senderId: from.userId,
    conversationId,
    body,
    now: now.toISOString(),
    actingTenantId: from.actingTenantId ?? '',
    requestId: from.requestId,
    clientIp: from.clientIp,
    sessionId: from.sessionId,
    idleMinutes: from.idleMinutes,
  });
  if (!sent) return { ok: false, reason: 'not-found' };
  if ('sessionEnded' in sent) return { ok: false, reason: 'session-ended' };
  return { ok: true, message: sentMessage(sent, from.userId) };
}

/** A messages row as to_jsonb gives it. */
interface MessageJson {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  body: string;
  created_at: string;
}

/** Everything in the conversation up to now is read by me (the other person's read receipt). */
export async function markConversationRead(ctx: ActorContext, id: string): Promise<ConversationSummary> {
  const me = ctx.actor.userId;
  return asParticipant(ctx, async (tx) => {
    await summaryOf(ctx, tx, id);
    await tx
      .update(conversationParticipants)
      .set({ lastReadAt: ctx.now() })
      .where(and(eq(conversationParticipants.conversationId, id), eq(conversationParticipants.userId, me)));
    // The read receipt, live: the other participant hears of it (ids only, at commit, on the
    // channel new messages use), and their page reads the conversation again. Sending a message
    // also moves one's own marker, but says so with the message itself.
    await tx.execute(sql`select pg_notify('tendwell_realtime', json_build_object(
        'users', (select coalesce(json_agg(cp.user_id), '[]'::json) from conversation_participants cp
                  where cp.conversation_id = ${id} and cp.user_id <> ${me}),
        'type', 'message',
        'data', json_build_object('conversationId', ${id}::text, 'kind', 'read'))::text)`);
    return toSummary(await summaryOf(ctx, tx, id), me);
  });
}

/**
 * How many messages to me are unread, over all my conversations (the header's count): one
 * statement (unread_message_count, migration 0019) that counts under row-level security as me.
 */
export async function unreadMessages(ctx: ActorContext): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.db, sql`select unread_message_count(${ctx.actor.userId}::uuid, ${ctx.actor.tenant?.id ?? ''}) as n`);
  return row?.n ?? 0;
}

/** A file as it arrived: the bytes, the sender's name for it, and any text sent with it. */
export interface AttachmentUpload {
  body: Buffer;
  fileName: string;
  text: string;
}

/** The sender's file name without paths or control characters, with the extension its content has. */
function safeFileName(name: string, extension: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  if (!base) return `attachment.${extension}`;
  return base.toLowerCase().endsWith(`.${extension}`) || (extension === 'jpg' && /\.jpe?g$/i.test(base)) ? base : `${base}.${extension}`;
}

/**
 * Sends a file (a PDF or an image, recognised from its content, never from its name or the
 * client's type) with an optional text. Only participants may: a stranger's bytes are not even
 * stored. The object is recorded in stored_files for the organisation's storage figures.
 */
export async function sendAttachment(ctx: ActorContext, id: string, upload: AttachmentUpload): Promise<ConversationContent> {
  const me = ctx.actor.userId;
  if (upload.body.length === 0) throw validationError('message.attachment-empty', 'The file is empty.');
  if (upload.text.length > MESSAGE_MAX_LENGTH) throw validationError('message.too-long', `A message has at most ${MESSAGE_MAX_LENGTH} characters.`);
  const detected = await fileTypeFromBuffer(upload.body);
  const contentType = ATTACHMENT_CONTENT_TYPES.find((type) => type === detected?.mime);
  if (!contentType || !detected) throw validationError('message.attachment-type', 'Send a PDF or an image (PNG, JPEG, WebP or GIF).');
  const { tenantId } = await asParticipant(ctx, (tx) => summaryOf(ctx, tx, id));
  const attachmentId = randomUUID();
  const key = `messages/${id}/${attachmentId}`;
  await ctx.storage.put(key, upload.body, contentType);
  let conversation: ConversationContent;
  try {
    conversation = await asParticipant(ctx, async (tx) => {
      const messageId = await insertMessage(ctx, tx, { id, tenantId }, upload.text);
      await tx.insert(messageAttachments).values({
        id: attachmentId,
        tenantId,
        conversationId: id,
        messageId,
        storageKey: key,
        fileName: safeFileName(upload.fileName, detected.ext),
        contentType,
        byteSize: upload.body.length,
      });
      return conversationWithMessages(ctx, tx, id, undefined);
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
  await ctx.db.insert(storedFiles).values({ key, ownerUserId: me, tenantId, purpose: 'message-attachment', contentType, byteSize: upload.body.length });
  return conversation;
}

/** A file of a conversation, for its participants only (404 for anyone else); reading it is audited. */
export async function readAttachment(ctx: ActorContext, conversationId: string, attachmentId: string): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const row = await asParticipant(ctx, async (tx) => {
    const [found] = await tx
      .select()
      .from(messageAttachments)
      .where(and(eq(messageAttachments.id, attachmentId), eq(messageAttachments.conversationId, conversationId)));
    if (!found) throw notFound('attachment.not-found', 'This file was not found.');
    await recordAudit(tx, {
      action: 'message.attachment.read',
      tenantId: found.tenantId,
      actorUserId: ctx.actor.userId,
      targetType: 'message_attachment',
      targetId: found.id,
      requestId: ctx.requestId,
      clientIp: ctx.clientIp,
      metadata: { conversationId, messageId: found.messageId },
    });
    return found;
  });
  const stored = await ctx.storage.get(row.storageKey);
  if (!stored) throw notFound('attachment.not-found', 'This file was not found.');
  return { body: stored.body, contentType: row.contentType, fileName: row.fileName };
}
