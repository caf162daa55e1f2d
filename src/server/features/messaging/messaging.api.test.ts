import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../shared/contracts/appointments.js';
import type { AppointmentConversation, Conversation, ConversationList, Message, RecipientList } from '../../../shared/contracts/messaging.js';
import { queryRows } from '../../platform/db/database.js';
import { sendBatch } from './messaging.service.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { createPractice, hoursAhead, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';
import { multipartBody, TINY_PNG } from '../../testing/multipart.js';
import { openSocket, type TestSocket } from '../../testing/realtime-client.js';

/** The smallest PDF readers open: what a patient's scan would be. */
const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let t: TestApp;
/** One element of send_messages / sendBatch: a message as the send route passes it. */
function sendInput(conversationId: string, senderId: string, body: string, session?: { sessionId: string; idleMinutes: number }) {
  return { senderId, conversationId, body, now: new Date().toISOString(), actingTenantId: '', requestId: randomUUID(), clientIp: '127.0.0.1', ...session };
}

let practice: Practice;
let otherPractice: Practice;
let patient: SignedIn;
let stranger: SignedIn;
let appointmentId: string;

async function bookWith(who: SignedIn, target: Practice, hours: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/appointments',
    headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
    payload: { providerId: target.profileId, serviceId: target.serviceId, locationId: target.locationId, startsAt: hoursAhead(hours).toISOString(), reason: 'Check-up' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Appointment>().id;
}

/** The test app's address on loopback (listening from the first socket test on), and a greeted socket per person there. */
async function openSockets(people: SignedIn[]): Promise<TestSocket[]> {
  const address = t.app.server.address();
  const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const sockets: TestSocket[] = [];
  for (const who of people) {
    const opened = await openSocket(base, { cookie: who.cookie });
    if (!('socket' in opened)) throw new Error(`upgrade refused: ${opened.status} ${opened.body}`);
    await opened.socket.next((f) => f.type === 'hello');
    sockets.push(opened.socket);
  }
  return sockets;
}

function call(who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

beforeAll(async () => {
  t = await startTestApp({ MESSAGE_ATTACHMENT_MAX_BYTES: '4096' });
  practice = await createPractice(t);
  otherPractice = await createPractice(t);
  patient = await createSignedInUser(t, { prefix: 'msg-patient' });
  stranger = await createSignedInUser(t, { prefix: 'msg-stranger' });
  appointmentId = await bookWith(patient, practice, 72);
});
afterAll(async () => {
  await t?.close();
});

describe('secure messaging', () => {
  let conversationId: string;

  it('a patient writes to the provider of their appointment; the provider reads it and answers; read receipts and unread counts follow', async () => {
    // Before the first message, the page asks to whom it goes and about when: no conversation yet.
    const before = await call(patient, 'GET', `/api/v1/conversations/for-appointment/${appointmentId}`);
    expect(before.statusCode, before.body).toBe(200);
    const mineAppointment = (await call(patient, 'GET', `/api/v1/appointments/${appointmentId}`)).json<Appointment>();
    expect(before.json<AppointmentConversation>()).toMatchObject({
      appointmentId,
      startsAt: mineAppointment.startsAt,
      organisation: { id: practice.tenantId },
      with: { id: practice.provider.userId, role: 'carer' },
      conversationId: null,
    });
    const started = await call(patient, 'POST', '/api/v1/conversations', { appointmentId, body: 'Can I bring my scans?' });
    expect(started.statusCode, started.body).toBe(201);
    const conversation = started.json<Conversation>();
    conversationId = conversation.id;
    // The configured file limit comes with it (MESSAGE_ATTACHMENT_MAX_BYTES, 4096 here), for the page to say and check.
    expect(conversation).toMatchObject({ with: { id: practice.provider.userId, role: 'carer' }, unread: 0, attachmentMaxBytes: 4096 });
    expect(conversation.messages).toEqual([expect.objectContaining({ body: 'Can I bring my scans?', mine: true, readByOther: false })]);

    // The provider sees one unread message, in the list and in the header's count.
    expect((await call(practice.provider, 'GET', '/api/v1/messages/unread')).json()).toEqual({ unread: 1 });
    const list = (await call(practice.provider, 'GET', '/api/v1/conversations')).json<ConversationList>();
    expect(list.total).toBe(1);
    expect(list.conversations[0]).toMatchObject({ id: conversationId, unread: 1, with: { id: patient.userId, role: 'patient' }, lastMessage: { body: 'Can I bring my scans?', mine: false } });

    const read = await call(practice.provider, 'POST', `/api/v1/conversations/${conversationId}/read`, {});
    expect(read.statusCode, read.body).toBe(200);
    expect((await call(practice.provider, 'GET', '/api/v1/messages/unread')).json()).toEqual({ unread: 0 });
    // The patient's message now shows as read.
    const mine = (await call(patient, 'GET', `/api/v1/conversations/${conversationId}`)).json<Conversation>();
    expect(mine.messages[0]).toMatchObject({ mine: true, readByOther: true });

    const answer = await call(practice.provider, 'POST', `/api/v1/conversations/${conversationId}/messages`, { body: 'Yes, please do.' });
    expect(answer.statusCode, answer.body).toBe(201);
    expect((await call(patient, 'GET', '/api/v1/messages/unread')).json()).toEqual({ unread: 1 });
    const thread = (await call(patient, 'GET', `/api/v1/conversations/${conversationId}`)).json<Conversation>();
    expect(thread.messages.map((m) => [m.body, m.mine])).toEqual([
      ['Can I bring my scans?', true],
      ['Yes, please do.', false],
    ]);

    // Writing again from the appointment continues the same conversation (200, not a new one).
    const again = await call(patient, 'POST', '/api/v1/conversations', { appointmentId, body: 'Thank you.' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Conversation>().id).toBe(conversationId);
    // Now both sides' first look names the conversation it continues.
    expect((await call(patient, 'GET', `/api/v1/conversations/for-appointment/${appointmentId}`)).json<AppointmentConversation>().conversationId).toBe(conversationId);
    expect((await call(practice.provider, 'GET', `/api/v1/conversations/for-appointment/${appointmentId}`)).json<AppointmentConversation>()).toMatchObject({
      with: { id: patient.userId, role: 'patient' },
      conversationId,
    });
  });

  it('nobody outside the conversation can read it, write to it or start one without an appointment (404)', async () => {
    for (const who of [stranger, otherPractice.provider]) {
      expect((await call(who, 'GET', `/api/v1/conversations/${conversationId}`)).statusCode).toBe(404);
      expect((await call(who, 'POST', `/api/v1/conversations/${conversationId}/messages`, { body: 'Hello' })).statusCode).toBe(404);
      expect((await call(who, 'POST', `/api/v1/conversations/${conversationId}/read`, {})).statusCode).toBe(404);
      expect((await call(who, 'GET', '/api/v1/conversations')).json<ConversationList>().total).toBe(0);
      expect((await call(who, 'POST', '/api/v1/conversations', { appointmentId, body: 'Hello' })).statusCode).toBe(404);
      const look = await call(who, 'GET', `/api/v1/conversations/for-appointment/${appointmentId}`);
      expect(look.statusCode, look.body).toBe(404);
      expect(look.json()).toMatchObject({ code: 'appointment.not-found' });
    }
    expect((await call(patient, 'GET', `/api/v1/conversations/for-appointment/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call(patient, 'GET', '/api/v1/conversations/for-appointment/not-an-id')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/v1/conversations/for-appointment/${appointmentId}`)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/v1/conversations')).statusCode).toBe(401);
    expect((await call(patient, 'GET', `/api/v1/conversations/${randomUUID()}`)).statusCode).toBe(404);

    // Row-level security says the same without the service's checks: the stranger's own
    // transaction sees no row of it and cannot add a message or themselves.
    const seen = await asAppUser(t.database.db, { tenantId: practice.tenantId, userId: stranger.userId }, (tx) =>
      queryRows<{ n: number }>(tx, sql`select (select count(*)::int from conversations) + (select count(*)::int from messages) + (select count(*)::int from conversation_participants) as n`),
    );
    expect(seen[0]?.n).toBe(0);
    await expect(
      asAppUser(t.database.db, { tenantId: practice.tenantId, userId: stranger.userId }, (tx) =>
        tx.execute(sql`insert into messages (tenant_id, conversation_id, sender_id, body) values (${practice.tenantId}, ${conversationId}, ${stranger.userId}, 'x')`),
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
    await expect(
      asAppUser(t.database.db, { tenantId: practice.tenantId, userId: stranger.userId }, (tx) =>
        tx.execute(sql`insert into conversation_participants (conversation_id, user_id, tenant_id, role) values (${conversationId}, ${stranger.userId}, ${practice.tenantId}, 'carer')`),
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
    // Nobody changes or removes a message once sent, not even its writer.
    await expect(
      asAppUser(t.database.db, { tenantId: null, userId: patient.userId }, (tx) => tx.execute(sql`update messages set body = 'changed' where conversation_id = ${conversationId}`)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
  });

  it('refuses empty and oversized messages with the field named, and audits every read and write', async () => {
    const empty = await call(patient, 'POST', `/api/v1/conversations/${conversationId}/messages`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'request.invalid', errors: [expect.objectContaining({ path: 'body.body' })] });
    expect((await call(patient, 'POST', `/api/v1/conversations/${conversationId}/messages`, { body: 'x'.repeat(5001) })).statusCode).toBe(400);
    // PostgreSQL cannot store U+0000: refused at the edge, with the field named (it was a 500).
    const nul = await call(patient, 'POST', `/api/v1/conversations/${conversationId}/messages`, { body: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'request.invalid', errors: [{ path: 'body.body', code: 'nul-character' }] });

    const events = await queryRows<{ action: string; n: number }>(
      t.database.db,
      sql`select action, count(*)::int as n from audit_events where tenant_id = ${practice.tenantId} and action like 'message.%' group by action order by action`,
    );
    // Sent: the first message, the answer, the thank-you. Read: every conversation opened (start, send and get).
    expect(events.find((e) => e.action === 'message.sent')?.n).toBe(3);
    expect(events.find((e) => e.action === 'message.read')?.n).toBeGreaterThanOrEqual(4);
    // The list shows each conversation's newest message: listing is a read of those messages.
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events where action = 'message.previewed' and actor_user_id = ${patient.userId}`);
    const list = (await call(patient, 'GET', '/api/v1/conversations')).json<ConversationList>();
    const previewed = await queryRows<{ tenant_id: string; target_type: string; metadata: { conversations: string[]; messages: string[] } }>(
      t.database.db,
      sql`select tenant_id, target_type, metadata from audit_events where action = 'message.previewed' and actor_user_id = ${patient.userId} order by id desc limit 1`,
    );
    const after = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events where action = 'message.previewed' and actor_user_id = ${patient.userId}`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    expect(previewed[0]).toEqual({
      tenant_id: practice.tenantId,
      target_type: 'conversation-list',
      metadata: { conversations: [conversationId], messages: [list.conversations[0]!.lastMessage!.id] },
    });
  });

  it('sends a PDF or an image recognised from its content; only the two people can download it (404 for anyone else)', async () => {
    const upload = (who: SignedIn, parts: Parameters<typeof multipartBody>[0], id = conversationId) => {
      const form = multipartBody(parts);
      return t.app.inject({ method: 'POST', url: `/api/v1/conversations/${id}/attachments`, headers: { cookie: who.cookie, ...form.headers }, payload: form.payload });
    };
    const sent = await upload(patient, [
      { name: 'body', body: 'My referral letter' },
      { name: 'file', filename: '../../etc/referral letter.pdf', contentType: 'application/octet-stream', body: TINY_PDF },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<Conversation>().attachmentMaxBytes).toBe(4096);
    const last = sent.json<Conversation>().messages.at(-1)!;
    expect(last).toMatchObject({ body: 'My referral letter', mine: true });
    // The name loses its path; the type comes from the content, not from what the client said.
    expect(last.attachments).toEqual([expect.objectContaining({ fileName: 'referral letter.pdf', contentType: 'application/pdf', byteSize: TINY_PDF.length })]);
    const url = `/api/v1/conversations/${conversationId}/attachments/${last.attachments[0]!.id}`;

    const download = await t.app.inject({ method: 'GET', url, headers: { cookie: practice.provider.cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment; filename="referral letter.pdf"');
    expect(download.rawPayload.equals(TINY_PDF)).toBe(true);
    for (const who of [stranger, otherPractice.provider]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } })).statusCode).toBe(404);
      expect((await upload(who, [{ name: 'file', filename: 'x.png', contentType: 'image/png', body: TINY_PNG }])).statusCode).toBe(404);
    }
    // The right file id under another conversation id is not found either.
    const elsewhere = `/api/v1/conversations/${randomUUID()}/attachments/${last.attachments[0]!.id}`;
    expect((await t.app.inject({ method: 'GET', url: elsewhere, headers: { cookie: patient.cookie } })).statusCode).toBe(404);

    // An image alone, no text, is a message too; a text file named .pdf is not a PDF; too large is 413.
    expect((await upload(practice.provider, [{ name: 'file', filename: 'x-ray.png', contentType: 'image/png', body: TINY_PNG }])).statusCode).toBe(201);
    const fake = await upload(patient, [{ name: 'file', filename: 'notes.pdf', contentType: 'application/pdf', body: 'just some text, not a PDF' }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ code: 'message.attachment-type' });
    const empty = await upload(patient, [{ name: 'file', filename: 'empty.pdf', contentType: 'application/pdf', body: Buffer.alloc(0) }]);
    expect(empty.json()).toMatchObject({ status: 400, code: 'message.attachment-empty' });
    const big = await upload(patient, [{ name: 'file', filename: 'big.pdf', contentType: 'application/pdf', body: Buffer.concat([TINY_PDF, Buffer.alloc(8192)]) }]);
    expect(big.statusCode).toBe(413);
    const nulText = await upload(patient, [
      { name: 'body', body: 'a\u0000b' },
      { name: 'file', filename: 'x.png', contentType: 'image/png', body: TINY_PNG },
    ]);
    expect(nulText.statusCode).toBe(400);
    expect(nulText.json()).toMatchObject({ code: 'request.invalid', errors: [{ path: 'body.body', code: 'nul-character' }] });
    const none = await upload(patient, [{ name: 'body', body: 'no file' }]);
    expect(none.json()).toMatchObject({ status: 400, code: 'message.attachment-missing' });
    // Downloads are audited.
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where action = 'message.attachment.read' and actor_user_id = ${practice.provider.userId}`,
    );
    expect(audit?.n).toBe(1);
  });

  it('delivers a new message live to the other person only, over their WebSocket', async () => {
    const sockets = await openSockets([practice.provider, patient, stranger]);
    const [carerSocket, patientSocket, strangerSocket] = sockets as [TestSocket, TestSocket, TestSocket];
    const sent = await call(patient, 'POST', `/api/v1/conversations/${conversationId}/messages`, { body: 'Running ten minutes late.' });
    expect(sent.statusCode, sent.body).toBe(201);
    // The answer is the new message (the page appends it), with everything a thread shows.
    expect(sent.json<Message>()).toMatchObject({ conversationId, body: 'Running ten minutes late.', mine: true, readByOther: false, attachments: [] });
    const messageId = sent.json<Message>().id;
    // It is stored, and audited, as a message of this conversation.
    const thread = (await call(practice.provider, 'GET', `/api/v1/conversations/${conversationId}`)).json<Conversation>();
    expect(thread.messages.at(-1)).toMatchObject({ id: messageId, mine: false });
    const audited = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_events where action = 'message.sent' and target_id = ${messageId} and metadata->>'conversationId' = ${conversationId}`);
    expect(audited[0]!.n).toBe(1);
    const event = await carerSocket.next((f) => f.type === 'event' && f.event === 'message');
    expect(event).toMatchObject({ topic: `user:${practice.provider.userId}`, data: { conversationId, id: messageId } });
    // An answer reaches the patient; the writer and the stranger never hear of their own or others' messages.
    expect((await call(practice.provider, 'POST', `/api/v1/conversations/${conversationId}/messages`, { body: 'No problem.' })).statusCode).toBe(201);
    await patientSocket.next((f) => f.type === 'event' && f.event === 'message');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(carerSocket.frames.filter((f) => f.type === 'event' && f.event === 'message')).toHaveLength(1);
    expect(patientSocket.frames.filter((f) => f.type === 'event' && f.event === 'message')).toHaveLength(1);
    expect(strangerSocket.frames.filter((f) => f.type === 'event')).toHaveLength(0);
    // Reading is a live read receipt for the writer (and nobody else hears of it).
    expect((await call(patient, 'POST', `/api/v1/conversations/${conversationId}/read`, {})).statusCode).toBe(200);
    const receipt = await carerSocket.next((f) => f.type === 'event' && f.event === 'message' && f.data['kind'] === 'read');
    expect(receipt).toMatchObject({ topic: `user:${practice.provider.userId}`, data: { conversationId, kind: 'read' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(patientSocket.frames.filter((f) => f.type === 'event' && f.event === 'message')).toHaveLength(1);
    expect(strangerSocket.frames.filter((f) => f.type === 'event')).toHaveLength(0);
    for (const socket of sockets) socket.ws.close();
  });

  it('messages sent at the same moment share statements, and each is still checked and written for its own sender', async () => {
    const before = (await call(patient, 'GET', `/api/v1/conversations/${conversationId}`)).json<Conversation>().messages.length;
    const sends = [
      ...Array.from({ length: 8 }, (_, i) => ({ who: patient, body: `Patient note ${i}` })),
      ...Array.from({ length: 8 }, (_, i) => ({ who: practice.provider, body: `Provider note ${i}` })),
      ...Array.from({ length: 4 }, (_, i) => ({ who: stranger, body: `Stranger note ${i}` })),
    ];
    const answers = await Promise.all(sends.map((s) => call(s.who, 'POST', `/api/v1/conversations/${conversationId}/messages`, { body: s.body })));
    answers.forEach((res, i) => {
      const { who, body } = sends[i]!;
      if (who === stranger) {
        expect(res.statusCode, body).toBe(404);
      } else {
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json<Message>()).toMatchObject({ conversationId, body, mine: true });
      }
    });
    const sentIds = answers.filter((res) => res.statusCode === 201).map((res) => res.json<Message>().id);
    const rows = await queryRows<{ id: string; sender_id: string; body: string; xact: string }>(
      t.database.db,
      sql`select id, sender_id, body, xmin::text as xact from messages where id in ${sql.raw(`('${sentIds.join("','")}')`)}`,
    );
    expect(rows).toHaveLength(16);
    for (const row of rows) expect(row.sender_id).toBe(row.body.startsWith('Patient') ? patient.userId : practice.provider.userId);
    // Fewer transactions than messages: some were written together.
    expect(new Set(rows.map((r) => r.xact)).size).toBeLessThan(16);
    const thread = (await call(patient, 'GET', `/api/v1/conversations/${conversationId}`)).json<Conversation>();
    expect(thread.messages.length).toBe(before + 16);
    expect(thread.messages.some((m) => m.body.startsWith('Stranger'))).toBe(false);
    // Each written message has its own audit event, with its own sender.
    const audited = await queryRows<{ target_id: string; actor_user_id: string }>(
      t.database.db,
      sql`select target_id, actor_user_id::text from audit_events where action = 'message.sent' and target_id in ${sql.raw(`('${sentIds.join("','")}')`)}`,
    );
    expect(audited).toHaveLength(16);
    const senderOf = new Map(rows.map((r) => [r.id, r.sender_id]));
    for (const a of audited) expect(a.actor_user_id).toBe(senderOf.get(a.target_id));
  });

  it('a message sent over the socket (message.send) is written, audited and delivered like one sent through the route', async () => {
    const [patientSocket, carerSocket, strangerSocket] = (await openSockets([patient, practice.provider, stranger])) as [TestSocket, TestSocket, TestSocket];
    const sent = (socket: TestSocket, id: string) => socket.next((f) => (f.type === 'message.sent' || f.type === 'error') && f.id === id);

    patientSocket.sendJson({ type: 'message.send', id: 'm-1', conversationId, body: '  Sent over the socket.  ' });
    const answer = await sent(patientSocket, 'm-1');
    expect(answer).toMatchObject({ type: 'message.sent', id: 'm-1', message: { conversationId, body: 'Sent over the socket.', mine: true, senderId: patient.userId } });
    if (answer.type !== 'message.sent') throw new Error('not sent');
    const messageId = answer.message.id;
    // The other person hears of it as of any message; it is stored and audited with the socket's address.
    const event = await carerSocket.next((f) => f.type === 'event' && f.event === 'message' && f.data.id === messageId);
    expect(event).toMatchObject({ topic: `user:${practice.provider.userId}`, data: { conversationId, id: messageId } });
    const thread = (await call(practice.provider, 'GET', `/api/v1/conversations/${conversationId}`)).json<Conversation>();
    expect(thread.messages.at(-1)).toMatchObject({ id: messageId, body: 'Sent over the socket.', mine: false });
    const audited = await queryRows<{ actor: string; ip: string }>(
      t.database.db,
      sql`select actor_user_id::text as actor, client_ip as ip from audit_events where action = 'message.sent' and target_id = ${messageId}`,
    );
    expect(audited).toEqual([{ actor: patient.userId, ip: '127.0.0.1' }]);

    // A message as long as allowed, in a script of two bytes a character, is larger than other frames may be.
    patientSocket.sendJson({ type: 'message.send', id: 'm-long', conversationId, body: 'é'.repeat(5000) });
    expect(await sent(patientSocket, 'm-long')).toMatchObject({ type: 'message.sent', message: { body: 'é'.repeat(5000) } });
    // One character more, or nothing but spaces, is not a message; nothing is written.
    // The refusal carries the frame's id, so the sender knows at once that no answer will come.
    patientSocket.sendJson({ type: 'message.send', id: 'm-over', conversationId, body: 'é'.repeat(5001) });
    expect(await sent(patientSocket, 'm-over')).toMatchObject({ type: 'error', code: 'realtime.invalid-frame' });
    patientSocket.sendJson({ type: 'message.send', id: 'm-blank', conversationId, body: '   ' });
    expect(await sent(patientSocket, 'm-blank')).toMatchObject({ type: 'error', code: 'realtime.invalid-frame' });
    patientSocket.sendJson({ type: 'message.send', id: 'm-nul', conversationId, body: 'a\u0000b' });
    expect(await sent(patientSocket, 'm-nul')).toMatchObject({ type: 'error', code: 'realtime.invalid-frame' });

    // Someone outside the conversation writes nothing and learns nothing more than the route's 404.
    strangerSocket.sendJson({ type: 'message.send', id: 's-1', conversationId, body: 'Let me in' });
    expect(await sent(strangerSocket, 's-1')).toMatchObject({ type: 'error', code: 'realtime.conversation-not-found', id: 's-1' });

    // A socket whose session ended since it opened (here: expired) writes nothing and is closed with 4401.
    await queryRows(t.database.db, sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${practice.provider.userId}`);
    carerSocket.sendJson({ type: 'message.send', id: 'c-1', conversationId, body: 'After my session ended' });
    expect((await carerSocket.closed).code).toBe(4401);
    const [written] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from messages where body in ('Let me in', 'After my session ended') and conversation_id = ${conversationId}`,
    );
    expect(written!.n).toBe(0);
    expect([...patientSocket.invalid, ...carerSocket.invalid, ...strangerSocket.invalid]).toEqual([]);
    for (const socket of [patientSocket, strangerSocket]) socket.ws.close();
  });

  it('send_messages applies row-level security to each message as its own sender', async () => {
    const message = (senderId: string, body: string, session?: { sessionId: string; idleMinutes: number }) => sendInput(conversationId, senderId, body, session);
    const [live] = await queryRows<{ id: string }>(t.database.db, sql`select id from sessions where user_id = ${patient.userId} and expires_at > now() limit 1`);
    const [row] = await queryRows<{ results: ({ body: string; sender_id: string } | { sessionEnded: true } | null)[] }>(
      t.database.db,
      sql`select send_messages(${JSON.stringify([
        message(stranger.userId, 'Let me in'),
        message(patient.userId, 'Batched hello'),
        message(otherPractice.provider.userId, 'Me too'),
        // A socket's message after others switched to app_user: its session is still checked (and found live, or not).
        message(patient.userId, 'From my socket', { sessionId: live!.id, idleMinutes: 0 }),
        message(patient.userId, 'From a socket whose session is gone', { sessionId: randomUUID(), idleMinutes: 0 }),
      ])}::jsonb) as results`,
    );
    expect(row!.results).toEqual([
      null,
      expect.objectContaining({ body: 'Batched hello', sender_id: patient.userId }),
      null,
      expect.objectContaining({ body: 'From my socket', sender_id: patient.userId }),
      { sessionEnded: true },
    ]);
  });

  it('a batch of six or more is written set-based with the same answers, rows, audit, markers and live events (migration 0032)', async () => {
    // The socket test above ended the provider's session; this one needs it live again.
    await queryRows(t.database.db, sql`update sessions set expires_at = now() + interval '1 day' where user_id = ${practice.provider.userId}`);
    const sockets = await openSockets([practice.provider, patient, stranger]);
    const [carerSocket, patientSocket, strangerSocket] = sockets as [TestSocket, TestSocket, TestSocket];
    const [live] = await queryRows<{ id: string }>(t.database.db, sql`select id from sessions where user_id = ${patient.userId} and expires_at > now() limit 1`);
    const tag = randomUUID();
    const message = (senderId: string, body: string, session?: { sessionId: string; idleMinutes: number }) => sendInput(conversationId, senderId, `${body} ${tag}`, session);
    const batch = [
      message(patient.userId, 'Set one'),
      message(stranger.userId, 'Let me in'),
      message(practice.provider.userId, 'Set two'),
      message(otherPractice.provider.userId, 'Me too'),
      message(patient.userId, 'Set three', { sessionId: live!.id, idleMinutes: 0 }),
      message(patient.userId, 'Set gone', { sessionId: randomUUID(), idleMinutes: 0 }),
      message(practice.provider.userId, 'Set four'),
    ];
    const [row] = await queryRows<{ results: ({ id: string; body: string; sender_id: string; conversation_id: string } | { sessionEnded: true } | null)[] }>(
      t.database.db,
      sql`select send_messages(${JSON.stringify(batch)}::jsonb) as results`,
    );
    const results = row!.results;
    expect(results).toEqual([
      expect.objectContaining({ body: `Set one ${tag}`, sender_id: patient.userId, conversation_id: conversationId }),
      null,
      expect.objectContaining({ body: `Set two ${tag}`, sender_id: practice.provider.userId }),
      null,
      expect.objectContaining({ body: `Set three ${tag}`, sender_id: patient.userId }),
      { sessionEnded: true },
      expect.objectContaining({ body: `Set four ${tag}`, sender_id: practice.provider.userId }),
    ]);
    const ids = results.flatMap((r) => (r && 'id' in r ? [r.id] : []));
    // Exactly the four are stored, each audited once as its own sender's, in this conversation.
    const stored = await queryRows<{ id: string; sender_id: string }>(t.database.db, sql`select id, sender_id from messages where body like ${`% ${tag}`}`);
    expect(stored.map((r) => r.id).sort()).toEqual([...ids].sort());
    const audited = await queryRows<{ target_id: string; actor_user_id: string }>(
      t.database.db,
      sql`select target_id, actor_user_id from audit_events where action = 'message.sent' and metadata->>'conversationId' = ${conversationId} and target_id in (select id::text from messages where body like ${`% ${tag}`})`,
    );
    expect(audited.map((a) => `${a.target_id}:${a.actor_user_id}`).sort()).toEqual(stored.map((r) => `${r.id}:${r.sender_id}`).sort());
    // The conversation's last message time and each writer's read marker moved; the stranger has no marker here.
    const [times] = await queryRows<{ last: Date; patient: Date; carer: Date; latest: Date }>(
      t.database.db,
      sql`select c.last_message_at as last,
            (select last_read_at from conversation_participants where conversation_id = c.id and user_id = ${patient.userId}) as patient,
            (select last_read_at from conversation_participants where conversation_id = c.id and user_id = ${practice.provider.userId}) as carer,
            (select max(created_at) from messages where body like ${`% ${tag}`}) as latest
          from conversations c where c.id = ${conversationId}`,
    );
    expect(new Date(times!.last).getTime()).toBe(new Date(times!.latest).getTime());
    expect(times!.patient).not.toBeNull();
    expect(times!.carer).not.toBeNull();
    // Live: each person hears of the other's messages only (in the batch's NOTIFY), the stranger of none.
    const heard = async (socket: TestSocket, expected: string[]) => {
      await socket.next((f) => f.type === 'event' && f.event === 'message' && f.data['id'] === expected.at(-1));
      await new Promise((resolve) => setTimeout(resolve, 200));
      return socket.frames.flatMap((f) => (f.type === 'event' && f.event === 'message' && ids.includes(String(f.data['id'])) ? [String(f.data['id'])] : []));
    };
    const fromPatient = [ids[0]!, ids[2]!];
    const fromCarer = [ids[1]!, ids[3]!];
    expect(await heard(carerSocket, fromPatient)).toEqual(fromPatient);
    expect(await heard(patientSocket, fromCarer)).toEqual(fromCarer);
    expect(strangerSocket.frames.filter((f) => f.type === 'event')).toHaveLength(0);
    expect([...carerSocket.invalid, ...patientSocket.invalid, ...strangerSocket.invalid]).toEqual([]);
    for (const socket of sockets) socket.ws.close();
  });

  it('a message the database refuses fails alone: the rest of its batch is written on its own', async () => {
    const poison = `poison ${randomUUID()}`;
    // A real refusal inside the statement (a trigger of this test's database), not a mocked one.
    await t.database.db.execute(
      sql.raw(`create function test_refuse_poison() returns trigger language plpgsql as $$ begin
        if new.body = '${poison}' then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await t.database.db.execute(sql`create trigger test_refuse_poison before insert on messages for each row execute function test_refuse_poison()`);
    try {
      const input = (senderId: string, body: string) => sendInput(conversationId, senderId, body);
      const answers = await sendBatch(t.database.db, [
        input(practice.provider.userId, 'Before the bad one'),
        input(patient.userId, poison),
        input(stranger.userId, 'Not my conversation'),
        input(patient.userId, 'After the bad one'),
      ]);
      expect(answers[0]).toEqual(expect.objectContaining({ body: 'Before the bad one', sender_id: practice.provider.userId }));
      expect(answers[1]).toBeInstanceOf(Error);
      expect(answers[2]).toBeNull();
      expect(answers[3]).toEqual(expect.objectContaining({ body: 'After the bad one', sender_id: patient.userId }));
      const stored = await queryRows<{ body: string }>(
        t.database.db,
        sql`select body from messages where conversation_id = ${conversationId} and body in ('Before the bad one', 'After the bad one', ${poison}, 'Not my conversation') order by created_at`,
      );
      expect(stored.map((r) => r.body).sort()).toEqual(['After the bad one', 'Before the bad one']);
    } finally {
      await t.database.db.execute(sql`drop trigger test_refuse_poison on messages`);
      await t.database.db.execute(sql`drop function test_refuse_poison()`);
    }
  });
});

describe('the conversation list, narrowed', () => {
  it('finds conversations by every word of a name (any case, the organisation’s too) and by unread messages, and counts what matched', async () => {
    const inbox = await createPractice(t);
    const ana = await createSignedInUser(t, { prefix: 'ana-quill' });
    const bo = await createSignedInUser(t, { prefix: 'bo-quill' });
    const cy = await createSignedInUser(t, { prefix: 'cy-fern' });
    for (const [who, hours] of [[ana, 80], [bo, 82], [cy, 84]] as const) {
      const booked = await bookWith(who, inbox, hours);
      expect((await call(who, 'POST', '/api/v1/conversations', { appointmentId: booked, body: `Hello from ${who.name}` })).statusCode).toBe(201);
    }
    const list = async (query: string) => {
      const res = await call(inbox.provider, 'GET', `/api/v1/conversations?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<ConversationList>();
      return { total: body.total, names: body.conversations.map((c) => c.with.name).sort() };
    };
    expect((await list('')).total).toBe(3);
    expect(await list('q=QUILL')).toEqual({ total: 2, names: [ana.name, bo.name].sort() });
    // Every word must be in the name: "quill ana" is one person.
    expect(await list(`q=${encodeURIComponent(`quill ${ana.name.split(' ').pop()}`)}`)).toEqual({ total: 1, names: [ana.name] });
    // The pattern's own characters are literal: "%" matches no name.
    expect(await list('q=%25')).toEqual({ total: 0, names: [] });
    expect(await list('q=_')).toEqual({ total: 0, names: [] });
    // The patient finds the conversation by the organisation's name.
    const organisation = (await call(ana, 'GET', '/api/v1/conversations')).json<ConversationList>().conversations[0]!.organisation.name;
    expect((await call(ana, 'GET', `/api/v1/conversations?q=${encodeURIComponent(organisation.toUpperCase())}`)).json<ConversationList>().total).toBe(1);

    // Unread: all three are; once Bo's is read, two; with the name too, one.
    expect((await list('unread=true')).total).toBe(3);
    const bos = (await call(inbox.provider, 'GET', `/api/v1/conversations?q=${encodeURIComponent(bo.name)}`)).json<ConversationList>().conversations[0]!;
    expect((await call(inbox.provider, 'POST', `/api/v1/conversations/${bos.id}/read`, {})).statusCode).toBe(200);
    expect(await list('unread=true')).toEqual({ total: 2, names: [ana.name, cy.name].sort() });
    expect(await list('unread=true&q=quill')).toEqual({ total: 1, names: [ana.name] });
    // A message of my own does not make a conversation unread.
    expect((await call(inbox.provider, 'POST', `/api/v1/conversations/${bos.id}/messages`, { body: 'See you then.' })).statusCode).toBe(201);
    expect((await list('unread=true')).total).toBe(2);

    // Bad filters are refused with the field named.
    const long = await call(inbox.provider, 'GET', `/api/v1/conversations?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'request.invalid', errors: [expect.objectContaining({ path: 'querystring.q' })] });
    expect((await call(inbox.provider, 'GET', '/api/v1/conversations?unread=yes')).statusCode).toBe(400);
  });

  it('finds conversations by the words of one message or of a file’s name, says which message matched, and audits it as shown', async () => {
    const inbox = await createPractice(t);
    const dee = await createSignedInUser(t, { prefix: 'dee-heron' });
    const eli = await createSignedInUser(t, { prefix: 'eli-heron' });
    const word = `brace${randomUUID().slice(0, 8)}`;
    const deeBooked = await bookWith(dee, inbox, 90);
    const started = await call(dee, 'POST', '/api/v1/conversations', { appointmentId: deeBooked, body: `My knee ${word} is rubbing since Tuesday.` });
    expect(started.statusCode, started.body).toBe(201);
    const deeConversation = started.json<Conversation>();
    const knee = deeConversation.messages[0]!;
    // A later message, the conversation's newest: the list's preview, not the match.
    expect((await call(inbox.provider, 'POST', `/api/v1/conversations/${deeConversation.id}/messages`, { body: 'Thanks, bring it on the day.' })).statusCode).toBe(201);
    const eliBooked = await bookWith(eli, inbox, 92);
    const eliConversation = (await call(eli, 'POST', '/api/v1/conversations', { appointmentId: eliBooked, body: 'Hello' })).json<Conversation>();
    const form = multipartBody([{ name: 'file', filename: `scan-${word}.png`, contentType: 'image/png', body: TINY_PNG }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${eliConversation.id}/attachments`, headers: { cookie: eli.cookie, ...form.headers }, payload: form.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const scan = uploaded.json<Conversation>().messages.at(-1)!;

    const search = async (who: SignedIn, q: string) => {
      const res = await call(who, 'GET', `/api/v1/conversations?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ConversationList>();
    };
    // Any case; the text's conversation and the file's, each with the message that matched.
    const found = await search(inbox.provider, word.toUpperCase());
    expect(found.total).toBe(2);
    const byPerson = new Map(found.conversations.map((c) => [c.with.name, c]));
    expect(byPerson.get(dee.name)!.match).toMatchObject({ id: knee.id, body: `My knee ${word} is rubbing since Tuesday.`, mine: false });
    expect(byPerson.get(dee.name)!.lastMessage).toMatchObject({ body: 'Thanks, bring it on the day.', mine: true });
    expect(byPerson.get(eli.name)!.match).toMatchObject({ id: scan.id, attachments: [expect.objectContaining({ fileName: `scan-${word}.png` })] });
    // Every word in one message: "knee" and "bring" are in two different ones.
    expect((await search(inbox.provider, `${word} knee tuesday`)).total).toBe(1);
    expect((await search(inbox.provider, `${word} bring`)).total).toBe(0);
    // Found by a name, a conversation says no message matched.
    const byName = await search(inbox.provider, dee.name);
    expect(byName.conversations.map((c) => [c.with.name, c.match])).toEqual([[dee.name, null]]);
    // Without a search, nothing matched.
    expect((await search(inbox.provider, '')).conversations.every((c) => c.match === null)).toBe(true);
    // The patient finds their own message; nobody else finds it, even knowing its words.
    expect((await search(dee, word)).conversations.map((c) => c.match?.id)).toEqual([knee.id]);
    for (const who of [eli, stranger, otherPractice.provider]) {
      const theirs = await search(who, `knee ${word}`);
      expect(theirs.total).toBe(0);
    }
    // What the list showed was read: the matched message is in the audit event with the newest.
    const [previewed] = await queryRows<{ metadata: { conversations: string[]; messages: string[] } }>(
      t.database.db,
      sql`select metadata from audit_events where action = 'message.previewed' and actor_user_id = ${dee.userId} order by id desc limit 1`,
    );
    expect(previewed!.metadata.conversations).toEqual([deeConversation.id]);
    expect(previewed!.metadata.messages.sort()).toEqual([knee.id, byPerson.get(dee.name)!.lastMessage!.id].sort());
  });
});

describe('the people one may write to (New message)', () => {
  const recipients = async (who: SignedIn, q = '', page = 1) => {
    const res = await call(who, 'GET', `/api/v1/conversations/recipients?page=${page}${q ? `&q=${encodeURIComponent(q)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json<RecipientList>();
  };

  it('lists each person an appointment links me with once, through the next appointment, nearest first; staff see their patients; nobody else', async () => {
    const writer = await createSignedInUser(t, { prefix: 'msg-writer' });
    const near = await bookWith(writer, otherPractice, 80);
    const first = await bookWith(writer, practice, 100);
    const later = await bookWith(writer, practice, 120);

    const mine = await recipients(writer);
    expect(mine).toMatchObject({ page: 1, pageSize: 20, total: 2 });
    expect(mine.recipients).toEqual([
      expect.objectContaining({ appointmentId: near, organisation: expect.objectContaining({ id: otherPractice.tenantId }), with: expect.objectContaining({ id: otherPractice.provider.userId, role: 'carer' }), conversationId: null }),
      expect.objectContaining({ appointmentId: first, organisation: expect.objectContaining({ id: practice.tenantId }), with: expect.objectContaining({ id: practice.provider.userId, role: 'carer' }), conversationId: null }),
    ]);
    expect(mine.recipients[1]!.startsAt).toBe((await call(writer, 'GET', `/api/v1/appointments/${first}`)).json<Appointment>().startsAt);

    // A cancelled appointment gives way to the one still to happen.
    const cancel = await call(writer, 'POST', `/api/v1/appointments/${first}/cancel`, { reason: 'Moving' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await recipients(writer)).recipients.map((r) => r.appointmentId)).toEqual([near, later]);

    // Writing through the recipient's appointment starts the conversation; the list then names it.
    const started = await call(writer, 'POST', '/api/v1/conversations', { appointmentId: later, body: 'A question before my visit.' });
    expect(started.statusCode, started.body).toBe(201);
    const conversationId = started.json<Conversation>().id;
    expect((await recipients(writer)).recipients.find((r) => r.appointmentId === later)?.conversationId).toBe(conversationId);

    // Narrowed by every word of the person's name or the organisation's, in any case.
    const byName = await recipients(writer, practice.provider.name.toUpperCase());
    expect(byName.recipients.map((r) => r.with.id)).toEqual([practice.provider.userId]);
    expect(byName.total).toBe(1);
    const orgName = (await recipients(writer)).recipients.find((r) => r.organisation.id === otherPractice.tenantId)!.organisation.name;
    expect((await recipients(writer, orgName)).recipients.map((r) => r.with.id)).toEqual([otherPractice.provider.userId]);
    expect((await recipients(writer, `${practice.provider.name} nobody-by-this-word`)).total).toBe(0);

    // The provider sees the patient (once, with the conversation); the other provider too, without one.
    const theirs = await recipients(practice.provider, writer.name);
    expect(theirs.recipients).toEqual([expect.objectContaining({ appointmentId: later, with: expect.objectContaining({ id: writer.userId, role: 'patient' }), conversationId })]);
    expect((await recipients(otherPractice.provider, writer.name)).recipients).toEqual([
      expect.objectContaining({ appointmentId: near, with: expect.objectContaining({ id: writer.userId, role: 'patient' }), conversationId: null }),
    ]);
    // Someone without appointments has nobody to write to; a page past the end is empty, with the total.
    expect(await recipients(stranger)).toMatchObject({ recipients: [], total: 0 });
    expect(await recipients(writer, '', 2)).toMatchObject({ recipients: [], total: 2, page: 2 });
  });

  it('refuses a malformed query with the field named, and asks for a session', async () => {
    const long = await call(patient, 'GET', `/api/v1/conversations/recipients?q=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.headers['content-type']).toContain('application/problem+json');
    const page = await call(patient, 'GET', '/api/v1/conversations/recipients?page=0');
    expect(page.statusCode).toBe(400);
    const unknown = await call(patient, 'GET', '/api/v1/conversations/recipients?unread=true');
    expect(unknown.statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/v1/conversations/recipients')).statusCode).toBe(401);
  });
});
