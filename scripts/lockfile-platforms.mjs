#!/usr/bin/env node
// The package registry this project installs from serves only the Linux x64 builds of packages
// with per-platform native binaries (Tailwind's oxide, Rollup, unrs-resolver). npm then writes a
// lockfile without the other platforms' optional packages, and `npm ci` refuses it as out of
// sync. This script adds those optional entries back, marked with their os and cpu, so `npm ci`
// skips them on other platforms exactly as it would with a complete lockfile.
// Run it after changing dependencies: `npm install && node scripts/lockfile-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'openharmony', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 's390x', 'riscv64', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  let cpu = parts.find((p) => CPU.includes(p));
  if (!cpu && parts.includes('gnueabihf')) cpu = 'arm';
  if (!cpu && parts.includes('musleabihf')) cpu = 'arm';
  if (!cpu && parts.includes('eabi')) cpu = 'arm';
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p === 'gnu' || p.startsWith('gnueabi')) ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === '' ? 'node_modules' : `${path}/node_modules`;
    const candidates = [`${base}/${name}`, `node_modules/${name}`];
    if (candidates.some((c) => packages[c])) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    const record = { version: String(version).replace(/^[\^~=]/, ''), dev: entry.dev === true || undefined, optional: true };
    if (os) record.os = [os];
    if (cpu) record.cpu = [cpu];
    if (libc) record.libc = [libc];
    packages[`node_modules/${name}`] = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
process.stdout.write(`lockfile: added ${added} optional platform package entr${added === 1 ? 'y' : 'ies'}\n`);
