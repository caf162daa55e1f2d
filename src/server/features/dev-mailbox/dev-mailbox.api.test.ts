import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailOutbox } from '../../db/schema/dev-mail-outbox.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { fictionalPerson } from '../../testing/auth-helpers.js';
import { startSmtpListener } from '../../../testing/smtp-listener.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ DEMO_MODE: 'true' });
});
afterAll(async () => {
  await t?.close();
});

type Mail = { id: string; from: string; to: string; subject: string; text: string; createdAt: string };

describe('GET /api/v1/dev/mailbox (demo mode)', () => {
  it('shows the verification mail of a sign-up, with its link, to anyone', async () => {
    const person = fictionalPerson('mailbox');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: person })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/dev/mailbox?to=${encodeURIComponent(person.email.toUpperCase())}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { transport: string; messages: Mail[] };
    expect(body.transport).toBe('outbox');
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({ to: person.email, from: t.config.MAIL_FROM });
    expect(body.messages[0]!.text).toMatch(/https?:\/\/\S+\/api\/auth\/verify-email\?token=/);
    expect(Object.keys(body.messages[0]!).sort()).toEqual(['createdAt', 'from', 'id', 'subject', 'text', 'to']);
  });

  it('lists the latest 50, newest first, and filters by recipient', async () => {
    // A day ahead and 1 ms apart: newer than any other mail in a shared database, even one
    // left by an earlier run of this test.
    const base = Date.now() + 24 * 60 * 60 * 1000;
    const to = `many.${base}@example.test`;
    await t.database.db.insert(devMailOutbox).values(
      Array.from({ length: 55 }, (_, i) => ({
        fromAddress: 'Tendwell <no-reply@tendwell.app>',
        toAddress: i % 2 === 0 ? to : `other.${base}@example.test`,
        subject: `Message ${i}`,
        textBody: `Body ${i}`,
        htmlBody: `<p>Body ${i}</p>`,
        createdAt: new Date(base + i),
      })),
    );
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).json() as { messages: Mail[] };
    expect(all.messages).toHaveLength(50);
    expect(all.messages[0]!.subject).toBe('Message 54');
    expect(all.messages[49]!.subject).toBe('Message 5');
    const times = all.messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const mine = (await t.app.inject({ method: 'GET', url: `/api/v1/dev/mailbox?to=${encodeURIComponent(to)}` })).json() as { messages: Mail[] };
    expect(mine.messages).toHaveLength(28);
    expect(mine.messages.every((m) => m.to === to)).toBe(true);
    expect(mine.messages[0]!.subject).toBe('Message 54');

    const none = (await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox?to=nobody@example.test' })).json() as { messages: Mail[] };
    expect(none.messages).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox?limit=500' })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/dev/mailbox elsewhere', () => {
  it('answers 404 when demo mode is off', async () => {
    const off = await startTestApp({ DEMO_MODE: 'false' });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('route.not-found');
      expect(res.body).not.toContain('@');
    } finally {
      await off.close();
    }
  });

  it('reports SMTP as the transport when mail goes over SMTP (and nothing is kept)', async () => {
    const smtp = await startSmtpListener();
    const withSmtp = await startTestApp({ DEMO_MODE: 'true', SMTP_URL: smtp.url });
    try {
      const person = fictionalPerson('smtp-mailbox');
      await withSmtp.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: person });
      await smtp.waitFor((m) => m.to.includes(person.email));
      const res = await withSmtp.app.inject({ method: 'GET', url: `/api/v1/dev/mailbox?to=${encodeURIComponent(person.email)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ transport: 'smtp', messages: [] });
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });
});
