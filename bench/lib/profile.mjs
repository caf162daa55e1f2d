// Shared by the development profilers (bench/profile-auth.mjs, bench/profile-booking.mjs,
// bench/profile-availability-refresh.mjs).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** CPU time so far (in clock ticks of 10 ms) of the server, of all PostgreSQL processes and of this process. */
export function cpuTicks(serverPid) {
  const read = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return { comm: readFileSync(`/proc/${pid}/comm`, 'utf8').trim(), cpu: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return null;
    }
  };
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => [pid, read(pid)]);
  return {
    server: read(serverPid)?.cpu ?? 0,
    postgres: all.filter(([, r]) => r?.comm === 'postgres').reduce((sum, [, r]) => sum + r.cpu, 0),
    self: read(process.pid)?.cpu ?? 0,
  };
}

/** Prints the functions with the most self time in the one .cpuprofile of `profDir`. */
export function printTopFunctions(profDir, count = 30) {
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8'));
  const self = new Map();
  const dt = profile.timeDeltas;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const total = dt.reduce((a, b) => a + b, 0);
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const key = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
  });
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`profile: ${join(profDir, file)}`);
}

/** The environment a profiler's server starts with: any free port on loopback, quiet logs, its own data directory. */
export function profilerServerEnv(extra) {
  return {
    PATH: process.env.PATH,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tendwell-prof-data-')),
    ...extra,
  };
}
