import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createPglite, pgliteHandle, postgresHandle, queryRows, type DatabaseHandle } from './platform/db/database.js';
import { spawnServer } from './testing/server-process.js';
import { testDatabaseKind } from './testing/test-database.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function databaseEnv(): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    return { env: { DATABASE_URL: url }, open: async () => postgresHandle(url, 1) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'tendwell-main-'));
  dirs.push(dir);
  return { env: { DATA_DIR: dir }, open: async () => pgliteHandle(await createPglite(join(dir, 'pglite'))) };
}

// These start whole server processes, the first on an empty data directory (migrations and the demo
// data): about 20 s each on a 2-core VM alone, more beside the other API tests, past the tier's 30 s.
const PROCESS_TEST_TIMEOUT_MS = 90_000;

describe('the server process', () => {
  it('exits 1 listing every bad configuration key', async () => {
    const run = spawnServer({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', LOG_LEVEL: 'chatty' });
    expect(await run.exit).toBe(1);
    for (const key of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(run.output()).toContain(key);
  });

  it('finishes in-flight requests on SIGTERM and loses no acknowledged write', async () => {
    const { env, open } = await databaseEnv();
    const run = spawnServer(env);
    const base = await run.url;
    const stamp = Date.now();
    const emails = Array.from({ length: 60 }, (_, i) => `shutdown-${stamp}-${i}@example.org`);
    let firstAck: () => void = () => undefined;
    const acked = new Promise<void>((done) => (firstAck = done));
    const requests = emails.map((email) =>
      fetch(`${base}/api/v1/newsletter/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      }).then(
        (r) => {
          if (r.status === 202) firstAck();
          return { email, status: r.status };
        },
        () => ({ email, status: 0 }),
      ),
    );
    // Signal while the rest of the burst is still in flight.
    await acked;
    run.kill('SIGTERM');
    const results = await Promise.all(requests);
    const code = await run.exit;
    expect(code, run.output()).toBe(0);

    const acknowledged = results.filter((r) => r.status === 202).map((r) => r.email);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Anything not acknowledged was refused cleanly (503 while closing, or the connection was never accepted).
    for (const r of results) expect([202, 503, 0]).toContain(r.status);

    const database = await open();
    const stored = await queryRows<{ email: string }>(
      database.db,
      sql`select email::text as email from newsletter_subscriptions where email like ${`shutdown-${stamp}-%`}`,
    );
    await database.close();
    const storedSet = new Set(stored.map((r) => r.email));
    for (const email of acknowledged) expect(storedSet.has(email), email).toBe(true);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('reopens an existing data directory, keeps its data and seeds demo data only once', async () => {
    if (testDatabaseKind() === 'postgres') {
      // On a shared server the seed marker is per database; the PGlite run proves reopening.
      const { env, open } = await databaseEnv();
      for (let i = 0; i < 2; i++) {
        const run = spawnServer(env);
        await run.url;
        run.kill('SIGTERM');
        expect(await run.exit).toBe(0);
      }
      const database = await open();
      const rows = await queryRows<{ n: string | number }>(database.db, sql`select count(*) as n from app_meta where key = 'demo_seed_version'`);
      await database.close();
      expect(Number(rows[0]?.n)).toBe(1);
      return;
    }
    const { env, open } = await databaseEnv();
    for (let i = 0; i < 2; i++) {
      const run = spawnServer(env);
      const base = await run.url;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      run.kill('SIGINT');
      expect(await run.exit).toBe(0);
    }
    const database = await open();
    const tenants = await queryRows<{ n: string | number }>(database.db, sql`select count(*) as n from tenants`);
    await database.close();
    // The demo organisations, once: one practice per directory region (AU and GB are the first two).
    expect(Number(tenants[0]?.n)).toBe(12);
  }, PROCESS_TEST_TIMEOUT_MS);
});
