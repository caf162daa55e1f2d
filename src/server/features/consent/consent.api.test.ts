import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const UA = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0';

function visitorCookie(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie'] ?? '');
  const match = /tw_visitor=([^;]+)/.exec(header);
  if (!match?.[1]) throw new Error(`no visitor cookie in ${header}`);
  return `tw_visitor=${match[1]}`;
}

async function save(cookie: string | undefined, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/cookie-consent',
    headers: { 'user-agent': UA, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
}

async function read(cookie: string | undefined, region: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/cookie-consent?region=${region}`, headers: cookie ? { cookie } : {} });
}

async function track(cookie: string | undefined, regionCode = 'GB') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/analytics/events',
    headers: { 'user-agent': UA, ...(cookie ? { cookie } : {}) },
    payload: { type: 'page_view', regionCode, properties: { page: '/about', language: 'en', currency: 'GBP', timezone: 'Europe/London' } },
  });
}

async function analyticsCount(): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(t.database.db, sql`select count(*) as n from analytics_events`);
  return Number(row?.n ?? 0);
}

describe('cookie consent', () => {
  it('has nothing for a new visitor, then records a visitor’s choice with a cookie, no IP, and reads it back', async () => {
    expect((await read(undefined, 'GB')).json()).toEqual({ consent: null });
    const saved = await save(undefined, { regionCode: 'GB', functional: true, analytics: false, marketing: false });
    expect(saved.statusCode, saved.body).toBe(201);
    const header = String(saved.headers['set-cookie']);
    expect(header).toMatch(/tw_visitor=[A-Za-z0-9_-]{22}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const record = saved.json<{ id: string; createdAt: string; expiresAt: string }>();
    expect(record).toMatchObject({ essential: true, functional: true, analytics: false, marketing: false, regionCode: 'GB', consentVersion: '1.0' });
    const created = new Date(record.createdAt);
    const expires = new Date(record.expiresAt);
    expect(expires.getUTCFullYear() * 12 + expires.getUTCMonth() - (created.getUTCFullYear() * 12 + created.getUTCMonth())).toBe(12);

    const cookie = visitorCookie(saved);
    expect((await read(cookie, 'GB')).json()).toEqual({ consent: record });
    // Another region has its own choice; another visitor sees nothing of mine.
    expect((await read(cookie, 'AU')).json()).toEqual({ consent: null });
    expect((await read('tw_visitor=AAAAAAAAAAAAAAAAAAAAAA', 'GB')).json()).toEqual({ consent: null });

    const [row] = await queryRows<{ ip_address: string | null; user_agent: string; user_id: string | null; session_id: string }>(
      t.database.db,
      sql`select ip_address, user_agent, user_id, session_id from cookie_consent where id = ${record.id}`,
    );
    expect(row).toMatchObject({ ip_address: null, user_agent: UA, user_id: null });
    expect(cookie).toBe(`tw_visitor=${row?.session_id}`);
  });

  it('keeps the newest choice in force and ignores expired ones', async () => {
    const first = await save(undefined, { regionCode: 'FR', functional: false, analytics: false, marketing: false });
    const cookie = visitorCookie(first);
    const second = await save(cookie, { regionCode: 'FR', functional: true, analytics: true, marketing: true });
    expect(second.headers['set-cookie']).toBeUndefined();
    expect((await read(cookie, 'FR')).json<{ consent: { id: string } }>().consent.id).toBe(second.json<{ id: string }>().id);
    await t.database.db.execute(sql`update cookie_consent set expiry_date = now() - interval '1 day' where region_code = 'FR'`);
    expect((await read(cookie, 'FR')).json()).toEqual({ consent: null });
  });

  it('records a signed-in user’s choice against the user, not a visitor id', async () => {
    const person = await createSignedInUser(t, { prefix: 'consent' });
    const saved = await save(person.cookie, { regionCode: 'AU', functional: false, analytics: true, marketing: false });
    expect(saved.statusCode).toBe(201);
    expect(saved.headers['set-cookie']).toBeUndefined();
    const [row] = await queryRows<{ user_id: string; session_id: string | null }>(
      t.database.db,
      sql`select user_id, session_id from cookie_consent where id = ${saved.json<{ id: string }>().id}`,
    );
    expect(row).toEqual({ user_id: person.userId, session_id: null });
    expect((await read(person.cookie, 'AU')).json<{ consent: { analytics: boolean } }>().consent.analytics).toBe(true);
  });

  it('refuses an unknown region, a missing choice and an attempt to switch essential off, with problem details', async () => {
    for (const body of [
      { regionCode: 'XX', functional: true, analytics: true, marketing: true },
      { regionCode: 'GB', functional: true, analytics: true },
      { regionCode: 'GB', functional: true, analytics: true, marketing: true, essential: false },
      { regionCode: 'GB', functional: true, analytics: true, marketing: true, ipAddress: '10.0.0.1' },
    ]) {
      const res = await save(undefined, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'request.invalid' });
    }
    expect((await read(undefined, 'ZZ')).statusCode).toBe(400);
  });
});

describe('first-party analytics', () => {
  it('stores nothing without consent, nothing when analytics was declined, and the event when it was given', async () => {
    const before = await analyticsCount();
    expect((await track(undefined)).json()).toEqual({ stored: false });

    const declined = visitorCookie(await save(undefined, { regionCode: 'GB', functional: true, analytics: false, marketing: true }));
    const refused = await track(declined);
    expect(refused.statusCode).toBe(202);
    expect(refused.json()).toEqual({ stored: false });
    expect(await analyticsCount()).toBe(before);

    const agreed = visitorCookie(await save(undefined, { regionCode: 'GB', functional: false, analytics: true, marketing: false }));
    expect((await track(agreed)).json()).toEqual({ stored: true });
    // Consent is per region: the same visitor in another region has given none.
    expect((await track(agreed, 'US')).json()).toEqual({ stored: false });
    expect(await analyticsCount()).toBe(before + 1);
    const [event] = await queryRows<{ type: string; properties: Record<string, string>; session_id: string }>(
      t.database.db,
      sql`select type, properties, session_id from analytics_events order by created_at desc limit 1`,
    );
    expect(event).toMatchObject({ type: 'page_view', properties: { page: '/about', currency: 'GBP', userAgent: UA } });
    expect(`tw_visitor=${event?.session_id}`).toBe(agreed);
  });

  it('refuses unknown event types and properties', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: { type: 'purchase', regionCode: 'GB', properties: { page: '/', ip: '1.2.3.4' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'request.invalid' });
  });
});
