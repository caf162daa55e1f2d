import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser, latestMail } from '../../testing/auth-helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await startTestApp({ ENQUIRIES_NOTIFY_EMAIL: 'team@tendwell.test', ENQUIRY_RATE_LIMIT_PER_MINUTE: '100' });
  admin = await createSignedInUser(t, { prefix: 'enquiry-admin' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
});
afterAll(async () => {
  await t?.close();
});

const contact = (email: string) => ({
  kind: 'contact',
  name: 'Amara Okafor',
  email,
  topic: 'billing',
  message: 'How do I change the card we pay with?',
  regionCode: 'NG',
  language: 'fr',
});

const demo = (email: string) => ({
  kind: 'demo_request',
  name: 'Grace Walker',
  email,
  phone: '+44 20 7946 0000',
  organisation: 'Riverside Therapy',
  jobTitle: 'Practice manager',
  organisationSize: '11-50',
  regionCode: 'GB',
  message: 'We would like to see scheduling and NDIS claims.',
  language: 'en',
});

async function send(body: unknown, cookie?: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/enquiries', payload: body as Record<string, unknown>, headers: cookie ? { cookie } : {} });
}

describe('POST /api/v1/enquiries', () => {
  it('stores a contact message, confirms it to the sender in their language and tells the team', async () => {
    const email = `sender.${randomUUID().slice(0, 8)}@example.org`;
    const res = await send(contact(email));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    const confirmation = await latestMail(t, email);
    expect(confirmation?.subject).toBe('Nous avons bien reçu votre message');
    expect(confirmation?.textBody).toContain('Amara Okafor');
    const team = await latestMail(t, 'team@tendwell.test', 'Amara Okafor');
    expect(team?.textBody).toContain('How do I change the card we pay with?');

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/enquiries?kind=contact', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    const found = list.json<{ items: { id: string; topic: string; status: string; regionCode: string }[] }>().items.find((e) => e.id === id);
    expect(found).toMatchObject({ topic: 'billing', status: 'new', regionCode: 'NG' });
  });

  it('stores a demo request with its organisation details and records the signed-in sender', async () => {
    const person = await createSignedInUser(t, { prefix: 'demo-sender' });
    const res = await send(demo(person.email), person.cookie);
    expect(res.statusCode).toBe(201);
    const row = await t.app.inject({ method: 'GET', url: '/api/v1/admin/enquiries?kind=demo_request', headers: { cookie: admin.cookie } });
    const item = row.json<{ items: { id: string; organisation: string; organisationSize: string; jobTitle: string; phone: string }[] }>().items[0];
    expect(item).toMatchObject({ organisation: 'Riverside Therapy', organisationSize: '11-50', jobTitle: 'Practice manager', phone: '+44 20 7946 0000' });
    expect((await latestMail(t, person.email, 'demo'))?.textBody).toContain('Riverside Therapy');
  });

  it('refuses invalid input field by field, with problem details, and stores nothing', async () => {
    const res = await send({ ...contact('not-an-email'), name: '', message: 'short', topic: 'gossip' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json<{ code: string; errors: { path: string }[] }>();
    expect(body.code).toBe('request.invalid');
    expect(body.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['body.email', 'body.name', 'body.message', 'body.topic']));
    // A demo request needs its organisation; unknown fields are refused.
    expect((await send({ ...demo('a@example.org'), organisation: '' })).statusCode).toBe(400);
    expect((await send({ ...demo('a@example.org'), status: 'handled' })).statusCode).toBe(400);
    expect((await send({ ...contact('a@example.org'), kind: 'complaint' })).statusCode).toBe(400);
  });
});

describe('/api/v1/admin/enquiries', () => {
  it('is for platform admins only', async () => {
    const patient = await createSignedInUser(t, { prefix: 'enquiry-patient' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/enquiries' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/enquiries', headers: { cookie: patient.cookie } })).statusCode).toBe(403);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/enquiries/${randomUUID()}`, headers: { cookie: patient.cookie }, payload: { status: 'handled' } });
    expect(patch.statusCode).toBe(403);
  });

  it('marks an enquiry handled and reopens it, filters by status, pages newest first, and 404s an unknown id', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await send(contact(`page.${i}.${randomUUID().slice(0, 6)}@example.org`))).json<{ id: string }>().id);
    const target = ids[0] ?? '';
    const handled = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/enquiries/${target}`, headers: { cookie: admin.cookie }, payload: { status: 'handled' } });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({ status: 'handled', handledBy: { userId: admin.userId, name: admin.name } });

    const onlyHandled = await t.app.inject({ method: 'GET', url: '/api/v1/admin/enquiries?status=handled', headers: { cookie: admin.cookie } });
    expect(onlyHandled.json<{ items: { id: string }[] }>().items.map((e) => e.id)).toContain(target);
    const onlyNew = await t.app.inject({ method: 'GET', url: '/api/v1/admin/enquiries?status=new', headers: { cookie: admin.cookie } });
    expect(onlyNew.json<{ items: { id: string }[] }>().items.map((e) => e.id)).not.toContain(target);

    const page = await t.app.inject({ method: 'GET', url: '/api/v1/admin/enquiries?pageSize=2&page=1', headers: { cookie: admin.cookie } });
    const body = page.json<{ items: { id: string; createdAt: string }[]; total: number; pageSize: number }>();
    expect(body.items).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(5);
    expect(body.items[0]?.id).toBe(ids[2]);

    const reopened = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/enquiries/${target}`, headers: { cookie: admin.cookie }, payload: { status: 'new' } });
    expect(reopened.json()).toMatchObject({ status: 'new', handledAt: null, handledBy: null });
    const missing = await t.app.inject({ method: 'PATCH', url: `/api/v1/admin/enquiries/${randomUUID()}`, headers: { cookie: admin.cookie }, payload: { status: 'handled' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'enquiry.not-found' });
    expect((await t.app.inject({ method: 'PATCH', url: '/api/v1/admin/enquiries/not-a-uuid', headers: { cookie: admin.cookie }, payload: { status: 'handled' } })).statusCode).toBe(400);
  });
});
