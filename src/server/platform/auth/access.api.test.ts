import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER_IDS } from '../../../shared/demo-accounts.js';
import { ROLE_LANDING_PATHS, ROLES } from '../../../shared/roles.js';
import { auditEvents } from '../../db/schema/audit-events.js';
import { sessions, users } from '../../db/schema/auth.js';
import { tenantMemberships } from '../../db/schema/tenant-memberships.js';
import { tenants } from '../../db/schema/tenants.js';
import { startTestApp, uniqueSlug, type TestApp } from '../../testing/api-fixture.js';
import { APP_ORIGIN, cookieHeader, createSignedInUser, fictionalPerson, firstLink, latestMail } from '../../testing/auth-helpers.js';
import { queryRows } from '../db/database.js';
import { seedDemoDataOnce } from '../system/demo-seed.js';
import { withTenant } from '../tenancy/with-tenant.js';

/** A clock the test moves forward (for idle lifetimes). */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true', AUTH_ACCOUNT_MAX_FAILURES: '5' }, { now: clock });
  await seedDemoDataOnce(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

function fillParams(url: string): string {
  return url.replace(/:[A-Za-z]+/g, randomUUID()).replace(/\*$/, 'x');
}

describe('route permissions', () => {
  it('answers 401 on every non-public route to a caller without a session', async () => {
    const protectedRoutes = t.app.registeredRoutes.filter((r) => r.permission !== 'public' && r.method !== 'HEAD');
    expect(protectedRoutes.length).toBeGreaterThan(1);
    for (const route of protectedRoutes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: fillParams(route.url),
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.headers['content-type'], `${route.method} ${route.url}`).toContain('application/problem+json');
    }
  });
});

describe('sessions', () => {
  it('issues a new session at every sign-in, never reusing one the client offers', async () => {
    const person = await createSignedInUser(t);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { cookie: person.cookie, origin: APP_ORIGIN },
      payload: { email: person.email, password: person.password },
    });
    expect(again.statusCode).toBe(200);
    const next = cookieHeader(again);
    expect(next).not.toBe(person.cookie);
    const rows = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, person.userId));
    expect(rows.length).toBe(2);
  });

  it('gives every session the absolute lifetime and never extends it', async () => {
    const person = await createSignedInUser(t);
    const first = (await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: person.cookie } })).json();
    const lifetimeMs = Date.parse(first.session.expiresAt) - Date.parse(first.session.createdAt);
    expect(Math.abs(lifetimeMs - 12 * 3600_000)).toBeLessThan(5_000);
    const second = (await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: person.cookie } })).json();
    expect(second.session.expiresAt).toBe(first.session.expiresAt);
  });

  it('ends a staff session after 30 idle minutes, but not a patient session', async () => {
    const provider = await createSignedInUser(t, { role: 'provider', prefix: 'idle-provider' });
    const patient = await createSignedInUser(t, { prefix: 'idle-patient' });
    offsetMs = 29 * 60_000;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: provider.cookie } })).statusCode).toBe(200);
    // Activity moved the idle window: another 29 minutes later it is still alive.
    offsetMs = 58 * 60_000;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: provider.cookie } })).statusCode).toBe(200);
    offsetMs = 58 * 60_000 + 31 * 60_000;
    const expired = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: provider.cookie } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'auth.session-idle-expired' });
    // The session is gone for good, not merely refused once.
    offsetMs = 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: provider.cookie } })).statusCode).toBe(401);
    offsetMs = 3 * 3600_000;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: patient.cookie } })).statusCode).toBe(200);
    offsetMs = 0;
  });
});

