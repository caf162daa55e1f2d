import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../shared/contracts/realtime.js';
import { notifications } from '../../db/schema/booking.js';
import { queryRows } from '../db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { createPractice, hoursAhead } from '../../testing/booking-fixtures.js';
import { openSignedInSocket, type TestSocket } from '../../testing/realtime-client.js';
import { spawnServer, type ServerProcess } from '../../testing/server-process.js';
import { testDatabaseKind } from '../../testing/test-database.js';

/**
 * The realtime backplane across two built server processes on one PostgreSQL database, as a
 * scaled-out deployment runs without sticky sessions: an event that starts on one process reaches
 * a socket held by the other, exactly once. (PGlite is one process's own database, so this runs on
 * the PostgreSQL tier.)
 */
const onPostgres = testDatabaseKind() === 'postgres';
let t: TestApp;
const servers: ServerProcess[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  t = await startTestApp();
  // A shorter presence grace than the default 30 s (still above the 15 s presence refresh), so the presence test waits less.
  const env = { DATABASE_URL: process.env.TEST_DATABASE_URL!, AUTH_IP_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn', TELEHEALTH_PRESENCE_GRACE_SECONDS: '20' };
  servers.push(spawnServer(env), spawnServer(env));
  await Promise.all(servers.map((s) => s.url));
}, 90_000);
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  for (const s of servers) s.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exit));
  await t?.close();
});

