// Development aid: the directory searches of `npm run bench` (row 9), each timed on its own, on
// a fresh PostgreSQL database with the demo data and 10,000 more providers, so the slowest
// search can be found. Not part of `npm run bench`. Usage: node bench/profile-search.mjs [samples]
// (PROFILE=1 adds the server's functions with the most self time; KEEP_DB=1 keeps the database.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createBenchDatabase, SEARCH_QUERIES, seedProviders } from './lib/booking.mjs';
import { msUntilFirst200, startNode, stop, waitForListening } from './lib/processes.mjs';
import { printTopFunctions } from './lib/profile.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const samples = Number(process.argv[2] ?? 100);
const profile = process.env.PROFILE === '1';
const profDir = mkdtempSync(join(tmpdir(), 'tendwell-prof-'));
const database = await createBenchDatabase();
const server = startNode('server', [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), join(root, 'build/server/main.mjs')], {
  cwd: root,
  env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'tendwell-prof-data-')), DATABASE_URL: database.url, DATABASE_POOL_MAX: '10' },
});
const db = new pg.Client({ connectionString: database.url });
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
try {
  const port = await waitForListening(server);
  await msUntilFirst200(server, port, '/readyz', { intervalMs: 50 });
  const base = `http://127.0.0.1:${port}`;
  await db.connect();
  await seedProviders(db, Number(process.env.PROVIDERS ?? 10_000));
  for (const query of SEARCH_QUERIES) {
    const url = `${base}/api/v1/providers?${query}`;
    for (let i = 0; i < 10; i++) await (await fetch(url)).arrayBuffer();
    const times = [];
    let bytes = 0;
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      const response = await fetch(url);
      bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${query.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(5)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(5)} ms  ${bytes} bytes`);
  }
} finally {
  await db.end().catch(() => {});
  await stop(server);
  if (process.env.KEEP_DB === '1') console.log(`database kept: ${database.url}`);
  else await database.drop();
}
if (profile) printTopFunctions(profDir, 30);
