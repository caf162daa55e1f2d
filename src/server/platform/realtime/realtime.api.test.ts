import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/booking.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { createPractice, hoursAhead } from '../../testing/booking-fixtures.js';
import { openSignedInSocket, openSocket, type TestSocket } from '../../testing/realtime-client.js';
import type { ServerFrame } from '../../../shared/contracts/realtime.js';
import { backplanePayloads } from './hub.js';

/**
 * /ws over real HTTP and real WebSockets against buildApp() listening on loopback: the upgrade's
 * checks, the frame protocol and its limits, and live notifications through the database's
 * LISTEN/NOTIFY (PGlite in process, or PostgreSQL with TEST_DB=postgres).
 */
let t: TestApp;
let base: string;
type Person = Awaited<ReturnType<typeof createSignedInUser>>;
let alice: Person;
let bob: Person;
const opened: TestSocket[] = [];

async function listen(app: TestApp): Promise<string> {
  const address = await app.app.listen({ host: '127.0.0.1', port: 0 });
  return address.replace('localhost', '127.0.0.1');
}

async function socketFor(url: string, cookie: string, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
  const socket = await openSignedInSocket(url, cookie, options);
  opened.push(socket);
  return socket;
}

function insertNotification(userId: string) {
  return t.database.db.insert(notifications).values({ userId, kind: 'appointment_confirmed', data: {} }).returning({ id: notifications.id });
}

/** Notification events only (a `resync` may come any time the database listener reconnects). */
const isNotification = (f: ServerFrame) => f.type === 'event' && f.event === 'notification';
const notificationsIn = (s: TestSocket) => s.frames.filter(isNotification);

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  // Fast heartbeats and session checks so those behaviours show within a test; no frame rate
  // limit here (it has its own app below), so 10,000 frames are all answered.
  t = await startTestApp({ REALTIME_FRAMES_PER_SECOND: '100000', REALTIME_HEARTBEAT_SECONDS: '0.3', REALTIME_SESSION_CHECK_SECONDS: '0.3' });
  base = await listen(t);
  alice = await createSignedInUser(t, { prefix: 'rt-alice' });
  bob = await createSignedInUser(t, { prefix: 'rt-bob' });
});
afterAll(async () => {
  for (const s of opened) {
    expect(s.invalid).toEqual([]);
    s.ws.terminate();
  }
  await t?.close();
});

