import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
for (const conf of [[], ['synchronous_commit = off'], ['fsync = off', 'synchronous_commit = off']]) {
  const db = new PGlite(mkdtempSync(join(tmpdir(), 'pgl-')), { postgresqlconf: ['shared_buffers = 32MB', ...conf] });
  await db.query('create table t (k text primary key, n int, at timestamptz)');
  const show = await db.query('show fsync'); const sc = await db.query('show synchronous_commit');
  for (let i = 0; i < 200; i++) await db.query('insert into t values ($1, 1, now()) on conflict (k) do update set n = t.n + 1', ['k' + (i % 10)]);
  let t0 = performance.now(); const c0 = process.cpuUsage();
  for (let i = 0; i < 1000; i++) await db.query('insert into t values ($1, 1, now()) on conflict (k) do update set n = t.n + 1', ['k' + (i % 10)]);
  const c1 = process.cpuUsage(c0);
  const w = (performance.now() - t0) / 1000;
  t0 = performance.now();
  for (let i = 0; i < 1000; i++) await db.query('select * from t where k = $1', ['k' + (i % 10)]);
  const r = (performance.now() - t0) / 1000;
  console.log(JSON.stringify(conf), show.rows[0], sc.rows[0], 'upsert ms', w.toFixed(3), 'cpu ms', ((c1.user + c1.system) / 1000 / 1000).toFixed(3), 'select ms', r.toFixed(3));
  await db.close();
}
