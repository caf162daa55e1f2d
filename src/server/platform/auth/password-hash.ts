import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

/**
 * Password hashing with Node's native scrypt (libuv's thread pool), not a JavaScript
 * implementation: a sign-in costs one hash, and the event loop stays free meanwhile.
 * Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can rise without breaking old hashes.
 *
 * Defaults (config): N=2^14, r=8, p=5, one of OWASP's equivalent scrypt minimums (Password
 * Storage Cheat Sheet: N=2^17 p=1, 2^16 p=2, 2^15 p=3, 2^14 p=5, 2^13 p=10, all r=8). The 2^14
 * row keeps each hash's memory at 16 MiB, so four hashes at once on the thread pool stay small.
 */
const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;

export interface PasswordHashCost {
  /** scrypt's CPU/memory cost N, a power of two. */
  cost: number;
  /** scrypt's parallelism p (computed one after another by Node: p multiplies the CPU time). */
  parallelism: number;
}

/**
 * libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default) also runs file reads, zlib and WebCrypto,
 * first in, first out. Were every waiting hash queued there, a burst of sign-ins would put static
 * files and the session cookie's signature (WebCrypto) behind all of them, and each sign-in would
 * wait for the whole queue twice. So hashes wait here instead, and at most one thread fewer than
 * the pool has hash at once. (More hashes than cores, so the cores stay busy while a finished
 * hash waits for the event loop to start the next one.)
 */
const poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const hashing = pLimit(Math.max(1, poolSize - 1));

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

function maxmem(cost: number, blockSize: number): number {
  return 128 * cost * blockSize * 2;
}

export async function hashPassword(password: string, { cost, parallelism }: PasswordHashCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: cost, r: BLOCK_SIZE, p: parallelism, maxmem: maxmem(cost, BLOCK_SIZE) });
  return ['scrypt', cost, BLOCK_SIZE, parallelism, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const parts = hash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const cost = Number(n);
  const blockSize = Number(r);
  const parallelism = Number(p);
  if (![cost, blockSize, parallelism].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: cost,
    r: blockSize,
    p: parallelism,
    maxmem: maxmem(cost, blockSize),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
