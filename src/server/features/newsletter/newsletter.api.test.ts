import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function countFor(email: string): Promise<{ count: number; language: string | null }> {
  const rows = await queryRows<{ count: string | number; language: string | null }>(
    t.database.db,
    sql`select count(*) as count, max(language) as language from newsletter_subscriptions where email = ${email}`,
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 0), language: row?.language ?? null };
}

describe('POST /api/v1/newsletter/subscriptions', () => {
  it('stores a subscription, normalising the address', async () => {
    const email = `Reader.${Date.now()}@Example.org`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email: `  ${email} `, language: 'fr' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'subscribed' });
    expect(await countFor(email.toLowerCase())).toEqual({ count: 1, language: 'fr' });
  });

  it('answers the same for an address already on the list, and keeps one row', async () => {
    const email = `again.${Date.now()}@example.org`;
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email } });
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email: email.toUpperCase(), language: 'ar' } });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(await countFor(email)).toEqual({ count: 1, language: 'ar' });
  });

  it('rejects an invalid address with a field error and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email: 'no-at-sign' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.invalid', errors: [{ path: 'body.email' }] });
    expect((await countFor('no-at-sign')).count).toBe(0);
  });
});

describe('newsletter rate limit', () => {
  it('refuses the sixth sign-up a minute from one address with 429 problem+json and Retry-After', async () => {
    const limited = await startTestApp({ NEWSLETTER_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof limited.app.inject>> | undefined;
      for (let i = 0; i < 6; i++) {
        last = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/newsletter/subscriptions',
          payload: { email: `limit.${i}.${Date.now()}@example.org` },
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      expect(String(last!.headers['content-type'])).toMatch(/^application\/problem\+json/);
      expect(last!.json()).toMatchObject({ status: 429, code: 'rate-limited' });
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      // Other routes are not limited by it.
      expect((await limited.app.inject({ method: 'GET', url: '/api/v1/site' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/v1/site', () => {
  it('returns the configured contacts and the Nigeria and UK offices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/site' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { productName: string; contact: { phones: string[]; email: string }; offices: { countryCode: string }[] };
    expect(body.productName).toBe('Tendwell');
    expect(body.contact.phones).toEqual(t.config.CONTACT_PHONES);
    expect(body.contact.email).toBe(t.config.CONTACT_EMAIL);
    expect(body.offices.map((o) => o.countryCode)).toEqual(['NG', 'GB']);
  });
});
