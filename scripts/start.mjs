#!/usr/bin/env node
// `npm start`: builds the app when a source changed, then runs the server on the embedded
// database (or DATABASE_URL). The server applies migrations and seeds demo data once.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, buildIsCurrent } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!buildIsCurrent()) await build();

const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'build/server/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
