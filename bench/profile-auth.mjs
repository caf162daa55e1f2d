// Development aid: runs the sign-in and session loads of `npm run bench` against one server
// started with --cpu-prof, then prints the functions with the most self time. Not part of
// `npm run bench`. Usage: node bench/profile-auth.mjs [signin|session] [seconds]
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createVerifiedAccount, startMailCatcher } from './lib/accounts.mjs';
import { msUntilFirst200, startNode, stop, waitForListening } from './lib/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const which = process.argv[2] ?? 'signin';
const seconds = Number(process.argv[3] ?? 8);
const profDir = mkdtempSync(join(tmpdir(), 'tendwell-prof-'));
const mail = await startMailCatcher();
const server = startNode('server', ['--cpu-prof', `--cpu-prof-dir=${profDir}`, join(root, 'build/server/main.mjs')], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tendwell-prof-data-')),
    SMTP_URL: mail.url,
    AUTH_IP_LIMIT_PER_MINUTE: '1000000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
});
const port = await waitForListening(server);
await msUntilFirst200(server, port, '/readyz');
const base = `http://127.0.0.1:${port}`;
const account = { email: 'prof@example.test', password: 'bench-passphrase-not-common', name: 'Prof' };
const { cookie } = await createVerifiedAccount(base, mail, account);
const options =
  which === 'signin'
    ? { url: `${base}/api/auth/sign-in/email`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: account.password }), connections: Number(process.env.CONNECTIONS ?? 50) }
    : { url: `${base}/api/v1/session`, headers: { cookie }, connections: Number(process.env.CONNECTIONS ?? 100) };
const ticks = () => {
  const read = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return { comm: readFileSync(`/proc/${pid}/comm`, 'utf8').trim(), cpu: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return null;
    }
  };
  const all = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((pid) => [pid, read(pid)]);
  return {
    server: read(server.child.pid)?.cpu ?? 0,
    postgres: all.filter(([, r]) => r?.comm === 'postgres').reduce((sum, [, r]) => sum + r.cpu, 0),
    self: read(process.pid)?.cpu ?? 0,
  };
};
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
const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8'));
const self = new Map();
const dt = profile.timeDeltas;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const total = dt.reduce((a, b) => a + b, 0);
profile.samples.forEach((id, i) => {
  const n = byId.get(id);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
});
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
for (const [k, v] of top) console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
console.log(`profile: ${join(profDir, file)}`);
