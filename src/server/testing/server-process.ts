import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
export const BUILT_SERVER = join(ROOT, 'build/server/main.mjs');

/** The built server running as its own process, as `npm start` runs it. */
export interface ServerProcess {
  /** Resolves with the address once the server says it is listening; rejects if it exits first. */
  url: Promise<string>;
  exit: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

/** A run shifted in time with libfaketime (README, Testing) keeps its shift in the servers it starts. */
function clockShift(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => /^(LD_PRELOAD|FAKETIME.*)$/.test(entry[0]) && entry[1] !== undefined,
    ),
  );
}

/**
 * Starts build/server/main.mjs on a random loopback port with a clean environment plus `env`
 * (tests send many requests from one address, so the newsletter limit is lifted unless `env` sets it).
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  if (!existsSync(BUILT_SERVER)) throw new Error('The server is not built: run `npm run build` (npm test does this first).');
  const child = spawn(process.execPath, [BUILT_SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      NEWSLETTER_RATE_LIMIT_PER_MINUTE: '100000',
      ...clockShift(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const url = new Promise<string>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) done(match[1].replace('localhost', '127.0.0.1'));
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exit.then((code) => fail(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  url.catch(() => undefined); // callers that expect an early exit need not handle it
  return { url, exit, output: () => output, kill: (signal) => child.kill(signal) };
}
