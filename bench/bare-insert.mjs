// Baseline for the booking row: a bare Fastify 5 server whose one route inserts one row into
// PostgreSQL (pg Pool, the same database and pool size as the server under test), with nothing
// else: no validation, no auth, no row-level security, no slot checks.
// Env: PORT, HOST, DATABASE_URL, POOL_MAX.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX || 10) });
await pool.query('create table if not exists bench_inserts (id uuid primary key default gen_random_uuid(), starts_at timestamptz not null, created_at timestamptz not null default now())');
const app = Fastify({ logger: false });
app.post('/insert', async (request, reply) => {
  const { rows } = await pool.query('insert into bench_inserts (starts_at) values ($1) returning id', [request.body?.startsAt ?? new Date().toISOString()]);
  return reply.status(201).send({ id: rows[0].id });
});
const address = await app.listen({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT || 0) });
process.stdout.write(`bare insert is running at http://localhost:${new URL(address).port}\n`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    app.close().then(() => pool.end()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
