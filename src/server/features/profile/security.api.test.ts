import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events.js';
import { users } from '../../db/schema/auth.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { APP_ORIGIN, cookieHeader, createSignedInUser } from '../../testing/auth-helpers.js';

/**
 * Password change and two-factor enrolment go through better-auth's own endpoints; these tests
 * pin the contract the Settings screen relies on, including the error codes it translates.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * better-auth limits some paths to 3 requests per 10 s per address; each call here comes from an
 * address of its own so the tests exercise the endpoints, not the limiter.
 */
const freshAddress = () => `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;

async function post(url: string, cookie: string | undefined, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, headers: cookie ? { cookie, origin: APP_ORIGIN } : {}, payload, remoteAddress: freshAddress() });
}

async function session(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
}

function totpFor(uri: string): OTPAuth.TOTP {
  const parsed = OTPAuth.URI.parse(uri);
  if (!(parsed instanceof OTPAuth.TOTP)) throw new Error('not a TOTP URI');
  return parsed;
}

/** A code that is certainly wrong now (the current one, shifted). */
function wrongCode(totp: OTPAuth.TOTP): string {
  return String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0');
}

async function auditCount(action: string, userId: string) {
  const rows = await t.database.db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorUserId, userId)))
    .orderBy(desc(auditEvents.id));
  return rows.length;
}

describe('POST /api/auth/change-password', () => {
  it('needs the current password, refuses short and common new ones, and ends the other sessions', async () => {
    const me = await createSignedInUser(t, { prefix: 'password' });
    const otherDevice = cookieHeader(await post('/api/auth/sign-in/email', undefined, { email: me.email, password: me.password }));
    expect((await session(otherDevice)).statusCode).toBe(200);

    const wrong = await post('/api/auth/change-password', me.cookie, { currentPassword: 'not-my-password-1', newPassword: 'a-brand-new-phrase', revokeOtherSessions: true });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('auth.invalid-password');

    const short = await post('/api/auth/change-password', me.cookie, { currentPassword: me.password, newPassword: 'short', revokeOtherSessions: true });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('auth.password-too-short');

    const common = await post('/api/auth/change-password', me.cookie, { currentPassword: me.password, newPassword: 'password123', revokeOtherSessions: true });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('auth.password-too-common');

    const long = await post('/api/auth/change-password', me.cookie, { currentPassword: me.password, newPassword: 'x'.repeat(129), revokeOtherSessions: true });
    expect(long.json().code).toBe('auth.password-too-long');

    const changed = await post('/api/auth/change-password', me.cookie, { currentPassword: me.password, newPassword: 'a-brand-new-phrase', revokeOtherSessions: true });
    expect(changed.statusCode).toBe(200);
    const cookie = cookieHeader(changed);
    expect((await session(cookie)).statusCode).toBe(200);
    expect((await session(otherDevice)).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', undefined, { email: me.email, password: me.password })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in/email', undefined, { email: me.email, password: 'a-brand-new-phrase' })).statusCode).toBe(200);
    expect(await auditCount('auth.password.change', me.userId)).toBeGreaterThan(0);
  });
});

describe('two-factor authentication', () => {
  it('enrols with the password and a TOTP code, then sign-in asks for a code before any session', async () => {
    const me = await createSignedInUser(t, { prefix: 'mfa' });

    const badPassword = await post('/api/auth/two-factor/enable', me.cookie, { password: 'not-my-password-1' });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().code).toBe('auth.invalid-password');

    const enabled = await post('/api/auth/two-factor/enable', me.cookie, { password: me.password });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Tendwell:/);
    expect(new URL(totpURI).searchParams.get('secret')).toMatch(/^[A-Z2-7]+=*$/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    const totp = totpFor(totpURI);

    // Not on until a code from the app proves the secret arrived.
    expect((await session(me.cookie)).json().user.twoFactorEnabled).toBe(false);
    const wrong = await post('/api/auth/two-factor/verify-totp', me.cookie, { code: wrongCode(totp) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('auth.invalid-code');

    const verified = await post('/api/auth/two-factor/verify-totp', me.cookie, { code: totp.generate() });
    expect(verified.statusCode).toBe(200);
    // Enrolment replaces the session; the new cookie carries it.
    const cookie = cookieHeader(verified);
    const state = await session(cookie);
    expect(state.statusCode).toBe(200);
    expect(state.json().user.twoFactorEnabled).toBe(true);
    const [row] = await t.database.db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, me.userId));
    expect(row?.enabled).toBe(true);

    const signedOut = await post('/api/auth/sign-out', cookie, {});
    expect(signedOut.statusCode).toBe(200);
    expect((await session(cookie)).statusCode).toBe(401);

    const signIn = await post('/api/auth/sign-in/email', undefined, { email: me.email, password: me.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookieHeader(signIn);
    expect((await session(challenge)).statusCode).toBe(401);

    const badCode = await post('/api/auth/two-factor/verify-totp', challenge, { code: wrongCode(totp) });
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().code).toBe('auth.invalid-code');

    const passed = await post('/api/auth/two-factor/verify-totp', challenge, { code: totp.generate() });
    expect(passed.statusCode).toBe(200);
    const signedIn = cookieHeader(signIn, passed);
    const after = await session(signedIn);
    expect(after.statusCode).toBe(200);
    expect(after.json().user.id).toBe(me.userId);
    expect(await auditCount('auth.mfa.verify', me.userId)).toBeGreaterThan(0);
  });

  it('takes each backup code once, regenerates them with the password, and turns off with the password', async () => {
    const me = await createSignedInUser(t, { prefix: 'mfa-backup' });
    const enabled = await post('/api/auth/two-factor/enable', me.cookie, { password: me.password });
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    const totp = totpFor(totpURI);
    const cookie = cookieHeader(await post('/api/auth/two-factor/verify-totp', me.cookie, { code: totp.generate() }));

    const challenge = async () => cookieHeader(await post('/api/auth/sign-in/email', undefined, { email: me.email, password: me.password }));
    const first = await challenge();
    const used = await post('/api/auth/two-factor/verify-backup-code', first, { code: backupCodes[0] });
    expect(used.statusCode).toBe(200);
    expect((await session(cookieHeader(used))).statusCode).toBe(200);

    const second = await challenge();
    const again = await post('/api/auth/two-factor/verify-backup-code', second, { code: backupCodes[0] });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('auth.invalid-backup-code');
    expect((await session(cookieHeader(again))).statusCode).toBe(401);
    const next = await post('/api/auth/two-factor/verify-backup-code', second, { code: backupCodes[1] });
    expect(next.statusCode).toBe(200);

    const regenerateWrong = await post('/api/auth/two-factor/generate-backup-codes', cookie, { password: 'not-my-password-1' });
    expect(regenerateWrong.json().code).toBe('auth.invalid-password');
    const regenerated = await post('/api/auth/two-factor/generate-backup-codes', cookie, { password: me.password });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[2]);
    const third = await challenge();
    expect((await post('/api/auth/two-factor/verify-backup-code', third, { code: backupCodes[2] })).statusCode).toBe(401);
    expect((await post('/api/auth/two-factor/verify-backup-code', third, { code: fresh[0] })).statusCode).toBe(200);

    const offWrong = await post('/api/auth/two-factor/disable', cookie, { password: 'not-my-password-1' });
    expect(offWrong.statusCode).toBe(400);
    expect(offWrong.json().code).toBe('auth.invalid-password');
    const off = await post('/api/auth/two-factor/disable', cookie, { password: me.password });
    expect(off.statusCode).toBe(200);
    const afterOff = await session(cookieHeader(off));
    expect(afterOff.json().user.twoFactorEnabled).toBe(false);
    const plain = await post('/api/auth/sign-in/email', undefined, { email: me.email, password: me.password });
    expect(plain.json().twoFactorRedirect).toBeUndefined();
    expect((await session(cookieHeader(plain))).statusCode).toBe(200);
  });
});
