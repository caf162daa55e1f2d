import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { testConfig } from '../../testing/api-fixture.js';
import { fictionalPerson } from '../../testing/auth-helpers.js';
import { openTestDatabase } from '../../testing/test-database.js';
import type { DatabaseHandle } from '../db/database.js';

/**
 * Two server instances on one database stand for two processes behind a load balancer: the
 * per-address limits are counted in the database, so together they allow no more than one would.
 */
let database: DatabaseHandle;
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig({ AUTH_IP_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' });
  // Each app closes its database on close; only the last one may really do it.
  const shared = { ...database, close: async () => undefined } as DatabaseHandle;
  first = await buildApp(config, { database: shared });
  second = await buildApp(config, { database: shared });
  await Promise.all([first.ready(), second.ready()]);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.close();
});

describe('per-address limits on sign-up, shared by every server process', () => {
  it('refuses the fourth sign-up from one address within a minute, whichever process answers', async () => {
    const ip = '192.0.2.44';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? first : second;
      const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { 'x-forwarded-for': ip }, payload: fictionalPerson() });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json()).toMatchObject({ status: 429, code: 'rate-limited' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another address is not affected.
    const other = await second.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { 'x-forwarded-for': '192.0.2.45' }, payload: fictionalPerson() });
    expect(other.statusCode).toBe(200);
  });
});
