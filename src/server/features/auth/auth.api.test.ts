import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { cookieHeader, createSignedInUser, fictionalPerson, firstLink, latestMail } from '../../testing/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sign-up, verification and sign-in', () => {
  it('signs up, refuses sign-in until the email is verified, then signs in', async () => {
    const person = fictionalPerson('patient');
    const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: person });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.cookies.find((c) => c.name.includes('session_token'))).toBeUndefined();

    const early = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password } });
    expect(early.statusCode).toBe(403);
    expect(early.headers['content-type']).toContain('application/problem+json');
    expect(early.json()).toMatchObject({ code: 'auth.email-not-verified', status: 403 });

    const mail = await latestMail(t, person.email);
    expect(mail?.subject).toContain('Confirm your email');
    const link = new URL(firstLink(mail!.textBody));
    const verify = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(verify.statusCode).toBeLessThan(400);

    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password } });
    expect(signIn.statusCode).toBe(200);
    const session = signIn.cookies.find((c) => c.name === 'tendwell.session_token');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite?.toLowerCase()).toBe('lax');

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: cookieHeader(signIn) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: person.email, role: 'patient', professionalStatus: 'not_applicable' }, currentTenant: null, landingPath: '/dashboard' });
  });

  it('answers 401 problem+json for the session without a cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth.unauthenticated' });
  });

  it('starts professionals unverified and refuses roles that cannot be chosen', async () => {
    const provider = await createSignedInUser(t, { role: 'provider', prefix: 'provider' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: provider.cookie } });
    expect(me.json()).toMatchObject({ user: { role: 'provider', professionalStatus: 'unverified' } });
    for (const role of ['admin', 'organization_admin', 'superuser']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { ...fictionalPerson(), role } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'auth.role-not-allowed' });
    }
  });

  it('refuses short, long and common passwords', async () => {
    const short = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { ...fictionalPerson(), password: 'seven77' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('auth.password-too-short');
    const long = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { ...fictionalPerson(), password: 'x'.repeat(129) } });
    expect(long.json().code).toBe('auth.password-too-long');
    const common = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { ...fictionalPerson(), password: 'password123' } });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('auth.password-too-common');
  });

  it('answers sign-up the same for a known and an unknown email', async () => {
    const known = await createSignedInUser(t);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name: 'Someone Else', email: known.email, password: 'another-long-phrase' } });
    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: fictionalPerson() });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(Object.keys(again.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
  });
});
