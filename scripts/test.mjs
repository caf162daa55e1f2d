#!/usr/bin/env node
// `npm test`: every tier in order, then one summary line "Summary: N passed, M failed".
//   typecheck · lint · unit · build · API on PGlite · API on PostgreSQL (TEST_DATABASE_URL) · browser
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const resultsDir = join(root, 'build', 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const tiers = [];
let passed = 0;
let failed = 0;

function banner(name) {
  process.stdout.write(`\n━━━ ${name} ━━━\n`);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A tier that is one check (typecheck, lint, build). */
function check(name, command, args, env) {
  banner(name);
  const ok = run(command, args, env);
  tiers.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  if (ok) passed++;
  else failed++;
  return ok;
}

/**
 * The failed tests of a vitest JSON report, a line each with the first line of the error, so that the end
 * of a long log (all a CI page may keep) still names what failed.
 */
function failuresIn(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const lines = [];
  for (const suite of report.testResults ?? []) {
    const path = relative(root, suite.name ?? '');
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      lines.push(`${path} > ${test.fullName}\n      ${why}`);
    }
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
      lines.push(`${path}\n      ${String(suite.message ?? 'the file failed to run').split('\n')[0].slice(0, 300)}`);
    }
  }
  return lines;
}

/** A vitest project; its test counts go into the summary. */
function vitest(name, project, env = {}) {
  banner(name);
  const out = join(resultsDir, `${name.replace(/\W+/g, '-').toLowerCase()}.json`);
  const ok = run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], env);
  let p = 0;
  let f = 0;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    p = report.numPassedTests ?? 0;
    f = (report.numFailedTests ?? 0) + (report.numRuntimeErrors ?? 0);
    if (p === 0 && f === 0) f = 1; // a tier that ran no test is a failure, never a pass
  }
  if (!ok && f === 0) f = 1; // the runner itself failed (a file did not load, a hook threw)
  tiers.push({ name, passed: p, failed: f, failures: existsSync(out) ? failuresIn(out) : [] });
  passed += p;
  failed += f;
  return ok;
}

// The browser tier never skips silently: without a Chromium the run stops here, before anything else.
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  process.stderr.write(
    `No Chromium found at ${chrome}; npm test needs one for the browser tier and never skips it.\n` +
      "Install Debian's Chromium (sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.\n",
  );
  process.stdout.write('\nSummary: 0 passed, 1 failed\n');
  process.exit(1);
}

if (check('Typecheck', bin('react-router'), ['typegen'])) check('Typecheck (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
check('Lint', bin('eslint'), ['.', '--max-warnings=0']);
vitest('Unit', 'unit');
const built = check('Build', process.execPath, [join(root, 'scripts/build.mjs')]);

if (built) {
  vitest('API on PGlite', 'api', { TEST_DB: 'pglite' });
  if (process.env.TEST_DATABASE_URL) {
    vitest('API on PostgreSQL', 'api', { TEST_DB: 'postgres' });
  } else {
    banner('API on PostgreSQL');
    process.stdout.write('Not run: set TEST_DATABASE_URL to a PostgreSQL database to run the API tier on it too.\n');
  }
  vitest('Browser', 'browser', { CHROME_PATH: chrome });
}

process.stdout.write('\n━━━ Results ━━━\n');
for (const t of tiers) {
  process.stdout.write(`${t.failed ? '✗' : '✓'} ${t.name}: ${t.passed} passed, ${t.failed} failed\n`);
  for (const line of t.failures ?? []) process.stdout.write(`    ✗ ${line}\n`);
}
process.stdout.write(`\nSummary: ${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 ? 0 : 1);
