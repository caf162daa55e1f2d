import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const alias = { '~/shared': fromRoot('./src/shared'), '~/web': fromRoot('./src/web') };

/**
 * Test tiers (scripts/test.mjs runs them in order):
 *  unit     rules, calculations and components, beside the code (*.test.ts[x])
 *  api      the real server through HTTP/app.inject on PGlite, or on PostgreSQL with TEST_DB=postgres
 *  browser  real headless Chromium against the real server (e2e/*.e2e.ts)
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['src/testing/fail-on-console-error.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['src/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['src/server/testing/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          fileParallelism: false,
          // One retry for a browser test that fails on timing alone (a toast or a navigation landing a
          // moment late on a loaded CI machine). A test that fails twice fails the tier; the default
          // reporter marks a test that passed on its retry, so a flaky test stays visible and gets fixed.
          retry: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
