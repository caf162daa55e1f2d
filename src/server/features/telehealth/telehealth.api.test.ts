import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '../../../shared/contracts/appointments.js';
import { MAX_SIGNAL_FRAME_BYTES, type ServerFrame, type ServerVisitPeer } from '../../../shared/contracts/realtime.js';
import type { IceConfig, TelehealthDay, Visit, VisitChat } from '../../../shared/contracts/telehealth.js';
import { startSmtpListener, type SmtpListener } from '../../../testing/smtp-listener.js';
import { queryRows } from '../../platform/db/database.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { bookAppointment, createPractice, slotStartIn, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';
import { openSignedInSocket, type TestSocket } from '../../testing/realtime-client.js';

let t: TestApp;
let base: string;
let smtp: SmtpListener;
let practice: Practice;
let otherPractice: Practice;
let patient: SignedIn;
let stranger: SignedIn;
let interpreter: SignedIn;
/** A telehealth appointment starting in 10 minutes: its join window is open. */
let soonId: string;
/** One starting in three hours: not open yet. */
let laterId: string;
const opened: TestSocket[] = [];
/** The server's clock runs this far ahead of the real one (to reach an appointment's start). */
let clockAheadMs = 0;

const book = (who: SignedIn, startsAt: string): Promise<string> => bookAppointment(t, who, practice, new Date(startsAt));

