// Development aid: runs the bookings-per-second load of `npm run bench` (row 10) against one
// server started with --cpu-prof on a fresh PostgreSQL database, then prints CPU milliseconds per
// booking (server, PostgreSQL, this process with its mail catcher) and the functions with the
// most self time. Not part of `npm run bench`. Usage: node bench/profile-booking.mjs [seconds]
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { startMailCatcher } from './lib/accounts.mjs';
import { bookingRequests, createBenchDatabase, seedProviders } from './lib/booking.mjs';
import { msUntilFirst200, startNode, stop, waitForListening } from './lib/processes.mjs';
import { cpuTicks, printTopFunctions, profilerServerEnv } from './lib/profile.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.argv[2] ?? 8);
const profile = process.env.PROFILE !== '0';
const profDir = mkdtempSync(join(tmpdir(), 'tendwell-prof-'));
const mail = await startMailCatcher();
// Known here, so that the load's patients can be given sessions with SQL.
const secret = randomBytes(32).toString('base64url');
const database = await createBenchDatabase();
const server = startNode('server', [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), join(root, 'build/server/main.mjs')], {
  cwd: root,
  env: profilerServerEnv({
    SMTP_URL: mail.url,
    AUTH_IP_LIMIT_PER_MINUTE: '1000000',
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: '10',
    AUTH_SECRET: secret,
  }),
});
const db = new pg.Client({ connectionString: database.url });
try {
  const port = await waitForListening(server);
  await msUntilFirst200(server, port, '/readyz', { intervalMs: 50 });
  const base = `http://127.0.0.1:${port}`;
  await db.connect();
  const targets = await seedProviders(db, Number(process.env.PROVIDERS ?? 10_000));
  const next = await bookingRequests(db, secret, targets);
  const ticks = () => cpuTicks(server.child.pid);
  const xacts = async () => Number((await db.query('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()')).rows[0].n);
  const xactsBefore = await xacts();
  const before = ticks();
  const result = await autocannon({
    url: `${base}/api/v1/appointments`,
    method: 'POST',
    connections: 10,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const { body, headers } = next();
          return { ...req, body, headers: { ...req.headers, ...headers, 'idempotency-key': randomUUID() } };
        },
      },
    ],
  });
  // Until the last confirmation email has gone (the outbox, appointment_emails), so its CPU counts.
  const loadEnded = performance.now();
  const pending = async () => Number((await db.query('select count(*) filter (where outcome is null) as n from appointment_emails')).rows[0].n);
  while ((await pending()) > 0 && performance.now() - loadEnded < 180_000) await new Promise((resolve) => setTimeout(resolve, 50));
  const drainedMs = performance.now() - loadEnded;
  const after = ticks();
  const done = result['2xx'];
  console.log(`confirmation emails: the last sent ${Math.round(drainedMs)} ms after the load ended`);
  // Statistics reach pg_stat_database when a backend reports them (at most every 500 ms or so).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  console.log(`database transactions per booking: ${((await xacts()) - xactsBefore) / done}`);
  console.log(
    `CPU ms per booking: server ${(((after.server - before.server) * 10) / done).toFixed(2)}, postgres ${(((after.postgres - before.postgres) * 10) / done).toFixed(2)}, bench process and mail catcher ${(((after.self - before.self) * 10) / done).toFixed(2)}`,
  );
  console.log(`bookings: ${(done / seconds).toFixed(1)}/s answered, ${(done / (seconds + drainedMs / 1000)).toFixed(1)}/s with their emails, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non2xx ${result.non2xx}, errors ${result.errors}`);
} finally {
  await stop(server);
  await db.end().catch(() => undefined);
  if (process.env.KEEP_DB) console.log(`database kept: ${database.url}`);
  else await database.drop();
  await mail.close();
}
if (profile) printTopFunctions(profDir);