describe('the upgrade', () => {
  it('refuses a request without a session with 401 problem+json, before upgrading', async () => {
    const result = await openSocket(base, {});
    expect(result).toMatchObject({ status: 401 });
    if ('status' in result) expect(JSON.parse(result.body)).toMatchObject({ status: 401, code: 'auth.unauthenticated' });
  });

  it('refuses a forged session cookie with 401', async () => {
    const result = await openSocket(base, { cookie: 'tendwell.session_token=forged.c2lnbmF0dXJl' });
    expect(result).toMatchObject({ status: 401 });
  });

  it('refuses another site as Origin (and a missing one) with 403 realtime.origin-forbidden', async () => {
    const foreign = await openSocket(base, { cookie: alice.cookie, origin: 'https://evil.example' });
    expect(foreign).toMatchObject({ status: 403 });
    if ('status' in foreign) expect(JSON.parse(foreign.body)).toMatchObject({ code: 'realtime.origin-forbidden' });
    const otherPort = await openSocket(base, { cookie: alice.cookie, origin: base.replace(/:\d+$/, ':1') });
    expect(otherPort).toMatchObject({ status: 403 });
    const none = await openSocket(base, { cookie: alice.cookie, origin: null });
    expect(none).toMatchObject({ status: 403 });
  });

  it('a plain GET /ws without an upgrade is not a page (426 realtime.upgrade-required) and still needs a session and this Origin', async () => {
    expect((await fetch(`${base}/ws`)).status).toBe(401);
    expect((await fetch(`${base}/ws`, { headers: { cookie: alice.cookie } })).status).toBe(403);
    const plain = await fetch(`${base}/ws`, { headers: { cookie: alice.cookie, origin: base } });
    expect(plain.status).toBe(426);
    expect(plain.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(plain.headers.get('upgrade')).toBe('websocket');
    expect(await plain.json()).toMatchObject({ status: 426, code: 'realtime.upgrade-required', title: 'Upgrade Required' });
  });

  it('refuses a malformed upgrade (no Sec-WebSocket-Key, a wrong version or protocol) with 400 realtime.invalid-upgrade problem+json, and ends it', async () => {
    const { connect } = await import('node:net');
    const url = new URL(base);
    const key = Buffer.from(randomUUID().slice(0, 16)).toString('base64');
    const handshake = (lines: string[]) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(url.port), url.hostname);
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
          // An accepted upgrade stays open: done once its head is in.
          if (answer.startsWith('HTTP/1.1 101 ') && answer.includes('\r\n\r\n')) socket.destroy();
        });
        // A refused one is ended by the server (the client here never hangs up).
        socket.on('close', () => resolve(answer));
        socket.write(['GET /ws HTTP/1.1', `Host: ${url.host}`, `Origin: ${base}`, `Cookie: ${alice.cookie}`, 'Connection: Upgrade', ...lines, '', ''].join('\r\n'));
      });
    for (const lines of [
      ['Upgrade: websocket', 'Sec-WebSocket-Version: 13'],
      ['Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: not-a-key'],
      ['Upgrade: websocket', 'Sec-WebSocket-Version: 7', `Sec-WebSocket-Key: ${key}`],
      ['Upgrade: websocket', 'Sec-WebSocket-Version: 13', `Sec-WebSocket-Key: ${key}`, 'Sec-WebSocket-Protocol: a b'],
      ['Upgrade: h2c', 'Sec-WebSocket-Version: 13', `Sec-WebSocket-Key: ${key}`],
    ]) {
      const answer = await handshake(lines);
      expect(answer, lines.join(' / ')).toMatch(/^HTTP\/1\.1 400 /);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/\r\ncontent-type: application\/problem\+json/i);
      expect(head).toMatch(/\r\nsec-websocket-version: 13, 8\r\n/i);
      expect(JSON.parse(body)).toMatchObject({ status: 400, code: 'realtime.invalid-upgrade' });
    }
    // A well-formed one is accepted, protocols and all.
    expect(await handshake(['Upgrade: WebSocket', 'Sec-WebSocket-Version: 13', `Sec-WebSocket-Key: ${key}`, 'Sec-WebSocket-Protocol: a, b'])).toMatch(/^HTTP\/1\.1 101 /);
  });

  it('ends the connection of a refused upgrade even when the client does not hang up', async () => {
    const { connect } = await import('node:net');
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `GET /ws HTTP/1.1\r\nHost: ${url.host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${Buffer.from(randomUUID().slice(0, 16)).toString('base64')}\r\n\r\n`,
    );
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
  });
});

