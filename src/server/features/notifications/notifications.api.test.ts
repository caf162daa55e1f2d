import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_LIMIT, type NotificationList } from '../../../shared/contracts/notifications.js';
import { queryRows } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';

type Person = Awaited<ReturnType<typeof createSignedInUser>>;

let t: TestApp;
let reader: Person;
let other: Person;
/** The reader's notifications as inserted, newest first (by time, then id). */
let expected: string[] = [];

const TOTAL = 2 * NOTIFICATIONS_LIMIT + 5;

beforeAll(async () => {
  t = await startTestApp();
  [reader, other] = await Promise.all([createSignedInUser(t, { prefix: 'bell-reader' }), createSignedInUser(t, { prefix: 'bell-other' })]);
  // One a minute back from now, except that every fifth shares its time with the one before it
  // (two made in one instant: the order falls back on the id), and every third is read already.
  const base = Date.parse('2026-11-01T09:00:00.123456Z');
  const rows: { id: string; at: string; read: boolean }[] = [];
  for (let i = 0; i < TOTAL; i += 1) {
    const minutes = i - Math.floor(i / 5);
    // Microseconds matter: the two of one instant differ from a neighbour only below the millisecond.
    rows.push({ id: randomUUID(), at: new Date(base - minutes * 60_000).toISOString().replace('Z', '456Z'), read: i % 3 === 0 });
  }
  for (const r of rows) {
    await queryRows(
      t.database.db,
      sql`insert into notifications (id, user_id, kind, data, created_at, read_at)
          values (${r.id}::uuid, ${reader.userId}::uuid, 'appointment_reminder', ${JSON.stringify({ service: 'Check-up', startsAt: r.at })}::jsonb, ${r.at}::timestamptz, ${r.read ? r.at : null}::timestamptz)`,
    );
  }
  await queryRows(t.database.db, sql`insert into notifications (user_id, kind, data) values (${other.userId}::uuid, 'appointment_reminder', '{}'::jsonb)`);
  expected = [...rows].sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1)).map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

function list(who: Person, before?: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/notifications${before ? `?before=${before}` : ''}`, headers: { cookie: who.cookie } });
}

describe('the header’s notifications', () => {
  it('come a page at a time, newest first, each once, with the unread count of all of them', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    const pages: NotificationList[] = [];
    for (;;) {
      const res = await list(reader, before);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const page = res.json<NotificationList>();
      pages.push(page);
      seen.push(...page.notifications.map((n) => n.id));
      if (!page.more) break;
      before = page.notifications.at(-1)!.id;
    }
    expect(pages.map((p) => p.notifications.length)).toEqual([NOTIFICATIONS_LIMIT, NOTIFICATIONS_LIMIT, 5]);
    expect(pages.map((p) => p.more)).toEqual([true, true, false]);
    expect(seen).toEqual(expected);
    const unread = TOTAL - Math.ceil(TOTAL / 3);
    expect(pages.map((p) => p.unread)).toEqual([unread, unread, unread]);
  });

  it('marking one read lowers the count and leaves the others', async () => {
    const first = (await list(reader)).json<NotificationList>();
    const target = first.notifications.find((n) => !n.readAt)!;
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/notifications/${target.id}/read`, headers: { cookie: reader.cookie }, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<NotificationList>();
    expect(after.unread).toBe(first.unread - 1);
    expect(after.notifications.find((n) => n.id === target.id)?.readAt).not.toBeNull();
    // Again: already read, nothing changes.
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/notifications/${target.id}/read`, headers: { cookie: reader.cookie }, payload: {} });
    expect(again.json<NotificationList>().unread).toBe(first.unread - 1);
  });

  it('someone else’s notification is neither a page mark nor theirs to read (404)', async () => {
    const mine = (await list(reader)).json<NotificationList>().notifications[0]!.id;
    const theirs = (await list(other)).json<NotificationList>();
    expect(theirs.notifications).toHaveLength(1);
    expect(theirs.more).toBe(false);
    const page = await list(other, mine);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('application/problem+json');
    expect(page.json<{ code: string }>().code).toBe('notification.not-found');
    const read = await t.app.inject({ method: 'POST', url: `/api/v1/notifications/${mine}/read`, headers: { cookie: other.cookie }, payload: {} });
    expect(read.statusCode).toBe(404);
    expect((await list(other, randomUUID())).statusCode).toBe(404);
  });

  it('refuses a malformed page mark, an unknown parameter and a signed-out reader', async () => {
    for (const url of ['/api/v1/notifications?before=nope', '/api/v1/notifications?page=2']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: reader.cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications' })).statusCode).toBe(401);
  });
});