function call(who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** The UTC day of the soon appointment as the server sees it. */
const soonDate = () => new Date(Date.now() + clockAheadMs).toISOString().slice(0, 10);

const visitUrl = (id: string, action = '') => `/api/v1/telehealth/visits/${id}${action}`;

async function socketFor(who: SignedIn): Promise<TestSocket> {
  const socket = await openSignedInSocket(base, who.cookie);
  opened.push(socket);
  return socket;
}

const isVisitEvent = (kind: string) => (f: ServerFrame) => f.type === 'event' && f.event === 'visit' && f.data.kind === kind;

beforeAll(async () => {
  smtp = await startSmtpListener();
  // Sessions that outlive a day of the server's clock moving on (the midnight test).
  t = await startTestApp(
    // Presence (telehealth-presence.api.test.ts) stays out of the way here: these tests join over
    // HTTP without a page's socket and move the clock by minutes.
    { SMTP_URL: smtp.url, REALTIME_FRAMES_PER_SECOND: '1000', SESSION_IDLE_MINUTES_STAFF: '1440', SESSION_ABSOLUTE_HOURS: '48', TELEHEALTH_PRESENCE_GRACE_SECONDS: '3600', TELEHEALTH_PRESENCE_INTERVAL_SECONDS: '3600', TELEHEALTH_EMPTY_END_SECONDS: '3600' },
    { now: () => new Date(Date.now() + clockAheadMs) },
  );
  base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  practice = await createPractice(t, { mode: 'telehealth', telehealth: true, durationMinutes: 30, smtp });
  otherPractice = await createPractice(t, { smtp });
  patient = await createSignedInUser(t, { prefix: 'visit-patient', smtp });
  stranger = await createSignedInUser(t, { prefix: 'visit-stranger', smtp });
  interpreter = await createSignedInUser(t, { prefix: 'visit-interpreter', smtp });
  const soonStart = slotStartIn(10);
  soonId = await book(patient, soonStart);
  // From here the server's clock reads 5 minutes before that start: the join window is open.
  clockAheadMs = new Date(soonStart).getTime() - 5 * 60_000 - Date.now();
  laterId = await book(patient, slotStartIn(180));
});
afterAll(async () => {
  for (const s of opened) {
    expect(s.invalid).toEqual([]);
    s.ws.terminate();
  }
  await t?.close();
  await smtp?.close();
});

describe('video visits', () => {
  it('is only for the appointment’s people: anyone else gets 404, signed out 401', async () => {
    for (const who of [stranger, otherPractice.provider]) {
      for (const [method, action, body] of [
        ['GET', '', undefined],
        ['POST', '/join', {}],
        ['POST', '/admit', { userId: patient.userId }],
        ['POST', '/end', { complete: false }],
        ['GET', '/chat', undefined],
        ['POST', '/chat', { body: 'hello' }],
        ['POST', '/invite', { email: 'x@example.test', role: 'carer' }],
      ] as const) {
        const res = await call(who, method, visitUrl(soonId, action), body);
        expect(res.statusCode, `${method} ${action}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'visit.not-found' });
      }
    }
    // The page answers as the API does: HTTP 404 with the not-found page for anyone else, or an
    // id no appointment can have; its own people and signed-out visitors (sent to sign in) get 200.
    for (const [who, id, status] of [
      [stranger, soonId, 404],
      [otherPractice.provider, soonId, 404],
      [patient, 'not-a-uuid', 404],
      [patient, randomUUID(), 404],
      [patient, soonId, 200],
      [practice.provider, soonId, 200],
      [null, soonId, 200],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url: `/appointments/telehealth/${id}`, headers: who ? { cookie: who.cookie } : {} });
      expect(page.statusCode, `${who?.email ?? 'signed out'} ${id}`).toBe(status);
      expect(/>Page Not Found<\/h1>/.test(page.body), `${who?.email ?? 'signed out'} ${id}`).toBe(status === 404);
    }
    // Another organisation's day of video visits holds none of this one's.
    const theirs = await call(otherPractice.provider, 'GET', `/api/v1/practice/telehealth?timeZone=UTC&date=${soonDate()}`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<TelehealthDay>().visits).toEqual([]);
    expect((await call(patient, 'GET', '/api/v1/practice/telehealth')).statusCode).toBe(403);
    expect((await call(null, 'GET', visitUrl(soonId))).statusCode).toBe(401);
    expect((await call(patient, 'GET', visitUrl(randomUUID()))).statusCode).toBe(404);
    expect((await call(patient, 'GET', visitUrl('not-a-uuid'))).statusCode).toBe(400);
  });

  it('says how each appointment is held: an in-person one has no video visit (unavailable, mode in_person)', async () => {
    expect((await call(patient, 'GET', visitUrl(soonId))).json<Visit>()).toMatchObject({ mode: 'telehealth' });
    const inPerson = await bookAppointment(t, patient, otherPractice, new Date(slotStartIn(2 * 24 * 60)));
    const visit = await call(patient, 'GET', visitUrl(inPerson));
    expect(visit.statusCode, visit.body).toBe(200);
    expect(visit.json<Visit>()).toMatchObject({ mode: 'in_person', phase: 'unavailable', status: 'booked' });
    expect((await call(patient, 'POST', visitUrl(inPerson, '/join'), {})).json()).toMatchObject({ code: 'visit.unavailable' });
  });

  it('opens 15 minutes before the start: joining earlier is refused with the time it opens', async () => {
    const visit = (await call(patient, 'GET', visitUrl(laterId))).json<Visit>();
    expect(visit).toMatchObject({ phase: 'not-open', me: { role: 'patient', state: null } });
    const res = await call(patient, 'POST', visitUrl(laterId, '/join'), {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'visit.not-open', opensAt: visit.joinOpensAt });
  });

  it('the patient waits, the provider is told live and admits them; the appointment is checked in and the visit started', async () => {
    const providerSocket = await socketFor(practice.provider);
    const waited = await call(patient, 'POST', visitUrl(soonId, '/join'), {});
    expect(waited.statusCode, waited.body).toBe(200);
    expect(waited.json<Visit>()).toMatchObject({ phase: 'open', me: { role: 'patient', state: 'waiting' }, startedAt: null });
    await providerSocket.next(isVisitEvent('waiting'));

    // The provider's day shows who is waiting.
    const day = (await call(practice.provider, 'GET', `/api/v1/practice/telehealth?timeZone=UTC&date=${soonDate()}`)).json<TelehealthDay>();
    expect(day.visits.find((v) => v.appointmentId === soonId)?.waiting).toEqual([expect.objectContaining({ userId: patient.userId, role: 'patient' })]);

    // Only the provider admits; the patient cannot admit themselves, or chat before being in.
    expect((await call(patient, 'POST', visitUrl(soonId, '/admit'), { userId: patient.userId })).json()).toMatchObject({ code: 'visit.provider-only' });
    expect((await call(patient, 'POST', visitUrl(soonId, '/chat'), { body: 'hi' })).json()).toMatchObject({ code: 'visit.not-admitted' });

    const joined = (await call(practice.provider, 'POST', visitUrl(soonId, '/join'), {})).json<Visit>();
    expect(joined.me).toMatchObject({ role: 'provider', state: 'admitted' });
    const patientSocket = await socketFor(patient);
    const admitted = await call(practice.provider, 'POST', visitUrl(soonId, '/admit'), { userId: patient.userId });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(admitted.json<Visit>().participants.find((p) => p.userId === patient.userId)).toMatchObject({ state: 'admitted' });
    expect(admitted.json<Visit>().startedAt).not.toBeNull();
    await patientSocket.next(isVisitEvent('admitted'));
    const appointment = (await call(patient, 'GET', `/api/v1/appointments/${soonId}`)).json<Appointment>();
    expect(appointment.status).toBe('checked_in');

    // A reload: joining again keeps the admission.
    expect((await call(patient, 'POST', visitUrl(soonId, '/join'), {})).json<Visit>().me.state).toBe('admitted');
  });

  it('relays signalling between the admitted people only, large session descriptions included', async () => {
    const provider = await socketFor(practice.provider);
    const mine = await socketFor(patient);
    const outsider = await socketFor(stranger);

    provider.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'provider-peer-1' });
    await provider.next((f) => f.type === 'visit.joined');
    mine.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'patient-peer-1' });
    await mine.next((f) => f.type === 'visit.joined');
    expect(await provider.next((f) => f.type === 'visit.peer')).toEqual({
      type: 'visit.peer',
      appointmentId: soonId,
      userId: patient.userId,
      peerId: 'patient-peer-1',
      joinId: expect.any(String),
      state: 'joined',
    });

    // An offer bigger than a NOTIFY payload (8000 bytes) goes through the relay table, and the
    // candidate sent after it is not delivered before it.
    const sdp = `v=0\r\n${'a=x-padding:'.padEnd(100, 'x')}\r\n`.repeat(120);
    expect(sdp.length).toBeGreaterThan(10_000);
    expect(sdp.length).toBeLessThan(MAX_SIGNAL_FRAME_BYTES);
    mine.sendJson({ type: 'visit.signal', appointmentId: soonId, peerId: 'patient-peer-1', toUserId: practice.provider.userId, toPeerId: 'provider-peer-1', description: { type: 'offer', sdp } });
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    mine.sendJson({ type: 'visit.signal', appointmentId: soonId, peerId: 'patient-peer-1', toUserId: practice.provider.userId, toPeerId: 'provider-peer-1', candidate });
    const offer = await provider.next((f) => f.type === 'visit.signal' && f.description !== undefined);
    expect(offer).toMatchObject({ fromUserId: patient.userId, fromPeerId: 'patient-peer-1', toPeerId: 'provider-peer-1', description: { type: 'offer', sdp } });
    await provider.next((f) => f.type === 'visit.signal' && f.candidate !== undefined);
    expect(provider.frames.filter((f) => f.type === 'visit.signal').map((f) => (f.type === 'visit.signal' && f.description ? 'description' : 'candidate'))).toEqual(['description', 'candidate']);

    // The microphone and camera state goes the same way, checked with the shared schema.
    mine.sendJson({ type: 'visit.signal', appointmentId: soonId, peerId: 'patient-peer-1', toUserId: practice.provider.userId, toPeerId: 'provider-peer-1', media: { audio: false, video: true } });
    expect(await provider.next((f) => f.type === 'visit.signal' && f.media !== undefined)).toEqual({
      type: 'visit.signal',
      appointmentId: soonId,
      fromUserId: patient.userId,
      fromPeerId: 'patient-peer-1',
      toPeerId: 'provider-peer-1',
      media: { audio: false, video: true },
    });
    for (const media of [{ audio: 'off', video: true }, { audio: false }, { audio: false, video: false, screen: true }]) {
      const from = mine.frames.length;
      mine.sendJson({ type: 'visit.signal', appointmentId: soonId, peerId: 'patient-peer-1', toUserId: practice.provider.userId, toPeerId: 'provider-peer-1', media });
      expect(await mine.next((f) => f.type === 'error', 5000, from)).toMatchObject({ code: 'realtime.invalid-frame' });
    }
    expect(provider.frames.filter((f) => f.type === 'visit.signal' && f.media !== undefined)).toHaveLength(1);

    // Someone not in the visit can neither join its call nor signal into it, and hears nothing.
    outsider.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'outsider-peer-1' });
    expect(await outsider.next((f) => f.type === 'error')).toMatchObject({ code: 'realtime.visit-forbidden' });
    outsider.sendJson({ type: 'visit.signal', appointmentId: soonId, peerId: 'outsider-peer-1', toUserId: patient.userId, toPeerId: 'patient-peer-1', candidate });
    await outsider.next((f) => f.type === 'error' && outsider.frames.filter((x) => x.type === 'error').length === 2);
    // A member cannot signal a person outside the call either.
    const beforeStranger = mine.frames.length;
    mine.sendJson({ type: 'visit.signal', appointmentId: soonId, peerId: 'patient-peer-1', toUserId: stranger.userId, toPeerId: 'outsider-peer-1', candidate });
    expect(await mine.next((f) => f.type === 'error', 5000, beforeStranger)).toMatchObject({ code: 'realtime.visit-forbidden' });
    expect(outsider.frames.filter((f) => f.type === 'visit.signal' || f.type === 'visit.peer')).toEqual([]);

    // Closing a socket tells the others the tab left.
    mine.ws.close();
    expect(await provider.next((f) => f.type === 'visit.peer' && f.state === 'left')).toMatchObject({ userId: patient.userId, peerId: 'patient-peer-1' });
  });

  it('a tab back on a new socket keeps its peer id: the old socket closing late does not tell the others it left', async () => {
    const provider = await socketFor(practice.provider);
    provider.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'provider-peer-9' });
    await provider.next((f) => f.type === 'visit.joined');
    const peerFrames = () => provider.frames.filter((f): f is ServerVisitPeer => f.type === 'visit.peer' && f.peerId === 'patient-peer-9');

    // The patient's tab joins on socket A; its network drops and it joins again on socket B with
    // the same peer id, while the server still holds A (its heartbeat cuts A up to a minute later).
    const socketA = await socketFor(patient);
    socketA.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'patient-peer-9' });
    await socketA.next((f) => f.type === 'visit.joined');
    await provider.next((f) => f.type === 'visit.peer' && f.peerId === 'patient-peer-9' && f.state === 'joined');
    const socketB = await socketFor(patient);
    socketB.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'patient-peer-9' });
    await socketB.next((f) => f.type === 'visit.joined');
    await vi.waitFor(() => expect(peerFrames()).toHaveLength(2));
    const [first, second] = peerFrames().map((f) => f.joinId);
    expect(first).toEqual(expect.any(String));
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);

    // Socket A is closed at last: the tab is still in the call, on B.
    socketA.ws.close();
    await socketA.closed;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(peerFrames().map((f) => f.state)).toEqual(['joined', 'joined']);
    // Signalling from the tab on B still reaches the provider.
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    socketB.sendJson({ type: 'visit.signal', appointmentId: soonId, peerId: 'patient-peer-9', toUserId: practice.provider.userId, toPeerId: 'provider-peer-9', candidate });
    await provider.next((f) => f.type === 'visit.signal' && f.fromPeerId === 'patient-peer-9');

    // When B goes, the tab has left: told once, with B's join.
    socketB.ws.close();
    await provider.next((f) => f.type === 'visit.peer' && f.peerId === 'patient-peer-9' && f.state === 'left');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peerFrames().map((f) => [f.state, f.joinId])).toEqual([
      ['joined', first],
      ['joined', second],
      ['left', second],
    ]);
  });

  it('joining from another tab or device tells the older tab it lost its place, which then relays nothing', async () => {
    const provider = await socketFor(practice.provider);
    provider.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'provider-peer-10' });
    await provider.next((f) => f.type === 'visit.joined');
    const tabA = await socketFor(patient);
    tabA.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'patient-tab-a' });
    await tabA.next((f) => f.type === 'visit.joined');
    await provider.next((f) => f.type === 'visit.peer' && f.peerId === 'patient-tab-a' && f.state === 'joined');

    // The same patient opens the visit in a second tab and joins: tab A is told, with the newer tab's peer id.
    const tabB = await socketFor(patient);
    tabB.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'patient-tab-b' });
    await tabB.next((f) => f.type === 'visit.joined');
    // (Tab A may first hear its own join's notice, relayed back through PostgreSQL with its own peer id; its page ignores that one.)
    expect(await tabA.next((f) => f.type === 'visit.superseded' && f.peerId !== 'patient-tab-a')).toEqual({ type: 'visit.superseded', appointmentId: soonId, peerId: 'patient-tab-b' });
    await provider.next((f) => f.type === 'visit.peer' && f.peerId === 'patient-tab-b' && f.state === 'joined');

    // Tab A is out of the call: its signalling is refused, tab B's goes through.
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    tabA.sendJson({ type: 'visit.signal', appointmentId: soonId, peerId: 'patient-tab-a', toUserId: practice.provider.userId, toPeerId: 'provider-peer-10', candidate });
    await tabA.next((f) => f.type === 'error' && f.code === 'realtime.visit-forbidden');
    tabB.sendJson({ type: 'visit.signal', appointmentId: soonId, peerId: 'patient-tab-b', toUserId: practice.provider.userId, toPeerId: 'provider-peer-10', candidate });
    await provider.next((f) => f.type === 'visit.signal' && f.fromPeerId === 'patient-tab-b');
    expect(provider.frames.some((f) => f.type === 'visit.signal' && f.fromPeerId === 'patient-tab-a')).toBe(false);

    // Tab A's page leaves and closes: the others hear of no departure (the patient is still here, in tab B).
    tabA.sendJson({ type: 'visit.leave', appointmentId: soonId, peerId: 'patient-tab-a' });
    tabA.ws.close();
    await tabA.closed;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(provider.frames.some((f) => f.type === 'visit.peer' && f.state === 'left')).toBe(false);
    // The provider's join, and the newer tab's own, told nobody else they lost their place.
    expect(provider.frames.some((f) => f.type === 'visit.superseded' && f.peerId !== 'provider-peer-10')).toBe(false);
    expect(tabB.frames.some((f) => f.type === 'visit.superseded' && f.peerId !== 'patient-tab-b')).toBe(false);
    tabB.ws.close();
    provider.ws.close();
  });

  it('keeps the in-call chat with the appointment, delivered live; reading and writing are audited', async () => {
    const patientSocket = await socketFor(patient);
    const sent = await call(practice.provider, 'POST', visitUrl(soonId, '/chat'), { body: 'Can you hear me?' });
    expect(sent.statusCode, sent.body).toBe(201);
    await patientSocket.next(isVisitEvent('chat'));
    const chat = (await call(patient, 'GET', visitUrl(soonId, '/chat'))).json<VisitChat>();
    expect(chat.messages.map((m) => [m.body, m.mine])).toEqual([['Can you hear me?', false]]);
    expect((await call(patient, 'POST', visitUrl(soonId, '/chat'), { body: '' })).statusCode).toBe(400);
    const audit = await queryRows<{ action: string }>(t.database.db, sql`select action from audit_events where target_id = ${soonId} or metadata->>'appointmentId' = ${soonId}`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['telehealth.chat.sent', 'telehealth.chat.read', 'telehealth.waiting', 'telehealth.admitted', 'telehealth.started']));
  });

  it('the provider invites an interpreter by email; signed in with that address they wait and are admitted', async () => {
    const invited = await call(practice.provider, 'POST', visitUrl(soonId, '/invite'), { email: interpreter.email.toUpperCase(), role: 'interpreter' });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json<Visit>().participants).toContainEqual(expect.objectContaining({ role: 'interpreter', state: 'invited', email: interpreter.email.toLowerCase(), userId: null }));
    const mail = await smtp.waitFor((m) => m.to.includes(interpreter.email.toLowerCase()) && /video/i.test(m.subject));
    expect(mail.text).toContain(`/appointments/telehealth/${soonId}`);
    expect(mail.text).not.toContain('Check-up');
    expect((await call(practice.provider, 'POST', visitUrl(soonId, '/invite'), { email: interpreter.email, role: 'carer' })).json()).toMatchObject({ code: 'visit.already-invited' });
    expect((await call(practice.provider, 'POST', visitUrl(soonId, '/invite'), { email: 'not-an-email', role: 'carer' })).statusCode).toBe(400);
    expect((await call(patient, 'POST', visitUrl(soonId, '/invite'), { email: 'a@example.test', role: 'carer' })).json()).toMatchObject({ code: 'visit.provider-only' });

    // The patient does not see the guest's address.
    expect((await call(patient, 'GET', visitUrl(soonId))).json<Visit>().participants.every((p) => p.email === null)).toBe(true);

    const waiting = await call(interpreter, 'POST', visitUrl(soonId, '/join'), {});
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json<Visit>().me).toMatchObject({ role: 'interpreter', state: 'waiting' });
    await call(practice.provider, 'POST', visitUrl(soonId, '/admit'), { userId: interpreter.userId });
    expect((await call(interpreter, 'GET', visitUrl(soonId))).json<Visit>().me.state).toBe('admitted');
  });

  it('refuses to invite the visit’s own patient, or a guest who took their invitation, as a guest (409, nothing sent)', async () => {
    const before = (await call(practice.provider, 'GET', visitUrl(soonId))).json<Visit>().participants;
    const mailsBefore = smtp.received.filter((m) => m.to.includes(patient.email.toLowerCase())).length;
    const asPatient = await call(practice.provider, 'POST', visitUrl(soonId, '/invite'), { email: patient.email.toUpperCase(), role: 'carer' });
    expect(asPatient.statusCode, asPatient.body).toBe(409);
    expect(asPatient.headers['content-type']).toContain('application/problem+json');
    expect(asPatient.json()).toMatchObject({ code: 'visit.already-participant' });
    // The interpreter admitted above, by the address of their account.
    expect((await call(practice.provider, 'POST', visitUrl(soonId, '/invite'), { email: interpreter.email, role: 'carer' })).statusCode).toBe(409);
    expect((await call(practice.provider, 'POST', visitUrl(soonId, '/invite'), { email: practice.provider.email, role: 'carer' })).json()).toMatchObject({ code: 'visit.invite-self' });
    expect((await call(practice.provider, 'GET', visitUrl(soonId))).json<Visit>().participants).toEqual(before);
    expect(smtp.received.filter((m) => m.to.includes(patient.email.toLowerCase()))).toHaveLength(mailsBefore);
  });

  it('row-level security keeps the visit’s rows from anyone else, whatever organisation they act in', async () => {
    const seen = await asAppUser(t.database.db, { tenantId: practice.tenantId, userId: stranger.userId }, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select (select count(*)::int from telehealth_visits) + (select count(*)::int from telehealth_participants) + (select count(*)::int from telehealth_chat_messages) + (select count(*)::int from telehealth_events) as n`,
      ),
    );
    expect(seen[0]?.n).toBe(0);
    await expect(
      asAppUser(t.database.db, { tenantId: practice.tenantId, userId: stranger.userId }, (tx) =>
        tx.execute(sql`insert into telehealth_chat_messages (appointment_id, tenant_id, sender_id, sender_name, body) values (${soonId}, ${practice.tenantId}, ${stranger.userId}, 'x', 'x')`),
      ),
    ).rejects.toThrow();
    await expect(asAppUser(t.database.db, { tenantId: null, userId: stranger.userId }, (tx) => tx.execute(sql`select * from realtime_relay`))).rejects.toThrow();
  });

  it('gives ICE servers (none configured: host candidates only)', async () => {
    const res = await call(patient, 'GET', '/api/v1/telehealth/ice-servers');
    expect(res.statusCode).toBe(200);
    expect(res.json<IceConfig>()).toEqual({ iceServers: [], ttlSeconds: 3600 });
  });

  it('the provider ends the visit and completes the appointment; nobody can join after', async () => {
    const patientSocket = await socketFor(patient);
    expect((await call(patient, 'POST', visitUrl(soonId, '/end'), { complete: true })).json()).toMatchObject({ code: 'visit.provider-only' });
    // Before the start the appointment cannot be completed (and the visit stays open).
    expect((await call(practice.provider, 'POST', visitUrl(soonId, '/end'), { complete: true })).json()).toMatchObject({ code: 'appointment.not-started' });
    expect((await call(practice.provider, 'GET', visitUrl(soonId))).json<Visit>()).toMatchObject({ phase: 'open', canComplete: false });
    clockAheadMs += 10 * 60_000;
    expect((await call(practice.provider, 'GET', visitUrl(soonId))).json<Visit>()).toMatchObject({ phase: 'open', canComplete: true });
    const ended = await call(practice.provider, 'POST', visitUrl(soonId, '/end'), { complete: true });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<Visit>()).toMatchObject({ phase: 'ended', status: 'completed' });
    expect(ended.json<Visit>().endedAt).not.toBeNull();
    await patientSocket.next(isVisitEvent('ended'));
    expect((await call(patient, 'GET', `/api/v1/appointments/${soonId}`)).json<Appointment>().status).toBe('completed');
    expect((await call(patient, 'POST', visitUrl(soonId, '/join'), {})).json()).toMatchObject({ code: 'visit.ended' });
    expect((await call(practice.provider, 'POST', visitUrl(soonId, '/end'), { complete: false })).json()).toMatchObject({ code: 'visit.ended' });
    patientSocket.sendJson({ type: 'visit.join', appointmentId: soonId, peerId: 'patient-peer-2' });
    expect(await patientSocket.next((f) => f.type === 'error')).toMatchObject({ code: 'realtime.visit-forbidden' });
    const events = await queryRows<{ kind: string }>(t.database.db, sql`select kind from telehealth_events where appointment_id = ${soonId} order by id`);
    expect(events.map((e) => e.kind)).toEqual(['waiting', 'admitted', 'started', 'invited', 'waiting', 'admitted', 'ended', 'completed']);
  });

  it('after "End visit" the provider can still complete the appointment from the ended visit; the end stays', async () => {
    // A visit of its own, 20 minutes or more ahead of the server's clock (which earlier tests moved on).
    const step = 15 * 60_000;
    const startsAt = Math.ceil((Date.now() + clockAheadMs + 20 * 60_000) / step) * step;
    const id = await book(patient, new Date(startsAt).toISOString());
    clockAheadMs = startsAt + 5 * 60_000 - Date.now();
    const patientSocket = await socketFor(patient);
    const ended = await call(practice.provider, 'POST', visitUrl(id, '/end'), { complete: false });
    expect(ended.statusCode, ended.body).toBe(200);
    const endedAt = ended.json<Visit>().endedAt;
    expect(endedAt).not.toBeNull();
    // Reopened later, the ended visit still offers the provider to complete the appointment.
    expect((await call(practice.provider, 'GET', visitUrl(id))).json<Visit>()).toMatchObject({ phase: 'ended', status: 'booked', canComplete: true, reopenable: false });
    expect((await call(patient, 'POST', visitUrl(id, '/end'), { complete: true })).json()).toMatchObject({ code: 'visit.provider-only' });
    // Ending it again is refused; completing it is not.
    expect((await call(practice.provider, 'POST', visitUrl(id, '/end'), { complete: false })).json()).toMatchObject({ code: 'visit.ended' });
    clockAheadMs += 60_000;
    const completed = await call(practice.provider, 'POST', visitUrl(id, '/end'), { complete: true });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json<Visit>()).toMatchObject({ phase: 'ended', status: 'completed', canComplete: false, endedAt });
    await patientSocket.next(isVisitEvent('completed'));
    expect((await call(patient, 'GET', `/api/v1/appointments/${id}`)).json<Appointment>().status).toBe('completed');
    // Once completed there is nothing left to complete.
    expect((await call(practice.provider, 'POST', visitUrl(id, '/end'), { complete: true })).statusCode).toBe(409);
    const events = await queryRows<{ kind: string }>(t.database.db, sql`select kind from telehealth_events where appointment_id = ${id} order by id`);
    expect(events.map((e) => e.kind)).toEqual(['ended', 'completed']);
  });

  it('a guest reads only the chat written since they were let in, hears of none before, and reads none of it once the visit has ended', async () => {
    // A visit of its own, open (5 minutes before its start on the server's clock).
    const step = 15 * 60_000;
    const startsAt = Math.ceil((Date.now() + clockAheadMs + 20 * 60_000) / step) * step;
    const id = await book(patient, new Date(startsAt).toISOString());
    clockAheadMs = startsAt - 5 * 60_000 - Date.now();
    const carer = await createSignedInUser(t, { prefix: 'visit-carer', smtp });
    const chatOf = async (who: SignedIn) => {
      const res = await call(who, 'GET', visitUrl(id, '/chat'));
      expect(res.statusCode, res.body).toBe(200);
      return res.json<VisitChat>().messages.map((m) => m.body);
    };
    // What row-level security alone lets a person read of the chat, without the service's rule.
    const rowsOf = async (who: SignedIn) =>
      (
        await asAppUser(t.database.db, { tenantId: null, userId: who.userId }, (tx) =>
          queryRows<{ body: string }>(tx, sql`select body from telehealth_chat_messages where appointment_id = ${id} order by created_at, id`),
        )
      ).map((r) => r.body);
    expect((await call(practice.provider, 'POST', visitUrl(id, '/join'), {})).statusCode).toBe(200);
    expect((await call(patient, 'POST', visitUrl(id, '/join'), {})).statusCode).toBe(200);
    expect((await call(practice.provider, 'POST', visitUrl(id, '/admit'), { userId: patient.userId })).statusCode).toBe(200);
    expect((await call(patient, 'POST', visitUrl(id, '/chat'), { body: 'Before anyone was invited' })).statusCode).toBe(201);
    expect((await call(practice.provider, 'POST', visitUrl(id, '/invite'), { email: carer.email, role: 'carer' })).statusCode).toBe(200);
    const carerSocket = await socketFor(carer);
    const waiting = await call(carer, 'POST', visitUrl(id, '/join'), {});
    expect(waiting.json<Visit>().me).toMatchObject({ role: 'carer', state: 'waiting' });
    expect((await call(patient, 'POST', visitUrl(id, '/chat'), { body: 'While the carer waited' })).statusCode).toBe(201);
    // Waiting, the carer reads nothing of the chat.
    expect(await chatOf(carer)).toEqual([]);
    expect(await rowsOf(carer)).toEqual([]);
    const admittedFrom = carerSocket.frames.length;
    expect((await call(practice.provider, 'POST', visitUrl(id, '/admit'), { userId: carer.userId })).statusCode).toBe(200);
    await carerSocket.next(isVisitEvent('admitted'), undefined, admittedFrom);
    // The messages written before were not announced to the carer's socket either.
    expect(carerSocket.frames.filter(isVisitEvent('chat'))).toEqual([]);
    expect((await call(practice.provider, 'POST', visitUrl(id, '/chat'), { body: 'Welcome, you are in the call' })).statusCode).toBe(201);
    await carerSocket.next(isVisitEvent('chat'));
    expect(await chatOf(carer)).toEqual(['Welcome, you are in the call']);
    expect((await call(carer, 'POST', visitUrl(id, '/chat'), { body: 'Hello from the carer' })).statusCode).toBe(201);
    expect(await chatOf(carer)).toEqual(['Welcome, you are in the call', 'Hello from the carer']);
    expect(await rowsOf(carer)).toEqual(['Welcome, you are in the call', 'Hello from the carer']);
    // The patient and the provider read all of it.
    const everything = ['Before anyone was invited', 'While the carer waited', 'Welcome, you are in the call', 'Hello from the carer'];
    expect(await chatOf(patient)).toEqual(everything);
    expect(await chatOf(practice.provider)).toEqual(everything);

    // Ended: the carer still sees that the visit ended (as for the visit's other routes), and none of its chat.
    expect((await call(practice.provider, 'POST', visitUrl(id, '/end'), { complete: false })).statusCode).toBe(200);
    expect((await call(carer, 'GET', visitUrl(id))).json<Visit>()).toMatchObject({ phase: 'ended' });
    // Ended before its start: the patient's upcoming appointment stays checked in (its outcome is
    // the practice's to record) and says its video visit ended, by a person (what the card shows).
    const upcoming = (await call(patient, 'GET', '/api/v1/appointments?when=upcoming')).json<{ appointments: Appointment[] }>();
    expect(upcoming.appointments.find((a) => a.id === id)).toMatchObject({ status: 'checked_in', visitEnded: { bySystem: false } });
    expect(await chatOf(carer)).toEqual([]);
    expect(await rowsOf(carer)).toEqual([]);
    expect(await chatOf(patient)).toEqual(everything);
    expect(await chatOf(practice.provider)).toEqual(everything);
    expect(await rowsOf(patient)).toEqual(everything);
    expect(await rowsOf(practice.provider)).toEqual(everything);
  });
});

