import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { firstLink, latestMail } from '../../testing/auth-helpers.js';

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

describe('POST /api/v1/newsletter/subscriptions (double opt-in)', () => {
  it('keeps a pending subscription and mails a confirmation link in the subscriber’s language', async () => {
    const email = `Reader.${Date.now()}@Example.org`;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email: `  ${email} `, language: 'fr' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'confirmation-sent' });
    expect(await countFor(email.toLowerCase())).toEqual({ count: 1, language: 'fr' });
    const [row] = await queryRows<{ confirmed_at: Date | null }>(t.database.db, sql`select confirmed_at from newsletter_subscriptions where email = ${email.toLowerCase()}`);
    expect(row?.confirmed_at).toBeNull();
    const mail = await latestMail(t, email.toLowerCase());
    expect(mail?.subject).toContain('lettre d’information');
    expect(mail?.textBody).toMatch(/\/newsletter\/confirm\?token=/);
    expect(mail?.textBody).toMatch(/\/newsletter\/unsubscribe\?token=/);
  });

  it('confirms once from the link, welcomes with an unsubscribe link, and unsubscribes from it', async () => {
    const email = `confirm.${Date.now()}@example.org`;
    await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email } });
    const link = new URL(firstLink((await latestMail(t, email))?.textBody ?? ''));
    expect(link.pathname).toBe('/newsletter/confirm');
    const token = link.searchParams.get('token') ?? '';
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
    // Single use.
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'newsletter.token-invalid' });

    const welcome = await latestMail(t, email, 'subscribed');
    const unsubscribeUrl = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/.exec(welcome?.textBody ?? '')?.[0];
    expect(unsubscribeUrl).toBeDefined();
    const unsubscribeToken = new URL(unsubscribeUrl ?? 'http://x').searchParams.get('token') ?? '';
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/unsubscribe', payload: { token: unsubscribeToken } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'unsubscribed' });
    }
    const [row] = await queryRows<{ unsubscribed_at: Date | null }>(t.database.db, sql`select unsubscribed_at from newsletter_subscriptions where email = ${email}`);
    expect(row?.unsubscribed_at).not.toBeNull();
  });

  it('answers the same for a confirmed address and sends it nothing new', async () => {
    const email = `again.${Date.now()}@example.org`;
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email } });
    const token = new URL(firstLink((await latestMail(t, email))?.textBody ?? '')).searchParams.get('token') ?? '';
    await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token } });
    const [{ n: before } = { n: 0 }] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from dev_mail_outbox where to_address = ${email}`);
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email: email.toUpperCase(), language: 'ar' } });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    const [{ n: after } = { n: 0 }] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from dev_mail_outbox where to_address = ${email}`);
    expect(after).toBe(before);
    expect((await countFor(email)).count).toBe(1);
  });

  it('refuses an expired or unknown confirmation link', async () => {
    const email = `late.${Date.now()}@example.org`;
    await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email } });
    const token = new URL(firstLink((await latestMail(t, email))?.textBody ?? '')).searchParams.get('token') ?? '';
    await t.database.db.execute(sql`update newsletter_subscriptions set confirm_expires_at = now() - interval '1 minute' where email = ${email}`);
    for (const candidate of [token, 'x'.repeat(32)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/confirm', payload: { token: candidate } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'newsletter.token-invalid' });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/unsubscribe', payload: { token: 'y'.repeat(32) } })).json()).toMatchObject({ code: 'newsletter.token-invalid' });
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
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
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
