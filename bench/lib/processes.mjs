// Child processes for the benchmarks: spawn, wait until listening, poll, stop, and make sure
// nothing outlives the run (every child is tracked and killed by killAll, which bench.mjs calls
// from a finally block and from its signal handlers).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const children = new Set();

/** A port that was free a moment ago (listen on port 0, read it, close). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node <nodeArgs…>` and keeps the last few KB of its output for error messages.
 * Returns { child, name, startedAt, exited (a promise of {code, signal}), output() }.
 */
export function startNode(name, nodeArgs, { cwd, env }) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, nodeArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.on('error', (error) => {
      children.delete(child);
      tail += `\n${error.message}`;
      resolve({ code: null, signal: null, error });
    });
  });
  const proc = { child, name, startedAt, exited, output: () => tail.trim(), alive: () => child.exitCode === null && child.signalCode === null };
  return proc;
}

function describeExit(proc, { code, signal }) {
  return `${proc.name} exited early (code ${code}, signal ${signal})${proc.output() ? `:\n${proc.output()}` : ''}`;
}

/** Resolves with the port once stdout has a line "running at http://localhost:<port>". */
export function waitForListening(proc, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => finish(new Error(`${proc.name} did not say it was listening within ${timeoutMs} ms:\n${proc.output()}`)), timeoutMs);
    const onData = (chunk) => {
      seen += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)/.exec(seen);
      if (match) finish(undefined, Number(match[1]));
    };
    const finish = (error, port) => {
      clearTimeout(timer);
      proc.child.stdout.off('data', onData);
      if (error) reject(error);
      else resolve(port);
    };
    proc.child.stdout.on('data', onData);
    proc.exited.then((exit) => finish(new Error(describeExit(proc, exit))));
  });
}

/** One GET on a fresh connection; resolves with { status, body }. */
export function get(port, path, timeoutMs = 2000) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: timeoutMs }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on('error', reject);
  });
}

/**
 * Polls GET <path> every intervalMs until it answers 200; resolves with the milliseconds from
 * the process's spawn to that first 200.
 */
export async function msUntilFirst200(proc, port, path, { intervalMs = 10, timeoutMs = 60_000 } = {}) {
  let exit;
  proc.exited.then((value) => (exit = value));
  const deadline = proc.startedAt + timeoutMs;
  for (;;) {
    try {
      const { status } = await get(port, path, 1000);
      if (status === 200) return performance.now() - proc.startedAt;
    } catch {
      // Not listening yet (ECONNREFUSED) or reset: try again.
    }
    if (exit) throw new Error(describeExit(proc, exit));
    if (performance.now() > deadline) throw new Error(`${proc.name}: no 200 from ${path} within ${timeoutMs} ms:\n${proc.output()}`);
    await sleep(intervalMs);
  }
}

/** SIGTERM, wait for the exit; SIGKILL after graceMs. Resolves with { code, signal, killed }. */
export async function stop(proc, graceMs = 15_000) {
  if (!proc.alive()) return { ...(await proc.exited), killed: false };
  proc.child.kill('SIGTERM');
  let timer;
  const timedOut = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs);
  });
  const result = await Promise.race([proc.exited, timedOut]);
  clearTimeout(timer);
  if (result !== 'timeout') return { ...result, killed: false };
  proc.child.kill('SIGKILL');
  return { ...(await proc.exited), killed: true };
}

/** Kills every child still running (used on failure and on Ctrl-C). */
export function killAll() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  children.clear();
}

/** Resident set size of a live process in bytes (VmRSS from /proc/<pid>/status, reported in KiB). */
export function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}