describe('the provider’s day around midnight', () => {
  it('today also holds a visit of tomorrow whose waiting room is already open', async () => {
    const sydneyDate = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(ms));
    // A practice of its own, and the next midnight in Sydney at least 20 minutes ahead: 00:00–00:30
    // is a time it offers, and the server's clock moves less than a day (the sessions allow that here).
    // And a patient of its own: the shared patient's soon visit may be at that midnight too.
    const night = await createPractice(t, { mode: 'telehealth', telehealth: true, durationMinutes: 30, smtp });
    const nightPatient = await createSignedInUser(t, { prefix: 'visit-night', smtp });
    const step = 15 * 60_000;
    // (Ahead of the server's clock, which earlier tests moved on.)
    let midnight = Math.ceil((Date.now() + clockAheadMs + 20 * 60_000) / step) * step;
    while (sydneyDate(midnight - 1) === sydneyDate(midnight)) midnight += step;
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: { cookie: nightPatient.cookie, 'idempotency-key': randomUUID() },
      payload: { providerId: night.profileId, serviceId: night.serviceId, locationId: night.locationId, startsAt: new Date(midnight).toISOString() },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json<Appointment>().id;
    const saved = clockAheadMs;
    // The provider's day (no date: today in their zone) with the server's clock at `at`.
    const dayAt = async (at: number) => {
      clockAheadMs = at - Date.now();
      const res = await call(night.provider, 'GET', '/api/v1/practice/telehealth?timeZone=Australia%2FSydney');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TelehealthDay>();
    };
    try {
      // 23:30: the waiting room is not open yet; the visit is tomorrow's.
      const early = await dayAt(midnight - 30 * 60_000);
      expect(early.date).toBe(sydneyDate(midnight - 1));
      expect(early.visits.map((v) => v.appointmentId)).not.toContain(id);
      // 23:50: it is open, so today's list has it.
      const late = await dayAt(midnight - 10 * 60_000);
      expect(late.date).toBe(sydneyDate(midnight - 1));
      expect(late.visits.find((v) => v.appointmentId === id)).toMatchObject({ phase: 'open' });
      // And on its own day, as always.
      const own = await call(night.provider, 'GET', `/api/v1/practice/telehealth?timeZone=Australia%2FSydney&date=${sydneyDate(midnight)}`);
      expect(own.json<TelehealthDay>().visits.map((v) => v.appointmentId)).toContain(id);
    } finally {
      clockAheadMs = saved;
    }
  });
});