describe('sign-in abuse', () => {
  it('stops 20 wrong passwords from 20 addresses reaching the password check, and lets the owner back in by reset', async () => {
    const person = await createSignedInUser(t, { prefix: 'targeted' });
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: person.email, password: `wrong-guess-${i}` },
      });
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ code: 'auth.account-throttled' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(answers.filter((s) => s === 401)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
    const checked = await t.database.db
      .select({ outcome: auditEvents.outcome, ip: auditEvents.clientIp })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign-in'), sql`${auditEvents.metadata}->>'email' = ${person.email}`));
    expect(checked.filter((e) => e.outcome === 'failure')).toHaveLength(5);
    expect(checked.filter((e) => e.outcome === 'denied')).toHaveLength(15);
    expect(new Set(checked.map((e) => e.ip)).size).toBe(20);

    // Even the right password waits out the back-off…
    const blocked = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password } });
    expect(blocked.statusCode).toBe(429);
    // …but the owner is never locked out: a reset by email clears it.
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: person.email } });
    const mail = await latestMail(t, person.email, 'Reset');
    const token = new URL(firstLink(mail!.textBody)).searchParams.get('token');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'a-brand-new-passphrase' } });
    expect(reset.statusCode).toBe(200);
    const back = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: 'a-brand-new-passphrase' } });
    expect(back.statusCode).toBe(200);
    // The reset link works once.
    const reuse = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'yet-another-passphrase' } });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'auth.invalid-token' });
  });

  it('forgets earlier wrong passwords after a successful sign-in', async () => {
    const person = await createSignedInUser(t, { prefix: 'forgetful' });
    const attempt = (password: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { email: person.email, password },
      });
    for (let i = 0; i < 4; i++) expect((await attempt(`wrong-${i}`, i)).statusCode).toBe(401);
    expect((await attempt(person.password, 10)).statusCode).toBe(200);
    // Four failures counted before the success are gone: four more do not reach the limit of five…
    for (let i = 0; i < 4; i++) expect((await attempt(`again-wrong-${i}`, 20 + i)).statusCode).toBe(401);
    expect((await attempt(person.password, 30)).statusCode).toBe(200);
  });

  it('limits sign-in attempts per address, and tells the client when to try again', async () => {
    const limited = await startTestApp({ TRUST_PROXY: 'true', AUTH_IP_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { 'x-forwarded-for': '192.0.2.77' },
          payload: { email: `nobody-${i}@example.test`, password: 'not-the-password' },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json()).toMatchObject({ status: 429, code: 'rate-limited' });
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // The session read is never limited, and another address still gets its own attempts.
      for (let i = 0; i < 5; i++) {
        expect((await limited.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { 'x-forwarded-for': '192.0.2.77' } })).statusCode).toBe(200);
      }
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': '192.0.2.78' },
        payload: { email: 'nobody@example.test', password: 'not-the-password' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('answers a reset request the same for a known and an unknown email, and mails only the known one', async () => {
    const person = await createSignedInUser(t);
    const unknown = `nobody.${randomUUID().slice(0, 8)}@example.test`;
    const a = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: person.email } });
    const b = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: unknown } });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(await latestMail(t, person.email, 'Reset')).toBeDefined();
    expect(await latestMail(t, unknown)).toBeUndefined();
  });

  it('sends verification mail in the language the person signed up in', async () => {
    const person = fictionalPerson('lingua');
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { ...person, locale: 'fr' } });
    const mail = await latestMail(t, person.email);
    expect(mail?.subject).toBe('Confirmez votre e-mail pour Tendwell');
    expect(mail?.htmlBody).toContain('lang="fr"');
    expect(mail?.textBody).toContain('Confirmer l’e-mail');
  });
});

describe('demo accounts', () => {
  it('signs into each of the eight seeded accounts, in the demo organisation, landing where the spec says', async () => {
    for (const role of ROLES) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/demo/sign-in', payload: { role } });
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toMatchObject({ user: { id: DEMO_USER_IDS[role], role }, landingPath: ROLE_LANDING_PATHS[role] });
      const me = (await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: cookieHeader(res) } })).json();
      expect(me.user.role).toBe(role);
      expect(me.currentTenant?.name).toBe('Harbourview Allied Health');
    }
    expect(ROLE_LANDING_PATHS).toMatchObject({
      patient: '/dashboard',
      admin: '/admin/unified-dashboard',
      support_coordinator: '/ndis/support-coordination',
      allied_health: '/allied-health/dashboard',
    });
  });

  it('does not exist when demo mode is off', async () => {
    const production = await startTestApp({ DEMO_MODE: 'false' });
    try {
      const res = await production.app.inject({ method: 'POST', url: '/api/auth/demo/sign-in', payload: { role: 'admin' } });
      expect(res.statusCode).toBe(404);
      expect(res.cookies).toHaveLength(0);
    } finally {
      await production.close();
    }
  });
});

describe('organisations that require two-factor authentication for staff', () => {
  it('gives staff without MFA no session in that organisation, and lets patients in', async () => {
    const tenantId = randomUUID();
    const provider = await createSignedInUser(t, { role: 'provider', prefix: 'mfa-staff' });
    const patient = await createSignedInUser(t, { prefix: 'mfa-patient' });
    await withTenant({ db: t.database.db, tenantId }, async (tx) => {
      await tx.insert(tenants).values({ id: tenantId, name: 'Strict Clinic', slug: uniqueSlug('strict'), requireMfaForStaff: true });
      await tx.insert(tenantMemberships).values([
        { tenantId, userId: provider.userId, role: 'provider', joinedAt: new Date() },
        { tenantId, userId: patient.userId, role: 'member', joinedAt: new Date() },
      ]);
    });
    const staffSwitch = await t.app.inject({ method: 'PUT', url: '/api/v1/session/tenant', headers: { cookie: provider.cookie }, payload: { tenantId } });
    expect(staffSwitch.statusCode).toBe(403);
    expect(staffSwitch.json()).toMatchObject({ code: 'tenant.mfa-required' });
    const patientSwitch = await t.app.inject({ method: 'PUT', url: '/api/v1/session/tenant', headers: { cookie: patient.cookie }, payload: { tenantId } });
    expect(patientSwitch.statusCode).toBe(200);
    expect(patientSwitch.json()).toMatchObject({ currentTenant: { id: tenantId, membershipRole: 'member' }, permissions: expect.arrayContaining(['tenant.read']) });

    // A session already in the organisation loses it when the rule is switched on.
    await t.database.db.update(sessions).set({ activeTenantId: tenantId }).where(eq(sessions.userId, provider.userId));
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: provider.cookie } })).json();
    expect(me).toMatchObject({ currentTenant: null, tenantNotice: 'mfa-required' });
    expect(me.permissions).not.toContain('tenant.read');
  });

  it('switches only into organisations with an active membership; others answer 404', async () => {
    const person = await createSignedInUser(t);
    const [other] = await t.database.db.select({ id: tenants.id }).from(tenants).limit(1);
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/session/tenant', headers: { cookie: person.cookie }, payload: { tenantId: other!.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'tenant.not-found' });
    const smuggled = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/session/tenant',
      headers: { cookie: person.cookie },
      payload: { tenantId: other!.id, role: 'owner' },
    });
    expect(smuggled.statusCode).toBe(400);
  });
});

