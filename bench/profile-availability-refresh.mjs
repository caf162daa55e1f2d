// Development aid: how long and how much CPU the availability job (src/server/platform/system/
// availability-refresh.ts) takes to recompute the first free time of N providers at once. Seeds N
// bench providers on a fresh PostgreSQL database, marks them all stale, and waits until the job
// (every second here) has done them all. Not part of `npm run bench`.
// Usage: node bench/profile-availability-refresh.mjs [providers] [checkout]  (defaults: 10000, this one)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createBenchDatabase, seedProviders } from './lib/booking.mjs';
import { msUntilFirst200, startNode, stop, waitForListening } from './lib/processes.mjs';
import { cpuTicks, profilerServerEnv } from './lib/profile.mjs';

const count = Number(process.argv[2] ?? 10_000);
const root = resolve(process.argv[3] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const database = await createBenchDatabase();
const server = startNode('server', [join(root, 'build/server/main.mjs')], {
  cwd: root,
  env: profilerServerEnv({
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: '10',
    AVAILABILITY_REFRESH_INTERVAL_SECONDS: '1',
  }),
});
const db = new pg.Client({ connectionString: database.url });
try {
  const port = await waitForListening(server);
  await msUntilFirst200(server, port, '/readyz', { intervalMs: 50 });
  await db.connect();
  await seedProviders(db, count);
  const stale = async () =>
    Number((await db.query(`select count(*) as n from provider_profiles where next_available_stale and verification_status = 'verified' and tenant_id is not null`)).rows[0].n);
  // Let the job's start-up run finish before measuring.
  await new Promise((done) => setTimeout(done, 2500));
  const before = cpuTicks(server.child.pid);
  const started = performance.now();
  await db.query(`update provider_profiles set next_available_stale = true where display_name like 'Dr Bench %'`);
  while ((await stale()) > 0) await new Promise((done) => setTimeout(done, 100));
  const ms = performance.now() - started;
  const after = cpuTicks(server.child.pid);
  const { rows } = await db.query(`select count(*) filter (where next_available_at is null) as none from provider_profiles where display_name like 'Dr Bench %'`);
  console.log(
    `${count} providers refreshed in ${Math.round(ms)} ms (the job runs every second); CPU ms: server ${(after.server - before.server) * 10}, PostgreSQL ${(after.postgres - before.postgres) * 10}; without a free time: ${rows[0].none}`,
  );
} finally {
  await stop(server);
  await db.end().catch(() => undefined);
  await database.drop();
}
