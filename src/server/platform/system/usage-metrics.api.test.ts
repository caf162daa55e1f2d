import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/schema/stored-files.js';
import { tenantMemberships, tenantUsageMetrics } from '../../db/schema/tenant-memberships.js';
import { tenants } from '../../db/schema/tenants.js';
import { startTestApp, uniqueSlug, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser, firstLink, latestMail } from '../../testing/auth-helpers.js';
import { recordUsageMetrics, utcDay } from './usage-metrics.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type User = Awaited<ReturnType<typeof createSignedInUser>>;

function post(url: string, user: User | null, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: user ? { cookie: user.cookie } : {}, payload });
}

/** On a shared PostgreSQL another process may hold the job's lock for a moment: try again. */
async function runMetrics(now: Date) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const result = await recordUsageMetrics(t.database.db, now);
    if (result.status === 'recorded') return result;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('usage metrics never ran');
}

async function todayRow(tenantId: string, day: string) {
  const rows = await t.database.db
    .select()
    .from(tenantUsageMetrics)
    .where(and(eq(tenantUsageMetrics.tenantId, tenantId), eq(tenantUsageMetrics.metricDate, day)));
  return rows;
}

describe('usage metrics job', () => {
  it("upserts today's active members, their sign-ins and the organisation's storage", async () => {
    const owner = await createSignedInUser(t, { prefix: 'usage-owner' });
    const member = await createSignedInUser(t, { prefix: 'usage-member' });
    const outsider = await createSignedInUser(t, { prefix: 'usage-outsider' });
    const created = await post('/api/v1/tenants', owner, { name: 'Test Usage Org', slug: uniqueSlug('usage') });
    expect(created.statusCode, created.body).toBe(201);
    const tenantId = created.json<{ id: string }>().id;
    await post('/api/v1/tenant/invitations', owner, { email: member.email, role: 'member' });
    const token = new URL(firstLink((await latestMail(t, member.email, 'invited to join'))!.textBody)).searchParams.get('token');
    expect((await post('/api/v1/invitations/accept', member, { token })).statusCode).toBe(200);
    // The member signs in a second time today, the outsider (no member) signs in too.
    expect((await post('/api/auth/sign-in/email', null, { email: member.email, password: member.password })).statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/email', null, { email: outsider.email, password: outsider.password })).statusCode).toBe(200);
    await t.database.db.insert(storedFiles).values([
      { key: `test/${randomUUID()}`, tenantId, purpose: 'test', contentType: 'application/pdf', byteSize: 1500 },
      { key: `test/${randomUUID()}`, tenantId, purpose: 'test', contentType: 'image/png', byteSize: 2500 },
      // A personal file (no organisation) does not count against it.
      { key: `test/${randomUUID()}`, tenantId: null, ownerUserId: owner.userId, purpose: 'avatar', contentType: 'image/png', byteSize: 999 },
    ]);

    const now = new Date();
    const day = utcDay(now);
    expect(await runMetrics(now)).toMatchObject({ status: 'recorded', day });
    expect(await todayRow(tenantId, day)).toMatchObject([{ activeUsers: 2, signIns: 3, storageBytes: 4000 }]);

    // Again (twice at once): still one row for the day, with fresh numbers.
    await t.database.db.insert(storedFiles).values({ key: `test/${randomUUID()}`, tenantId, purpose: 'test', contentType: 'text/plain', byteSize: 1000 });
    await Promise.all([recordUsageMetrics(t.database.db, now), runMetrics(now)]);
    expect(await todayRow(tenantId, day)).toMatchObject([{ activeUsers: 2, signIns: 3, storageBytes: 5000 }]);

    // Another day is another row; yesterday's numbers only count yesterday's activity.
    const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    await runMetrics(tomorrow);
    expect(await todayRow(tenantId, utcDay(tomorrow))).toMatchObject([{ activeUsers: 0, signIns: 0, storageBytes: 5000 }]);
    expect(await todayRow(tenantId, day)).toHaveLength(1);
  });

  it('counts only active members', async () => {
    const owner = await createSignedInUser(t, { prefix: 'usage-suspended' });
    const created = await post('/api/v1/tenants', owner, { name: 'Test Suspended Org', slug: uniqueSlug('susp-usage') });
    const tenantId = created.json<{ id: string }>().id;
    await t.database.db.update(tenantMemberships).set({ status: 'suspended' }).where(eq(tenantMemberships.tenantId, tenantId));
    const now = new Date();
    await runMetrics(now);
    expect(await todayRow(tenantId, utcDay(now))).toMatchObject([{ activeUsers: 0, signIns: 0 }]);
  });

  it('skips a round while another process holds the lock', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite has one connection: nothing can hold the lock meanwhile.
    const { Pool } = (await import('pg')).default;
    const pool = new Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    const client = await pool.connect();
    try {
      await client.query('begin');
      const held = await client.query<{ locked: boolean }>('select pg_try_advisory_xact_lock(727003) as locked');
      if (!held.rows[0]?.locked) return; // a test process happens to run the job right now
      expect(await recordUsageMetrics(t.database.db, new Date())).toEqual({ status: 'skipped' });
    } finally {
      await client.query('rollback');
      client.release();
      await pool.end();
    }
  });

  it('runs in the server once at start and then on its interval (USAGE_METRICS_INTERVAL_MINUTES)', async () => {
    const other = await startTestApp({ USAGE_METRICS_INTERVAL_MINUTES: '0.05' });
    try {
      const tenantId = randomUUID();
      await other.database.db.insert(tenants).values({ id: tenantId, name: 'Test Interval Org', slug: uniqueSlug('interval') });
      const day = utcDay(new Date());
      await expect
        .poll(
          async () =>
            (await other.database.db.select().from(tenantUsageMetrics).where(and(eq(tenantUsageMetrics.tenantId, tenantId), eq(tenantUsageMetrics.metricDate, day))))
              .length,
          { timeout: 15_000, interval: 250 },
        )
        .toBe(1);
    } finally {
      await other.close();
    }
  });
});
