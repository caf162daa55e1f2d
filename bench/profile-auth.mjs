// Development aid: runs the sign-in and session loads of `npm run bench` against one server
// started with --cpu-prof, then prints the functions with the most self time. Not part of
// `npm run bench`. Usage: node bench/profile-auth.mjs [signin|session] [seconds]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createVerifiedAccount, startMailCatcher } from './lib/accounts.mjs';
import { msUntilFirst200, startNode, stop, waitForListening } from './lib/processes.mjs';
import { cpuTicks, printTopFunctions, profilerServerEnv } from './lib/profile.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const which = process.argv[2] ?? 'signin';
const seconds = Number(process.argv[3] ?? 8);
const profDir = mkdtempSync(join(tmpdir(), 'tendwell-prof-'));
const mail = await startMailCatcher();
const server = startNode('server', ['--cpu-prof', `--cpu-prof-dir=${profDir}`, join(root, 'build/server/main.mjs')], {
  cwd: root,
  env: profilerServerEnv({
    SMTP_URL: mail.url,
    AUTH_IP_LIMIT_PER_MINUTE: '1000000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  }),
});
const port = await waitForListening(server);
await msUntilFirst200(server, port, '/readyz');
const base = `http://127.0.0.1:${port}`;
const account = { email: 'prof@example.test', password: 'bench-passphrase-not-common', name: 'Prof' };
const { cookie } = await createVerifiedAccount(base, mail, account);
const options =
  which === 'signin'
    ? { url: `${base}/api/auth/sign-in/email`, method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: account.email, password: account.password }), connections: Number(process.env.CONNECTIONS ?? 50) }
    : { url: `${base}/api/v1/session`, headers: { cookie }, connections: Number(process.env.CONNECTIONS ?? 100) };
const ticks = () => cpuTicks(server.child.pid);
const before = ticks();
const result = await autocannon({ ...options, duration: seconds });
const after = ticks();
const n = result.requests.total;
console.log(
  `CPU ms per request: server ${(((after.server - before.server) * 10) / n).toFixed(1)}, postgres ${(((after.postgres - before.postgres) * 10) / n).toFixed(1)}, load generator ${(((after.self - before.self) * 10) / n).toFixed(1)}`,
);
console.log(`${which}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, non2xx ${result.non2xx}, errors ${result.errors}`);
await stop(server);
await mail.close();
printTopFunctions(profDir);
