import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events.js';
import { sessions, users } from '../../db/schema/auth.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { cookieHeader, createSignedInUser } from '../../testing/auth-helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await startTestApp();
  // Test setup: platform admins are granted, never chosen at sign-up.
  admin = await createSignedInUser(t, { prefix: 'platform-admin' });
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
});
afterAll(async () => {
  await t?.close();
});

function get(url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

function post(url: string, cookie: string | undefined, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
}

async function lastAudit(action: string, targetId: string) {
  const [row] = await t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

describe('who may administer users', () => {
  it('answers 401 without a session and 403 to patients and professionals, for every admin route', async () => {
    const patient = await createSignedInUser(t, { prefix: 'not-admin' });
    const provider = await createSignedInUser(t, { role: 'provider', prefix: 'not-admin-provider' });
    const target = patient.userId;
    const calls = [
      (cookie?: string) => get('/api/v1/admin/users', cookie),
      (cookie?: string) => post(`/api/v1/admin/users/${target}/professional-status`, cookie, { status: 'verified' }),
      (cookie?: string) => post(`/api/v1/admin/users/${target}/disable`, cookie),
      (cookie?: string) => post(`/api/v1/admin/users/${target}/enable`, cookie),
    ];
    for (const call of calls) {
      expect((await call()).statusCode).toBe(401);
      for (const cookie of [patient.cookie, provider.cookie]) {
        const res = await call(cookie);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('auth.forbidden');
      }
    }
    // Nothing happened to the target.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, target));
    expect(row?.disabledAt).toBeNull();
    expect((await get('/api/v1/session', patient.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/admin/users', () => {
  it('searches by name or email, filters by role and professional status, newest first, in pages', async () => {
    const tag = `findme${randomUUID().slice(0, 6)}`;
    const people = [];
    for (const role of ['patient', 'provider', 'allied_health'] as const) {
      people.push({ role, ...(await createSignedInUser(t, { role, prefix: `${tag}-${role}` })) });
    }
    const all = await get(`/api/v1/admin/users?query=${tag}`, admin.cookie);
    expect(all.statusCode).toBe(200);
    const body = all.json() as { users: { id: string; role: string; professionalStatus: string; email: string; createdAt: string }[]; total: number; page: number; pageSize: number };
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    // Newest first.
    expect(body.users.map((u) => u.id)).toEqual(people.map((p) => p.userId).reverse());
    expect(body.users[0]).toMatchObject({ role: 'allied_health', professionalStatus: 'unverified', emailVerified: true, disabledAt: null, twoFactorEnabled: false });
    expect(all.body).not.toMatch(/password|token/i);

    // Case-insensitive search on email and on name.
    const byEmail = await get(`/api/v1/admin/users?query=${encodeURIComponent(people[1]!.email.toUpperCase())}`, admin.cookie);
    expect(byEmail.json().users.map((u: { id: string }) => u.id)).toEqual([people[1]!.userId]);
    const byName = await get(`/api/v1/admin/users?query=${encodeURIComponent(people[0]!.name.toLowerCase())}`, admin.cookie);
    expect(byName.json().users.map((u: { id: string }) => u.id)).toEqual([people[0]!.userId]);

    const providers = await get(`/api/v1/admin/users?query=${tag}&role=provider`, admin.cookie);
    expect(providers.json().users.map((u: { id: string }) => u.id)).toEqual([people[1]!.userId]);
    const unverified = await get(`/api/v1/admin/users?query=${tag}&professionalStatus=unverified`, admin.cookie);
    expect(unverified.json().total).toBe(2);
    const notApplicable = await get(`/api/v1/admin/users?query=${tag}&professionalStatus=not_applicable`, admin.cookie);
    expect(notApplicable.json().users.map((u: { id: string }) => u.id)).toEqual([people[0]!.userId]);

    // Wildcards are taken literally.
    expect((await get('/api/v1/admin/users?query=%25', admin.cookie)).json().users.every((u: { name: string; email: string }) => `${u.name}${u.email}`.includes('%'))).toBe(true);
    expect((await get(`/api/v1/admin/users?query=${tag.slice(0, 3)}_${tag.slice(4)}`, admin.cookie)).json().total).toBe(0);

    // Pages: page 2 of everything continues page 1 without overlap.
    const page1 = (await get('/api/v1/admin/users?page=1', admin.cookie)).json() as { users: { id: string }[]; total: number };
    const page2 = (await get('/api/v1/admin/users?page=2', admin.cookie)).json() as { users: { id: string }[]; total: number };
    expect(page1.total).toBeGreaterThanOrEqual(5);
    if (page1.total > 20) {
      expect(page1.users).toHaveLength(20);
      expect(page2.users.some((u) => page1.users.some((v) => v.id === u.id))).toBe(false);
    } else {
      expect(page2.users).toHaveLength(0);
    }
  });

  it('refuses unknown filters and parameters', async () => {
    for (const query of ['role=superuser', 'professionalStatus=maybe', 'page=0', 'page=abc', 'sort=email', `query=${'x'.repeat(201)}`]) {
      const res = await get(`/api/v1/admin/users?${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('request.invalid');
    }
  });
});

describe('professional verification', () => {
  it('verifies and rejects professionals only, audited', async () => {
    const provider = await createSignedInUser(t, { role: 'provider', prefix: 'verify-me' });
    const verified = await post(`/api/v1/admin/users/${provider.userId}/professional-status`, admin.cookie, { status: 'verified' });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: provider.userId, professionalStatus: 'verified' });
    expect((await get('/api/v1/session', provider.cookie)).json().user.professionalStatus).toBe('verified');
    expect(await lastAudit('admin.user.professional-status', provider.userId)).toMatchObject({
      actorUserId: admin.userId,
      outcome: 'success',
      metadata: { from: 'unverified', to: 'verified' },
    });
    expect((await lastAudit('admin.user.professional-status', provider.userId))?.requestId).toBeTruthy();

    const rejected = await post(`/api/v1/admin/users/${provider.userId}/professional-status`, admin.cookie, { status: 'rejected' });
    expect(rejected.json().professionalStatus).toBe('rejected');

    const patient = await createSignedInUser(t, { prefix: 'not-a-pro' });
    const refused = await post(`/api/v1/admin/users/${patient.userId}/professional-status`, admin.cookie, { status: 'verified' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('admin.not-professional');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, patient.userId));
    expect(row?.professionalStatus).toBe('not_applicable');
    expect(await lastAudit('admin.user.professional-status', patient.userId)).toMatchObject({ outcome: 'denied' });

    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await post(`/api/v1/admin/users/${id}/professional-status`, admin.cookie, { status: 'verified' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('admin.user-not-found');
    }
    for (const payload of [{ status: 'unverified' }, { status: 'not_applicable' }, {}, { status: 'verified', role: 'admin' }]) {
      const bad = await post(`/api/v1/admin/users/${provider.userId}/professional-status`, admin.cookie, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [after] = await t.database.db.select().from(users).where(eq(users.id, provider.userId));
    expect(after).toMatchObject({ professionalStatus: 'rejected', role: 'provider' });
  });
});

describe('disable and enable', () => {
  it('ends every session of a disabled person at once and refuses their sign-in until enabled', async () => {
    const person = await createSignedInUser(t, { prefix: 'disable-me' });
    const secondDevice = cookieHeader(await post('/api/auth/sign-in/email', undefined, { email: person.email, password: person.password }));
    expect((await get('/api/v1/session', secondDevice)).statusCode).toBe(200);

    const disabled = await post(`/api/v1/admin/users/${person.userId}/disable`, admin.cookie);
    expect(disabled.statusCode).toBe(200);
    expect(Date.parse(disabled.json().disabledAt)).toBeGreaterThan(0);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, person.userId))).toEqual([]);
    for (const cookie of [person.cookie, secondDevice]) {
      const res = await get('/api/v1/session', cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('auth.unauthenticated');
    }
    expect(await lastAudit('admin.user.disable', person.userId)).toMatchObject({ actorUserId: admin.userId, outcome: 'success', metadata: { sessionsEnded: 2 } });

    const signIn = await post('/api/auth/sign-in/email', undefined, { email: person.email, password: person.password });
    // Refused only after the right password (a wrong one answers as for anyone), with no session.
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().code).toBe('auth.failed-to-create-session');
    expect(cookieHeader(signIn)).toBe('');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, person.userId))).toEqual([]);

    // Listed as disabled; disabling again changes nothing.
    const listed = await get(`/api/v1/admin/users?query=${encodeURIComponent(person.email)}`, admin.cookie);
    expect(listed.json().users[0].disabledAt).toBe(disabled.json().disabledAt);
    expect((await post(`/api/v1/admin/users/${person.userId}/disable`, admin.cookie)).json().disabledAt).toBe(disabled.json().disabledAt);

    const enabled = await post(`/api/v1/admin/users/${person.userId}/enable`, admin.cookie, {});
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().disabledAt).toBeNull();
    expect(await lastAudit('admin.user.enable', person.userId)).toMatchObject({ outcome: 'success' });
    const back = await post('/api/auth/sign-in/email', undefined, { email: person.email, password: person.password });
    expect(back.statusCode).toBe(200);
    expect((await get('/api/v1/session', cookieHeader(back))).statusCode).toBe(200);
  });

  it('refuses to let an admin disable themselves, and refuses a body', async () => {
    const self = await post(`/api/v1/admin/users/${admin.userId}/disable`, admin.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('admin.cannot-disable-self');
    expect((await get('/api/v1/session', admin.cookie)).statusCode).toBe(200);
    expect(await lastAudit('admin.user.disable', admin.userId)).toMatchObject({ outcome: 'denied' });

    const person = await createSignedInUser(t, { prefix: 'disable-body' });
    const withBody = await post(`/api/v1/admin/users/${person.userId}/disable`, admin.cookie, { disabledAt: null });
    expect(withBody.statusCode).toBe(400);
    expect((await get('/api/v1/session', person.cookie)).statusCode).toBe(200);
    const missing = await post(`/api/v1/admin/users/${randomUUID()}/disable`, admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('admin.user-not-found');
  });
});
