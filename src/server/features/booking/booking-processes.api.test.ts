import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { createPractice, hoursAhead } from '../../testing/booking-fixtures.js';
import { spawnServer, type ServerProcess } from '../../testing/server-process.js';
import { testDatabaseKind } from '../../testing/test-database.js';

/**
 * The booking race across two server processes sharing one PostgreSQL database, as a scaled-out
 * deployment runs: only the database can keep the invariant, and it does. (PGlite is one process's
 * own database, so this runs on the PostgreSQL tier.)
 */
const onPostgres = testDatabaseKind() === 'postgres';
let t: TestApp;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  t = await startTestApp();
  const env = { DATABASE_URL: process.env.TEST_DATABASE_URL!, AUTH_IP_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' };
  servers.push(spawnServer(env), spawnServer(env));
  await Promise.all(servers.map((s) => s.url));
}, 90_000);
afterAll(async () => {
  for (const s of servers) s.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exit));
  await t?.close();
});

describe.runIf(onPostgres)('two server processes, one database', () => {
  it('200 concurrent bookings of one time split across both: exactly 1 booked, 199 × 409, no 5xx, no overlap', async () => {
    const practice = await createPractice(t);
    const patient = await createSignedInUser(t, { prefix: 'two-processes' });
    const [a, b] = await Promise.all(servers.map((s) => s.url));
    const start = hoursAhead(400).toISOString();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${i % 2 ? a : b}/api/v1/appointments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: patient.cookie, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: start }),
        }).then(async (r) => ({ status: r.status, code: r.status === 409 ? ((await r.json()) as { code: string }).code : null })),
      ),
    );
    expect(statuses.filter((s) => s.status === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s.status === 409 && s.code === 'booking.slot-taken')).toHaveLength(199);
    const [row] = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from appointments where provider_id = ${practice.profileId} and status = 'booked'`,
    );
    expect(Number(row?.n)).toBe(1);
  });
});