describe('frames', () => {
  it('says hello with the person and their own topic; ping → pong with the id echoed', async () => {
    const s = await socketFor(base, alice.cookie);
    expect(s.frames[0]).toEqual({ type: 'hello', userId: alice.userId, topics: [`user:${alice.userId}`], heartbeatSeconds: 0.3 });
    s.sendJson({ type: 'ping', id: 'p-1' });
    expect(await s.next((f) => f.type === 'pong')).toEqual({ type: 'pong', id: 'p-1' });
  });

  it("subscribes to its own topic, never to another person's", async () => {
    const s = await socketFor(base, alice.cookie);
    s.sendJson({ type: 'subscribe', topic: `user:${bob.userId}` });
    expect(await s.next((f) => f.type === 'error')).toMatchObject({ code: 'realtime.topic-forbidden' });
    s.sendJson({ type: 'subscribe', topic: `user:${alice.userId}` });
    expect(await s.next((f) => f.type === 'subscribed')).toEqual({ type: 'subscribed', topic: `user:${alice.userId}` });
  });

  it('answers 10,000 malformed frames with error frames; the server, /healthz and other sockets carry on', async () => {
    const attacker = await socketFor(base, alice.cookie);
    const bystander = await socketFor(base, bob.cookie);
    const bad: (string | Buffer)[] = [
      '{not json',
      '',
      'null',
      '[]',
      '42',
      '{"type":"nope"}',
      '{"type":"ping","extra":1}',
      '{"type":"subscribe"}',
      '{"type":"subscribe","topic":"../../etc"}',
      '{"type":"ping","id":' + JSON.stringify('x'.repeat(65)) + '}',
      JSON.stringify({ type: 'ping', id: 'a', pad: 'y'.repeat(5000) }),
      '\u0000\uffff',
      Buffer.from([0, 1, 2, 3]),
    ];
    const before = attacker.frames.length;
    for (let i = 0; i < 10_000; i += 1) {
      const frame = bad[i % bad.length]!;
      attacker.ws.send(frame, { binary: Buffer.isBuffer(frame) });
    }
    await attacker.count(before + 10_000, 30_000);
    const answers = attacker.frames.slice(before);
    expect(answers.every((f) => f.type === 'error')).toBe(true);
    const codes = new Set(answers.map((f) => (f.type === 'error' ? f.code : f.type)));
    expect(codes).toEqual(new Set(['realtime.invalid-json', 'realtime.invalid-frame', 'realtime.frame-too-large', 'realtime.binary-unsupported']));
    // Still served: the attacker's own socket, someone else's, and plain HTTP.
    attacker.sendJson({ type: 'ping', id: 'after' });
    expect(await attacker.next((f) => f.type === 'pong', 5000, before)).toEqual({ type: 'pong', id: 'after' });
    bystander.sendJson({ type: 'ping', id: 'bystander' });
    expect(await bystander.next((f) => f.type === 'pong')).toEqual({ type: 'pong', id: 'bystander' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 60_000);

  it('closes a socket that sends a frame over the payload limit (1009), and only that one', async () => {
    const big = await socketFor(base, alice.cookie);
    const other = await socketFor(base, bob.cookie);
    big.ws.send('x'.repeat(64 * 1024 + 1));
    expect((await big.closed).code).toBe(1009);
    other.sendJson({ type: 'ping' });
    expect(await other.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe('live notifications', () => {
  it("a notification for A reaches A's sockets once each, and not B's", async () => {
    const a1 = await socketFor(base, alice.cookie);
    const a2 = await socketFor(base, alice.cookie);
    const b = await socketFor(base, bob.cookie);
    const [row] = await insertNotification(alice.userId);
    const expected = { type: 'event', topic: `user:${alice.userId}`, event: 'notification', data: { id: row!.id } };
    expect(await a1.next(isNotification)).toEqual(expected);
    expect(await a2.next(isNotification)).toEqual(expected);
    // B's own notification arrives after A's was delivered everywhere: had A's reached B, it would be first.
    const [own] = await insertNotification(bob.userId);
    expect(await b.next(isNotification)).toMatchObject({ topic: `user:${bob.userId}`, data: { id: own!.id } });
    expect(notificationsIn(b)).toHaveLength(1);
    await quiet(200);
    expect(notificationsIn(a1)).toHaveLength(1);
    expect(notificationsIn(a2)).toHaveLength(1);
  });

  it('announces nothing for a notification whose transaction rolled back', async () => {
    const a = await socketFor(base, alice.cookie);
    await t.database.db
      .transaction(async (tx) => {
        await tx.insert(notifications).values({ userId: alice.userId, kind: 'appointment_confirmed', data: {} });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const [row] = await insertNotification(alice.userId);
    const first = await a.next(isNotification);
    expect(first).toMatchObject({ data: { id: row!.id } });
    expect(notificationsIn(a)).toHaveLength(1);
  });

  it('a booking over HTTP (inside book_appointment) notifies the provider live', async () => {
    const practice = await createPractice(t);
    const patient = await createSignedInUser(t, { prefix: 'rt-patient' });
    const provider = await socketFor(base, practice.provider.cookie);
    const patientSocket = await socketFor(base, patient.cookie);
    const res = await fetch(`${base}/api/v1/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: patient.cookie, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: hoursAhead(50).toISOString() }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await provider.next(isNotification)).toMatchObject({ topic: `user:${practice.provider.userId}`, event: 'notification' });
    const list = await fetch(`${base}/api/v1/notifications`, { headers: { cookie: practice.provider.cookie } }).then((r) => r.json() as Promise<{ unread: number }>);
    expect(list.unread).toBe(1);
    await quiet(200);
    expect(notificationsIn(patientSocket)).toHaveLength(0);
  });

  it('publish() reaches every listed person through the backplane, and stays under the NOTIFY size limit', async () => {
    const a = await socketFor(base, alice.cookie);
    const b = await socketFor(base, bob.cookie);
    await t.app.realtime.publish([alice.userId, bob.userId, alice.userId], 'resync');
    expect(await a.next((f) => f.type === 'event' && f.event === 'resync')).toEqual({ type: 'event', topic: `user:${alice.userId}`, event: 'resync', data: {} });
    expect(await b.next((f) => f.type === 'event' && f.event === 'resync')).toMatchObject({ topic: `user:${bob.userId}`, event: 'resync' });
    const many = Array.from({ length: 1000 }, () => randomUUID());
    const payloads = backplanePayloads(many, 'notification');
    expect(payloads).toHaveLength(10);
    expect(Math.max(...payloads.map((p) => Buffer.byteLength(p)))).toBeLessThan(8000);
  });

  it('an unsubscribed socket stops hearing its topic', async () => {
    const a = await socketFor(base, alice.cookie);
    a.sendJson({ type: 'unsubscribe', topic: `user:${alice.userId}` });
    await a.next((f) => f.type === 'unsubscribed');
    const listening = await socketFor(base, alice.cookie);
    await insertNotification(alice.userId);
    await listening.next(isNotification);
    await quiet(200);
    expect(notificationsIn(a)).toHaveLength(0);
  });
});

describe('liveness and sessions', () => {
  it('keeps a socket that answers pings, and terminates one that missed two', async () => {
    const healthy = await socketFor(base, alice.cookie);
    const silent = await socketFor(base, alice.cookie, { autoPong: false });
    const closed = await silent.closed;
    expect(closed.code).toBe(1006);
    expect(healthy.ws.readyState).toBe(healthy.ws.OPEN);
  });

  it('closes with 4401 once the session is signed out', async () => {
    const person = await createSignedInUser(t, { prefix: 'rt-signout' });
    const s = await socketFor(base, person.cookie);
    const out = await fetch(`${base}/api/auth/sign-out`, { method: 'POST', headers: { cookie: person.cookie, 'content-type': 'application/json', origin: base }, body: '{}' });
    expect(out.status).toBe(200);
    expect((await s.closed).code).toBe(4401);
    // And the same cookie cannot open a new one.
    expect(await openSocket(base, { cookie: person.cookie })).toMatchObject({ status: 401 });
  });
});

describe('frame rate limit and shutdown', () => {
  let limited: TestApp;
  let limitedBase: string;
  let person: Person;
  beforeAll(async () => {
    limited = await startTestApp({ REALTIME_FRAMES_PER_SECOND: '5', REALTIME_MAX_SOCKETS_PER_USER: '3' });
    limitedBase = await listen(limited);
    person = await createSignedInUser(limited, { prefix: 'rt-limited' });
  });
  afterAll(async () => {
    await limited?.close().catch(() => undefined);
  });

  it('answers the excess with realtime.rate-limited (not one error per frame), then closes persistent abuse with 1008', async () => {
    const s = await socketFor(limitedBase, person.cookie);
    for (let i = 0; i < 8; i += 1) s.sendJson({ type: 'ping', id: String(i) });
    await s.next((f) => f.type === 'error');
    await quiet(100);
    expect(s.frames.filter((f) => f.type === 'pong')).toHaveLength(5);
    expect(s.frames.filter((f) => f.type === 'error' && f.code === 'realtime.rate-limited')).toHaveLength(1);
    for (let i = 0; i < 50; i += 1) s.sendJson({ type: 'ping' });
    expect((await s.closed).code).toBe(1008);
  });

  it('holds at most REALTIME_MAX_SOCKETS_PER_USER sockets per person; a closed one frees its place', async () => {
    const someone = await createSignedInUser(limited, { prefix: 'rt-many' });
    const held = [await socketFor(limitedBase, someone.cookie), await socketFor(limitedBase, someone.cookie), await socketFor(limitedBase, someone.cookie)];
    const extra = await openSocket(limitedBase, { cookie: someone.cookie });
    if (!('socket' in extra)) throw new Error(`upgrade refused: ${extra.status}`);
    expect(await extra.socket.closed).toEqual({ code: 1008, reason: 'too many connections' });
    // Someone else is not affected.
    await socketFor(limitedBase, person.cookie);
    held[0]!.ws.close();
    await held[0]!.closed;
    await quiet(100); // the server's side of the close
    await socketFor(limitedBase, someone.cookie);
  });

  it('closes open sockets with 1001 when the server shuts down', async () => {
    const s = await socketFor(limitedBase, person.cookie);
    const closing = limited.close();
    expect((await s.closed).code).toBe(1001);
    await closing;
  });
});
