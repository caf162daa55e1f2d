import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../shared/contracts/realtime.js';
import type { Appointment } from '../../../shared/contracts/appointments.js';
import { visitOffered, type TelehealthDay, type Visit } from '../../../shared/contracts/telehealth.js';
import { startSmtpListener, type SmtpListener } from '../../../testing/smtp-listener.js';
import { queryRows } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { bookAppointment, createPractice, slotStartIn, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';
import { openSignedInSocket, type TestSocket } from '../../testing/realtime-client.js';

/**
 * Presence in video visits and the visit's end recorded without the provider's End: a person who
 * leaves the waiting room or whose page went away past the grace is no longer waiting; a started
 * visit nobody is in any more ends after a grace, not before the appointment's start, and its
 * provider can start it again; the appointment's end elsewhere ends it; a window that passed with
 * nobody in it ends it. The presence job is run at once (`app.telehealthPresence`)
 * after the server's clock is moved past a grace.
 */
let t: TestApp;
let base: string;
let smtp: SmtpListener;
let practice: Practice;
const opened: TestSocket[] = [];
let clockAheadMs = 0;
const GRACE_MS = 30_000;
const END_MS = 60_000;

const book = (who: SignedIn, startsAt: string): Promise<string> => bookAppointment(t, who, practice, new Date(startsAt));

function call(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

const visitUrl = (id: string, action = '') => `/api/v1/telehealth/visits/${id}${action}`;

async function socketFor(who: SignedIn): Promise<TestSocket> {
  const socket = await openSignedInSocket(base, who.cookie);
  opened.push(socket);
  return socket;
}

/** The page of the visit is on screen in this socket's tab. */
async function present(socket: TestSocket, appointmentId: string): Promise<void> {
  const from = socket.frames.length;
  socket.sendJson({ type: 'visit.presence', appointmentId, present: true });
  await socket.next((f) => f.type === 'visit.presence' && f.appointmentId === appointmentId, undefined, from);
}

async function closeSocket(socket: TestSocket): Promise<void> {
  socket.ws.close();
  await socket.closed;
  // The server handles the close after the client saw it: wait for its release of the presence.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** Moves the server's clock to `minutesBefore` minutes before the appointment's start. */
async function clockAt(appointmentId: string, minutesBefore: number): Promise<void> {
  const [row] = await queryRows<{ starts_at: Date | string }>(t.database.db, sql`select starts_at from appointments where id = ${appointmentId}::uuid`);
  clockAheadMs = new Date(row!.starts_at).getTime() - minutesBefore * 60_000 - Date.now();
}

const advance = (ms: number) => {
  clockAheadMs += ms;
};

async function day(): Promise<TelehealthDay> {
  const date = new Date(Date.now() + clockAheadMs).toISOString().slice(0, 10);
  const res = await call(practice.provider, 'GET', `/api/v1/practice/telehealth?timeZone=UTC&date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TelehealthDay>();
}

async function dayVisit(appointmentId: string) {
  const visit = (await day()).visits.find((v) => v.appointmentId === appointmentId);
  expect(visit).toBeDefined();
  return visit!;
}

async function events(appointmentId: string) {
  return queryRows<{ kind: string; user_id: string | null }>(t.database.db, sql`select kind, user_id from telehealth_events where appointment_id = ${appointmentId}::uuid order by id`);
}

async function visitRow(appointmentId: string) {
  const [row] = await queryRows<{ ended_at: Date | null; ended_by: string | null }>(t.database.db, sql`select ended_at, ended_by from telehealth_visits where appointment_id = ${appointmentId}::uuid`);
  return row!;
}

const isVisitEvent = (appointmentId: string, kind: string) => (f: ServerFrame) => f.type === 'event' && f.event === 'visit' && f.data.appointmentId === appointmentId && f.data.kind === kind;

/** One run of the presence job (it sweeps every visit: the tests look at their own visit's rows). */
const runJob = async () => {
  const result = await t.app.telehealthPresence.runOnce();
  expect(result?.status).toBe('swept');
};

let patients: SignedIn[] = [];
const ids: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp(
    {
      SMTP_URL: smtp.url,
      SESSION_IDLE_MINUTES_STAFF: '1440',
      SESSION_ABSOLUTE_HOURS: '48',
      TELEHEALTH_PRESENCE_GRACE_SECONDS: String(GRACE_MS / 1000),
      TELEHEALTH_EMPTY_END_SECONDS: String(END_MS / 1000),
      // The tests run the job themselves, after moving the clock.
      TELEHEALTH_PRESENCE_INTERVAL_SECONDS: '3600',
    },
    { now: () => new Date(Date.now() + clockAheadMs) },
  );
  base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  practice = await createPractice(t, { mode: 'telehealth', telehealth: true, durationMinutes: 30, smtp, cancellationWindowHours: 0 });
  patients = [];
  // One patient and one appointment per test, two hours apart.
  for (let i = 0; i < 6; i++) {
    const patient = await createSignedInUser(t, { prefix: `presence-${i}`, smtp });
    patients.push(patient);
    ids.push(await book(patient, slotStartIn(60 + i * 120)));
  }
});
afterAll(async () => {
  for (const s of opened) {
    expect(s.invalid).toEqual([]);
    s.ws.terminate();
  }
  await t?.close();
  await smtp?.close();
});

describe('who is waiting', () => {
  it('a patient who leaves the waiting room is no longer waiting, live and with a left event; joining again waits again', async () => {
    const [id, patient] = [ids[0]!, patients[0]!];
    await clockAt(id, 5);
    const provider = await socketFor(practice.provider);
    expect((await call(patient, 'POST', visitUrl(id, '/join'), {})).json<Visit>().me.state).toBe('waiting');
    expect((await dayVisit(id)).waiting.map((w) => w.userId)).toEqual([patient.userId]);

    const from = provider.frames.length;
    const left = await call(patient, 'POST', visitUrl(id, '/leave'), {});
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json<Visit>().me.state).toBe('left');
    await provider.next(isVisitEvent(id, 'left'), undefined, from);
    const after = await dayVisit(id);
    expect(after.waiting).toEqual([]);
    expect(after.others).toEqual([expect.objectContaining({ userId: patient.userId, presence: 'gone', leftAt: expect.any(String) })]);
    expect(await events(id)).toEqual([
      { kind: 'waiting', user_id: patient.userId },
      { kind: 'left', user_id: patient.userId },
    ]);
    // Leaving twice changes nothing.
    expect((await call(patient, 'POST', visitUrl(id, '/leave'), {})).statusCode).toBe(200);
    expect(await events(id)).toHaveLength(2);

    expect((await call(patient, 'POST', visitUrl(id, '/join'), {})).json<Visit>().me.state).toBe('waiting');
    expect((await dayVisit(id)).waiting.map((w) => w.userId)).toEqual([patient.userId]);
    // Nobody else may leave for them (the visit does not exist for a stranger).
    const stranger = await createSignedInUser(t, { prefix: 'presence-stranger', smtp });
    expect((await call(stranger, 'POST', visitUrl(id, '/leave'), {})).json()).toMatchObject({ code: 'visit.not-found' });
    expect((await call(patient, 'POST', visitUrl(id, '/leave'), { extra: 1 })).statusCode).toBe(400);
  });

  it('a closed page is gone once the grace has passed, a reconnect within it is not; back, they wait again', async () => {
    const [id, patient] = [ids[1]!, patients[1]!];
    await clockAt(id, 5);
    const provider = await socketFor(practice.provider);
    await call(patient, 'POST', visitUrl(id, '/join'), {});
    const first = await socketFor(patient);
    await present(first, id);

    // The tab's network drops; its page is back on a new socket within the grace.
    await closeSocket(first);
    advance(GRACE_MS - 5_000);
    const second = await socketFor(patient);
    await present(second, id);
    advance(20_000);
    await runJob();
    expect((await dayVisit(id)).waiting.map((w) => w.userId)).toEqual([patient.userId]);

    // The tab is closed: still waiting during the grace, gone after it (the list says so even before the job ran).
    await closeSocket(second);
    advance(GRACE_MS - 5_000);
    expect((await dayVisit(id)).waiting.map((w) => w.userId)).toEqual([patient.userId]);
    advance(6_000);
    expect((await dayVisit(id)).waiting).toEqual([]);
    const from = provider.frames.length;
    await runJob();
    await provider.next(isVisitEvent(id, 'left'), undefined, from);
    expect((await call(patient, 'GET', visitUrl(id))).json<Visit>().me.state).toBe('left');
    expect((await events(id)).map((e) => e.kind)).toEqual(['waiting', 'left']);
    // Not twice.
    await runJob();
    expect((await events(id)).map((e) => e.kind)).toEqual(['waiting', 'left']);

    // Their page comes back (the socket reconnects): they wait again.
    const third = await socketFor(patient);
    await present(third, id);
    expect((await call(patient, 'GET', visitUrl(id))).json<Visit>().me.state).toBe('waiting');
    expect((await dayVisit(id)).waiting.map((w) => w.userId)).toEqual([patient.userId]);
    expect((await events(id)).map((e) => e.kind)).toEqual(['waiting', 'left', 'waiting']);
    // Someone not in the visit cannot say they are.
    const stranger = await createSignedInUser(t, { prefix: 'presence-stranger-2', smtp });
    const theirs = await socketFor(stranger);
    theirs.sendJson({ type: 'visit.presence', appointmentId: id, present: true });
    expect(await theirs.next((f) => f.type === 'error')).toMatchObject({ code: 'realtime.visit-forbidden' });
  });
});

describe('the visit’s end without the provider’s End', () => {
  it('an admitted person who drops stays admitted and is shown gone; the last one out ends the visit after a grace, not on a reload', async () => {
    const [id, patient] = [ids[2]!, patients[2]!];
    // A minute after the start (before it an empty visit is not ended: the last test).
    await clockAt(id, -1);
    await call(practice.provider, 'POST', visitUrl(id, '/join'), {});
    await call(patient, 'POST', visitUrl(id, '/join'), {});
    expect((await call(practice.provider, 'POST', visitUrl(id, '/admit'), { userId: patient.userId })).statusCode).toBe(200);
    const providerTab = await socketFor(practice.provider);
    const patientTab = await socketFor(patient);
    providerTab.sendJson({ type: 'visit.join', appointmentId: id, peerId: 'provider-peer' });
    await providerTab.next((f) => f.type === 'visit.joined');
    patientTab.sendJson({ type: 'visit.join', appointmentId: id, peerId: 'patient-peer' });
    await patientTab.next((f) => f.type === 'visit.joined');
    expect((await dayVisit(id)).others).toEqual([expect.objectContaining({ userId: patient.userId, presence: 'in-call' })]);

    // The patient's tab goes: past the grace they are gone, still admitted.
    await closeSocket(patientTab);
    advance(GRACE_MS + 1_000);
    await runJob();
    expect((await events(id)).filter((e) => e.kind === 'left').map((e) => e.user_id)).toEqual([patient.userId]);
    const seen = (await call(practice.provider, 'GET', visitUrl(id))).json<Visit>();
    expect(seen.participants.find((p) => p.userId === patient.userId)).toMatchObject({ state: 'admitted', present: false, leftAt: expect.any(String) });
    expect((await dayVisit(id)).others).toEqual([expect.objectContaining({ userId: patient.userId, presence: 'gone' })]);

    // The provider leaves the call too (the Leave control): the call is empty, but a reload within the grace keeps it.
    providerTab.sendJson({ type: 'visit.leave', appointmentId: id, peerId: 'provider-peer' });
    expect((await call(practice.provider, 'POST', visitUrl(id, '/leave'), {})).statusCode).toBe(200);
    advance(END_MS - 10_000);
    await runJob();
    expect((await visitRow(id)).ended_at).toBeNull();
    const back = await socketFor(patient);
    back.sendJson({ type: 'visit.join', appointmentId: id, peerId: 'patient-peer-2' });
    await back.next((f) => f.type === 'visit.joined');
    expect((await call(practice.provider, 'GET', visitUrl(id))).json<Visit>().participants.find((p) => p.userId === patient.userId)).toMatchObject({ state: 'admitted', present: true, leftAt: null });
    advance(20_000);
    await runJob();
    expect((await visitRow(id)).ended_at).toBeNull();

    // The patient leaves as well: after the grace the visit ends, by the system, at the moment it emptied.
    const leftAt = new Date(Date.now() + clockAheadMs);
    expect((await call(patient, 'POST', visitUrl(id, '/leave'), {})).statusCode).toBe(200);
    advance(END_MS + 1_000);
    const from = back.frames.length;
    await runJob();
    await back.next(isVisitEvent(id, 'ended'), undefined, from);
    const row = await visitRow(id);
    expect(row.ended_by).toBeNull();
    expect(Math.abs(new Date(row.ended_at!).getTime() - leftAt.getTime())).toBeLessThan(5_000);
    expect((await events(id)).filter((e) => e.kind === 'ended')).toEqual([{ kind: 'ended', user_id: null }]);
    // An ended visit cannot be rejoined as a live call.
    expect((await call(patient, 'GET', visitUrl(id))).json<Visit>()).toMatchObject({ phase: 'ended', endedAt: expect.any(String) });
    expect((await call(patient, 'POST', visitUrl(id, '/join'), {})).json()).toMatchObject({ code: 'visit.ended' });
    back.sendJson({ type: 'visit.join', appointmentId: id, peerId: 'patient-peer-3' });
    expect(await back.next((f) => f.type === 'error')).toMatchObject({ code: 'realtime.visit-forbidden' });
    await runJob();
    expect((await events(id)).filter((e) => e.kind === 'ended')).toHaveLength(1);
  });

  it('the appointment cancelled at the practice ends the visit (ended_by null), told live', async () => {
    const [id, patient] = [ids[3]!, patients[3]!];
    await clockAt(id, 5);
    await call(patient, 'POST', visitUrl(id, '/join'), {});
    const tab = await socketFor(patient);
    const from = tab.frames.length;
    const cancelled = await call(practice.provider, 'POST', `/api/v1/practice/appointments/${id}/actions`, { action: 'cancel', reason: 'Provider unwell' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await tab.next(isVisitEvent(id, 'ended'), undefined, from);
    const row = await visitRow(id);
    expect(row.ended_at).not.toBeNull();
    expect(row.ended_by).toBeNull();
    expect((await events(id)).map((e) => [e.kind, e.user_id])).toEqual([
      ['waiting', patient.userId],
      ['ended', null],
    ]);
    expect((await call(patient, 'GET', visitUrl(id))).json<Visit>()).toMatchObject({ phase: 'unavailable', endedAt: expect.any(String) });
    expect((await call(patient, 'POST', visitUrl(id, '/join'), {})).json()).toMatchObject({ code: 'visit.unavailable' });
  });

  it('a visit whose window passed with nobody in it ends at the window’s close', async () => {
    const [id, patient] = [ids[4]!, patients[4]!];
    await clockAt(id, 5);
    await call(patient, 'POST', visitUrl(id, '/join'), {});
    await call(patient, 'POST', visitUrl(id, '/leave'), {});
    await runJob();
    expect((await visitRow(id)).ended_at).toBeNull();
    const visit = (await call(patient, 'GET', visitUrl(id))).json<Visit>();
    // The window closes an hour after the end.
    clockAheadMs = new Date(visit.joinClosesAt).getTime() + 1_000 - Date.now();
    await runJob();
    const row = await visitRow(id);
    expect(new Date(row.ended_at!).toISOString()).toBe(visit.joinClosesAt);
    expect(row.ended_by).toBeNull();
    expect((await events(id)).map((e) => [e.kind, e.user_id])).toEqual([
      ['waiting', patient.userId],
      ['left', patient.userId],
      ['ended', null],
    ]);
  });

  it('a visit emptied before the appointment’s start stays open until then; after the start it ends once empty for the grace, and its provider can start it again', async () => {
    const [id, patient] = [ids[5]!, patients[5]!];
    // Nine minutes early the provider starts the visit, the patient joins and is admitted; both leave.
    await clockAt(id, 9);
    expect((await call(practice.provider, 'POST', visitUrl(id, '/join'), {})).statusCode).toBe(200);
    expect((await call(patient, 'POST', visitUrl(id, '/join'), {})).statusCode).toBe(200);
    expect((await call(practice.provider, 'POST', visitUrl(id, '/admit'), { userId: patient.userId })).statusCode).toBe(200);
    expect((await call(patient, 'POST', visitUrl(id, '/leave'), {})).statusCode).toBe(200);
    expect((await call(practice.provider, 'POST', visitUrl(id, '/leave'), {})).statusCode).toBe(200);
    const startsAt = (await call(patient, 'GET', visitUrl(id))).json<Visit>().startsAt;

    // Empty for minutes, but the appointment has not started: the job leaves the visit open.
    for (const minutesBefore of [7, 3, 1, 0.05]) {
      await clockAt(id, minutesBefore);
      await runJob();
      expect((await visitRow(id)).ended_at).toBeNull();
    }
    expect((await call(patient, 'GET', visitUrl(id))).json<Visit>()).toMatchObject({ phase: 'open', endedAt: null, reopenable: false });

    // After the start the rule is the grace, counted from the start.
    await clockAt(id, -(END_MS - 5_000) / 60_000);
    await runJob();
    expect((await visitRow(id)).ended_at).toBeNull();
    advance(10_000);
    await runJob();
    const row = await visitRow(id);
    expect(row.ended_by).toBeNull();
    expect(new Date(row.ended_at!).toISOString()).toBe(startsAt);
    expect((await events(id)).filter((e) => e.kind === 'ended')).toEqual([{ kind: 'ended', user_id: null }]);

    // Ended by the system with the appointment still on: the patient cannot open it, the provider can start it again.
    expect((await call(patient, 'GET', visitUrl(id))).json<Visit>()).toMatchObject({ phase: 'ended', status: 'checked_in', reopenable: true });
    expect((await call(patient, 'POST', visitUrl(id, '/join'), {})).json()).toMatchObject({ code: 'visit.ended' });
    // The provider's day lists it as one to start again.
    expect(await dayVisit(id)).toMatchObject({ phase: 'ended', reopenable: true });
    const card = (await call(patient, 'GET', `/api/v1/appointments/${id}`)).json<Appointment>();
    expect(card.visitEnded).toEqual({ at: startsAt, bySystem: true });
    const serverNow = new Date(Date.now() + clockAheadMs);
    expect([visitOffered(card, serverNow, 'patient'), visitOffered(card, serverNow, 'practice')]).toEqual([false, true]);
    const tab = await socketFor(patient);
    const from = tab.frames.length;
    const reopened = await call(practice.provider, 'POST', visitUrl(id, '/join'), {});
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json<Visit>()).toMatchObject({ phase: 'open', endedAt: null, reopenable: false });
    await tab.next((f) => f.type === 'event' && f.event === 'visit' && f.data.appointmentId === id, undefined, from);
    expect((await visitRow(id)).ended_at).toBeNull();
    expect((await events(id)).slice(-2)).toEqual([
      { kind: 'ended', user_id: null },
      { kind: 'reopened', user_id: practice.provider.userId },
    ]);
    expect(await dayVisit(id)).toMatchObject({ phase: 'open', reopenable: false, endedAt: null });
    // The patient, admitted before, is back in the call without a new admission.
    expect((await call(patient, 'POST', visitUrl(id, '/join'), {})).json<Visit>()).toMatchObject({ phase: 'open', me: { state: 'admitted' } });

    // An end by a person stays.
    expect((await call(practice.provider, 'POST', visitUrl(id, '/end'), {})).statusCode).toBe(200);
    expect((await call(practice.provider, 'GET', visitUrl(id))).json<Visit>()).toMatchObject({ phase: 'ended', reopenable: false });
    const ended = (await call(patient, 'GET', `/api/v1/appointments/${id}`)).json<Appointment>();
    expect(ended.visitEnded).toMatchObject({ bySystem: false });
    expect([visitOffered(ended, serverNow, 'patient'), visitOffered(ended, serverNow, 'practice')]).toEqual([false, false]);
    expect((await call(practice.provider, 'POST', visitUrl(id, '/join'), {})).json()).toMatchObject({ code: 'visit.ended' });
  });
});
