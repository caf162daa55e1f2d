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
  const env = { DATABASE_URL: process.env.TEST_DATABASE_URL!, AUTH_IP_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' };
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
