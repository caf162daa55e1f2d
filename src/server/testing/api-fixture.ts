import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config/env.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import { openTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/** Settings every API test starts from; a test overrides what it is about. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: './build/web/client',
    // Tests send many requests from one address; the limit has its own test.
    NEWSLETTER_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_IP_LIMIT_PER_MINUTE: '100000',
    AUTH_MAIL_LIMIT_PER_HOUR: '1000',
    // The lowest scrypt cost keeps sign-ups fast; the cost itself has its own unit test.
    PASSWORD_HASH_COST: '1024',
    STORAGE_DIR: `./data/test-files/${randomUUID()}`,
    ...overrides,
  });
}

/** The real server (buildApp) on a migrated test database of its own. Close it in afterAll. */
export async function startTestApp(
  overrides: Record<string, string> = {},
  options: { logStream?: DestinationStream; now?: () => Date } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await openTestDatabase();
  const app = await buildApp(config, { database, ...options });
  await app.ready();
  return {
    app,
    database,
    config,
    close: () => app.close(),
  };
}

/** A unique, obviously fictional slug for a test's own tenant. */
export function uniqueSlug(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}