describe('the audit trail', () => {
  it('records sign-ins with the client address and request id, and nobody can change it', async () => {
    const person = await createSignedInUser(t, { prefix: 'audited' });
    const requestId = `audit-${randomUUID()}`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-request-id': requestId, 'x-forwarded-for': '198.51.100.7' },
      payload: { email: person.email, password: 'not-the-password' },
    });
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, requestId))
      .orderBy(desc(auditEvents.id));
    expect(event).toMatchObject({ action: 'auth.sign-in', outcome: 'failure', clientIp: '198.51.100.7' });
    const success = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.sign-in'), eq(auditEvents.actorUserId, person.userId), eq(auditEvents.outcome, 'success')));
    expect(success.length).toBeGreaterThan(0);

    // Append-only even for the connection's own role (a trigger), not only for app_user.
    await expect(queryRows(t.database.db, sql`delete from audit_events where id = ${event!.id}`)).rejects.toThrow();
    await expect(queryRows(t.database.db, sql`update audit_events set outcome = 'success' where id = ${event!.id}`)).rejects.toThrow();
  });

  it('keeps credentials out of reach of the application role', async () => {
    await expect(
      withTenant({ db: t.database.db, tenantId: randomUUID() }, (tx) => tx.select({ id: sessions.id }).from(sessions).limit(1)),
    ).rejects.toThrow();
    await expect(
      withTenant({ db: t.database.db, tenantId: randomUUID() }, (tx) => tx.update(users).set({ role: 'admin' })),
    ).rejects.toThrow();
  });
});

describe('cross-site requests', () => {
  it('refuses a signed-in request to the auth endpoints from another origin or with none, as in production', async () => {
    const person = await createSignedInUser(t, { prefix: 'csrf' });
    const payload = { currentPassword: person.password, newPassword: 'a-new-long-passphrase' };
    for (const origin of [undefined, 'https://evil.example', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { cookie: person.cookie, ...(origin ? { origin } : {}) }, payload });
      expect(res.statusCode, String(origin)).toBe(403);
      expect(res.json<{ code: string }>().code, String(origin)).toMatch(/^auth\.(missing-or-null-origin|invalid-origin)$/);
    }
    // Still signed in with the old password: nothing was changed.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password } });
    expect(signIn.statusCode).toBe(200);
  });

  it('never redirects a verification link to another site, and refuses a callback that is no URL', async () => {
    for (const callbackURL of ['https://evil.example/', '//evil.example/x', 'not a url']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(callbackURL)}` });
      expect(res.statusCode, callbackURL).toBe(403);
      expect(res.headers.location, callbackURL).toBeUndefined();
    }
    const own = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent('/auth/login')}` });
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('/auth/login?error=INVALID_TOKEN');
  });
});

describe('re-authentication', () => {
  it('lets a fresh sign-in change its email address, and asks an older one to sign in again', async () => {
    const person = await createSignedInUser(t, { prefix: 'reauth' });
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, person.userId));
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { cookie: person.cookie, origin: APP_ORIGIN },
      payload: { newEmail: `moved.${randomUUID().slice(0, 8)}@example.test` },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'auth.reauthentication-required' });

    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password } });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { cookie: cookieHeader(fresh), origin: APP_ORIGIN },
      payload: { newEmail: `moved.${randomUUID().slice(0, 8)}@example.test` },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('asks for the current password before changing it', async () => {
    const person = await createSignedInUser(t, { prefix: 'pwchange' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: person.cookie, origin: APP_ORIGIN },
      payload: { currentPassword: 'not-my-password', newPassword: 'a-new-long-passphrase' },
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: person.cookie, origin: APP_ORIGIN },
      payload: { currentPassword: person.password, newPassword: 'a-new-long-passphrase' },
    });
    expect(right.statusCode).toBe(200);
  });
});