describe("the provider's day of video visits", () => {
  it('an empty day names the next day with a visit, in the viewer’s zone; a cancelled one is none, and another organisation sees none', async () => {
    const own = await createPractice(t, { mode: 'telehealth', telehealth: true, durationMinutes: 30, smtp });
    const who = await createSignedInUser(t, { prefix: 'visit-next', smtp });
    const serverNow = Date.now() + clockAheadMs;
    const dayIn = (days: number) => new Date(serverNow + days * 86_400_000).toISOString().slice(0, 10);
    const first = await bookAppointment(t, who, own, new Date(`${dayIn(3)}T10:00:00Z`));
    const second = await bookAppointment(t, who, own, new Date(`${dayIn(6)}T23:30:00Z`));
    const dayOf = async (viewer: SignedIn, date: string, zone = 'UTC') => {
      const res = await call(viewer, 'GET', `/api/v1/practice/telehealth?timeZone=${encodeURIComponent(zone)}&date=${date}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TelehealthDay>();
    };
    expect(await dayOf(own.provider, dayIn(1))).toMatchObject({ visits: [], next: { date: dayIn(3), startsAt: `${dayIn(3)}T10:00:00.000Z` } });
    const third = await dayOf(own.provider, dayIn(3));
    expect(third.visits.map((v) => v.appointmentId)).toEqual([first]);
    expect(third.next).toEqual({ date: dayIn(6), startsAt: `${dayIn(6)}T23:30:00.000Z` });
    // In Sydney, 23:30 UTC is the next morning: that is the day named.
    expect((await dayOf(own.provider, dayIn(4), 'Australia/Sydney')).next?.date).toBe(dayIn(7));
    // After the last one, nothing.
    expect((await dayOf(own.provider, dayIn(6))).next).toBeNull();
    // Another organisation's provider is not led to this one's visits.
    expect((await dayOf(otherPractice.provider, dayIn(1))).next).toBeNull();
    // A cancelled visit is not one to go to.
    const cancel = await call(who, 'POST', `/api/v1/appointments/${second}/cancel`, { reason: 'Travelling' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await dayOf(own.provider, dayIn(4))).next).toBeNull();
  });
});
