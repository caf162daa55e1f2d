// Baseline for the sign-in benchmark: raw password verifications per second with exactly the
// scrypt parameters the server uses (src/server/platform/auth/password-hash.ts: N from
// PASSWORD_HASH_COST, default 16384, r=8, p from PASSWORD_HASH_PARALLELISM, default 5, 64-byte
// key), `concurrency` at a time on libuv's thread pool, as the server runs them.
// Prints one JSON line: { perSecond, total, seconds }.
// Env: SECONDS (default 8), CONCURRENCY (default 50), COST (default 16384), PARALLELISM (default 5).
import { randomBytes, scrypt } from 'node:crypto';

const seconds = Number(process.env.SECONDS || 8);
const concurrency = Number(process.env.CONCURRENCY || 50);
const cost = Number(process.env.COST || 16384);
const parallelism = Number(process.env.PARALLELISM || 5);
const options = { N: cost, r: 8, p: parallelism, maxmem: 128 * cost * 8 * 2 };
const salt = randomBytes(16);

const verify = () =>
  new Promise((resolve, reject) => scrypt('correct horse battery staple'.normalize('NFKC'), salt, 64, options, (error, key) => (error ? reject(error) : resolve(key))));

let total = 0;
const until = Date.now() + seconds * 1000;
const began = Date.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < until) {
      await verify();
      total++;
    }
  }),
);
const elapsed = (Date.now() - began) / 1000;
process.stdout.write(`${JSON.stringify({ perSecond: total / elapsed, total, seconds: elapsed })}\n`);