describe.runIf(onPostgres)('two server processes, one database', () => {
  it("a booking made through process 1 notifies the provider's socket on process 2, once", async () => {
    const [one, two] = await Promise.all(servers.map((s) => s.url));
    const practice = await createPractice(t);
    const patient = await createSignedInUser(t, { prefix: 'rt-two-processes' });
    const onTwo = await openSignedInSocket(two!, practice.provider.cookie);
    const alsoOnOne = await openSignedInSocket(one!, practice.provider.cookie);
    sockets.push(onTwo, alsoOnOne);
    const res = await fetch(`${one}/api/v1/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: patient.cookie, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: hoursAhead(300).toISOString() }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const expected = { type: 'event', topic: `user:${practice.provider.userId}`, event: 'notification' };
    const isNotification = (f: ServerFrame) => f.type === 'event' && f.event === 'notification';
    expect(await onTwo.next(isNotification, 10_000)).toMatchObject(expected);
    expect(await alsoOnOne.next(isNotification, 10_000)).toMatchObject(expected);
    // Exactly once per socket: a second event (a ping's pong) arrives after any duplicate would have.
    for (const s of [onTwo, alsoOnOne]) {
      s.sendJson({ type: 'ping', id: 'after' });
      await s.next((f) => f.type === 'pong');
      expect(s.frames.filter(isNotification)).toHaveLength(1);
      expect(s.invalid).toEqual([]);
    }
  });

  it('publish() on one process reaches a socket on another', async () => {
    const [, two] = await Promise.all(servers.map((s) => s.url));
    const person = await createSignedInUser(t, { prefix: 'rt-publish' });
    const s = await openSignedInSocket(two!, person.cookie);
    sockets.push(s);
    // The in-process test app is a third process on the same database.
    await t.app.realtime.publish([person.userId], 'resync');
    expect(await s.next((f) => f.type === 'event' && f.event === 'resync', 10_000)).toEqual({ type: 'event', topic: `user:${person.userId}`, event: 'resync', data: {} });
  });

  it('a process whose LISTEN connection dropped reconnects, tells its sockets to resync, and hears new events', async () => {
    const [, two] = await Promise.all(servers.map((s) => s.url));
    const person = await createSignedInUser(t, { prefix: 'rt-reconnect' });
    const s = await openSignedInSocket(two!, person.cookie);
    sockets.push(s);
    // Every process's listener (both servers and this test's app) is cut by the database.
    const cut = await queryRows<{ pid: number }>(
      t.database.db,
      sql`select pg_terminate_backend(pid), pid from pg_stat_activity where datname = current_database() and query = 'LISTEN "tendwell_realtime"' and pid <> pg_backend_pid()`,
    );
    expect(cut.length).toBeGreaterThanOrEqual(3);
    expect(await s.next((f) => f.type === 'event' && f.event === 'resync', 15_000)).toMatchObject({ topic: `user:${person.userId}` });
    // Listening again: a new notification arrives.
    const [row] = await t.database.db.insert(notifications).values({ userId: person.userId, kind: 'appointment_confirmed', data: {} }).returning({ id: notifications.id });
    expect(await s.next((f) => f.type === 'event' && f.event === 'notification', 10_000)).toMatchObject({ data: { id: row!.id } });
  });

  it('a secure message sent through process 1 arrives live on process 2; a third person gets 404 for it and its attachment on both', async () => {
    const [one, two] = await Promise.all(servers.map((s) => s.url));
    const practice = await createPractice(t);
    const patient = await createSignedInUser(t, { prefix: 'rt-msg-patient' });
    const third = await createSignedInUser(t, { prefix: 'rt-msg-third' });
    const booked = await fetch(`${one}/api/v1/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: patient.cookie, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: hoursAhead(320).toISOString() }),
    });
    expect(booked.status).toBe(201);
    const appointmentId = ((await booked.json()) as { id: string }).id;
    const providerOnTwo = await openSignedInSocket(two!, practice.provider.cookie);
    sockets.push(providerOnTwo);
    const started = await fetch(`${one}/api/v1/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: patient.cookie },
      body: JSON.stringify({ appointmentId, body: 'Sent through process one' }),
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const conversation = (await started.json()) as { id: string; messages: { id: string }[] };
    const event = await providerOnTwo.next((f) => f.type === 'event' && f.event === 'message', 10_000);
    expect(event).toMatchObject({ data: { conversationId: conversation.id, id: conversation.messages[0]!.id } });
    const read = await fetch(`${two}/api/v1/conversations/${conversation.id}`, { headers: { cookie: practice.provider.cookie } });
    expect(((await read.json()) as { messages: { body: string }[] }).messages.map((m) => m.body)).toEqual(['Sent through process one']);
    // An attachment, then the third person on either process: 404 for both.
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')], { type: 'application/pdf' }), 'scan.pdf');
    const attached = await fetch(`${two}/api/v1/conversations/${conversation.id}/attachments`, { method: 'POST', headers: { cookie: patient.cookie }, body: form });
    expect(attached.status, await attached.clone().text()).toBe(201);
    const withFile = (await attached.json()) as { messages: { attachments: { id: string }[] }[] };
    const attachmentId = withFile.messages.at(-1)!.attachments[0]!.id;
    for (const base of [one!, two!]) {
      for (const path of [`/api/v1/conversations/${conversation.id}`, `/api/v1/conversations/${conversation.id}/attachments/${attachmentId}`]) {
        expect((await fetch(`${base}${path}`, { headers: { cookie: third.cookie } })).status).toBe(404);
      }
    }
  });

  it('a video visit’s signalling crosses processes in order, a session description too large for NOTIFY included', async () => {
    const [one, two] = await Promise.all(servers.map((s) => s.url));
    const practice = await createPractice(t, { mode: 'telehealth', telehealth: true });
    const patient = await createSignedInUser(t, { prefix: 'rt-visit-patient' });
    // The next 15-minute slot at least 30 s ahead: its join window (15 minutes before) is open
    // now or within 30 s (these processes run on the real clock).
    const step = 15 * 60_000;
    const start = Math.ceil((Date.now() + 30_000) / step) * step;
    const startsAt = new Date(start).toISOString();
    const post = (base: string, path: string, cookie: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, ...headers }, body: JSON.stringify(body) });
    const booked = await post(one!, '/api/v1/appointments', patient.cookie, { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt }, { 'idempotency-key': randomUUID() });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const id = ((await booked.json()) as { id: string }).id;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - step - Date.now() + 100)));
    expect((await post(one!, `/api/v1/telehealth/visits/${id}/join`, patient.cookie, {})).status).toBe(200);
    expect((await post(two!, `/api/v1/telehealth/visits/${id}/join`, practice.provider.cookie, {})).status).toBe(200);
    expect((await post(two!, `/api/v1/telehealth/visits/${id}/admit`, practice.provider.cookie, { userId: patient.userId })).status).toBe(200);

    const providerOnTwo = await openSignedInSocket(two!, practice.provider.cookie);
    const patientOnOne = await openSignedInSocket(one!, patient.cookie);
    sockets.push(providerOnTwo, patientOnOne);
    providerOnTwo.sendJson({ type: 'visit.join', appointmentId: id, peerId: 'provider-tab-1' });
    await providerOnTwo.next((f) => f.type === 'visit.joined', 10_000);
    patientOnOne.sendJson({ type: 'visit.join', appointmentId: id, peerId: 'patient-tab-1' });
    expect(await providerOnTwo.next((f) => f.type === 'visit.peer', 10_000)).toMatchObject({ userId: patient.userId, peerId: 'patient-tab-1', state: 'joined' });
    const sdp = 'a=x-padding:'.padEnd(120, 'y').concat('\r\n').repeat(100);
    const signal = { type: 'visit.signal', appointmentId: id, peerId: 'patient-tab-1', toUserId: practice.provider.userId, toPeerId: 'provider-tab-1' };
    patientOnOne.sendJson({ ...signal, description: { type: 'offer', sdp } });
    for (let i = 0; i < 5; i += 1) patientOnOne.sendJson({ ...signal, candidate: { candidate: `candidate:${i} 1 udp 1 127.0.0.1 ${50_000 + i} typ host`, sdpMid: '0', sdpMLineIndex: 0 } });
    await providerOnTwo.next((f) => f.type === 'visit.signal' && f.candidate?.candidate.startsWith('candidate:4') === true, 10_000);
    const received = providerOnTwo.frames.filter((f) => f.type === 'visit.signal');
    expect(received.map((f) => (f.type === 'visit.signal' && f.description ? `offer:${f.description.sdp.length}` : 'candidate'))).toEqual([`offer:${sdp.length}`, 'candidate', 'candidate', 'candidate', 'candidate', 'candidate']);
    // The relayed row is the server's only: it goes after a minute; it is there now.
    const relayed = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from realtime_relay`);
    expect(relayed[0]!.n).toBeGreaterThanOrEqual(1);

    // The patient opens the visit in a second tab, served by process 2: the tab on process 1 is
    // told it was taken elsewhere (and lets go of its call); the provider hears the new tab join.
    const secondTab = await openSignedInSocket(two!, patient.cookie);
    sockets.push(secondTab);
    secondTab.sendJson({ type: 'visit.join', appointmentId: id, peerId: 'patient-tab-2' });
    await secondTab.next((f) => f.type === 'visit.joined', 10_000);
    // (A tab also hears its own join's notice, with its own peer id, and ignores it.)
    expect(await patientOnOne.next((f) => f.type === 'visit.superseded' && f.peerId === 'patient-tab-2', 10_000)).toEqual({ type: 'visit.superseded', appointmentId: id, peerId: 'patient-tab-2' });
    expect(await providerOnTwo.next((f) => f.type === 'visit.peer' && f.peerId === 'patient-tab-2', 10_000)).toMatchObject({ userId: patient.userId, state: 'joined' });
    // The new tab is not told it was replaced by itself.
    expect(secondTab.frames.some((f) => f.type === 'visit.superseded' && f.peerId !== 'patient-tab-2')).toBe(false);
  });

  it('presence in a video visit is the database’s: a tab closed on one process does not end the waiting of a tab on the other; the last one closed does, announced across processes', async () => {
    const [one, two] = await Promise.all(servers.map((s) => s.url));
    const practice = await createPractice(t, { mode: 'telehealth', telehealth: true });
    const patient = await createSignedInUser(t, { prefix: 'rt-presence-patient' });
    const step = 15 * 60_000;
    const start = Math.ceil((Date.now() + 30_000) / step) * step;
    const post = (base: string, path: string, cookie: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, ...headers }, body: JSON.stringify(body) });
    const booked = await post(one!, '/api/v1/appointments', patient.cookie, { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: new Date(start).toISOString() }, { 'idempotency-key': randomUUID() });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const id = ((await booked.json()) as { id: string }).id;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - step - Date.now() + 100)));
    expect((await post(one!, `/api/v1/telehealth/visits/${id}/join`, patient.cookie, {})).status).toBe(200);
    const waitingOnTwo = async () => {
      const date = new Date().toISOString().slice(0, 10);
      const res = await fetch(`${two}/api/v1/practice/telehealth?timeZone=UTC&date=${date}`, { headers: { cookie: practice.provider.cookie } });
      const body = (await res.json()) as { visits: { appointmentId: string; waiting: { userId: string }[] }[] };
      return body.visits.find((v) => v.appointmentId === id)?.waiting.map((w) => w.userId) ?? [];
    };
    const providerOnTwo = await openSignedInSocket(two!, practice.provider.cookie);
    const tabOnOne = await openSignedInSocket(one!, patient.cookie);
    const tabOnTwo = await openSignedInSocket(two!, patient.cookie);
    sockets.push(providerOnTwo, tabOnOne, tabOnTwo);
    for (const tab of [tabOnOne, tabOnTwo]) {
      tab.sendJson({ type: 'visit.presence', appointmentId: id, present: true });
      await tab.next((f) => f.type === 'visit.presence', 10_000);
    }
    // The tab on process 2 closes; process 1 still holds one and keeps the patient here past the grace.
    tabOnTwo.ws.close();
    await new Promise((resolve) => setTimeout(resolve, 27_000));
    await t.app.telehealthPresence.runOnce();
    expect(await waitingOnTwo()).toEqual([patient.userId]);
    // The last tab closes: gone after the grace, whichever process's job records it; the provider's socket on process 2 hears it.
    tabOnOne.ws.close();
    await expect.poll(waitingOnTwo, { timeout: 40_000, interval: 1_000 }).toEqual([]);
    await t.app.telehealthPresence.runOnce();
    await providerOnTwo.next((f) => f.type === 'event' && f.event === 'visit' && f.data.kind === 'left', 20_000);
    const kinds = await queryRows<{ kind: string }>(t.database.db, sql`select kind from telehealth_events where appointment_id = ${id}::uuid order by id`);
    expect(kinds.map((k) => k.kind)).toEqual(['waiting', 'left']);
  }, 150_000);

  it('on SIGTERM a process closes its sockets with 1001 and exits 0', async () => {
    const [, two] = await Promise.all(servers.map((s) => s.url));
    const person = await createSignedInUser(t, { prefix: 'rt-sigterm' });
    const s = await openSignedInSocket(two!, person.cookie);
    sockets.push(s);
    servers[1]!.kill('SIGTERM');
    expect((await s.closed).code).toBe(1001);
    expect(await servers[1]!.exit).toBe(0);
  });
});
