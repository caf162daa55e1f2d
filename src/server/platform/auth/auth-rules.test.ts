import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../shared/languages.js';
import { renderAuthEmail, emailLanguage } from '../mail/auth-emails.js';
import { verifiedSessionToken } from './actor.js';
import { authProblemCode } from './auth-http.js';
import { isCommonPassword } from './common-passwords.js';
import { authPathLimit } from './auth-limits.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { backoffMs } from './throttle.js';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong or malformed hash', async () => {
    const hash = await hashPassword('correct horse battery staple', { cost: 1024, parallelism: 2 });
    expect(hash).toMatch(/^scrypt\$1024\$8\$2\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapl')).toBe(false);
    expect(await verifyPassword('bcrypt$whatever', 'x')).toBe(false);
    expect(await verifyPassword('scrypt$0$8$1$aa$bb', 'x')).toBe(false);
  });

  it('salts every hash and treats composed and decomposed accents alike', async () => {
    const a = await hashPassword('café au lait', { cost: 1024, parallelism: 1 });
    const b = await hashPassword('café au lait', { cost: 1024, parallelism: 1 });
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'cafe\u0301 au lait')).toBe(true);
  });

  it('verifies a hash by the parameters stored with it, so older hashes keep working after a change', async () => {
    const older = await hashPassword('a long enough passphrase', { cost: 1024, parallelism: 1 });
    const newer = await hashPassword('a long enough passphrase', { cost: 2048, parallelism: 3 });
    expect(newer).toMatch(/^scrypt\$2048\$8\$3\$/);
    expect(await verifyPassword(older, 'a long enough passphrase')).toBe(true);
    expect(await verifyPassword(newer, 'a long enough passphrase')).toBe(true);
  });
});

describe('auth limits per address', () => {
  it('gives the sign-in, mail and secret-checking endpoints the strict limit, others four times it, and never limits the session read', () => {
    for (const path of ['/sign-in/email', '/sign-up/email', '/request-password-reset', '/send-verification-email', '/reset-password', '/two-factor/verify-totp', '/two-factor/verify-backup-code']) {
      expect(authPathLimit(path, 30)).toBe(30);
    }
    expect(authPathLimit('/sign-out', 30)).toBe(120);
    expect(authPathLimit('/verify-email', 30)).toBe(120);
    expect(authPathLimit('/get-session', 30)).toBeNull();
  });
});

describe('common passwords', () => {
  it('knows the usual suspects, in any case, and lets a passphrase through', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('Password123')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('orbit-lantern-meadow')).toBe(false);
  });
});

describe('per-account back-off', () => {
  const policy = { maxFailures: 5, maxBackoffMs: 15 * 60_000, windowMs: 86_400_000 };
  it('starts at the fifth failure with 30 s, doubles, and stops at the cap', () => {
    expect([1, 2, 3, 4].map((f) => backoffMs(f, policy))).toEqual([0, 0, 0, 0]);
    expect(backoffMs(5, policy)).toBe(30_000);
    expect(backoffMs(6, policy)).toBe(60_000);
    expect(backoffMs(7, policy)).toBe(120_000);
    expect(backoffMs(10, policy)).toBe(15 * 60_000);
    expect(backoffMs(10_000, policy)).toBe(15 * 60_000);
  });
});

describe('session cookie', () => {
  const secret = 'a-test-secret-that-is-long-enough-0123456789';
  const sign = (token: string) => `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

  it('accepts the token better-auth signed, under either cookie name', () => {
    expect(verifiedSessionToken(`theme=dark; tendwell.session_token=${encodeURIComponent(sign('abc123'))}`, secret)).toBe('abc123');
    expect(verifiedSessionToken(`__Secure-tendwell.session_token=${encodeURIComponent(sign('xyz'))}`, secret)).toBe('xyz');
  });

  it('refuses a tampered token, a foreign signature, garbage and no cookie', () => {
    const good = sign('abc123');
    expect(verifiedSessionToken(`tendwell.session_token=${encodeURIComponent(good.replace('abc123', 'abc124'))}`, secret)).toBeNull();
    const foreign = `abc123.${createHmac('sha256', 'another-secret-entirely-0123456789abcdef').update('abc123').digest('base64')}`;
    expect(verifiedSessionToken(`tendwell.session_token=${encodeURIComponent(foreign)}`, secret)).toBeNull();
    expect(verifiedSessionToken('tendwell.session_token=%E0%A4%A', secret)).toBeNull();
    expect(verifiedSessionToken('tendwell.session_token=nodot', secret)).toBeNull();
    expect(verifiedSessionToken(null, secret)).toBeNull();
    expect(verifiedSessionToken('other=1', secret)).toBeNull();
  });
});

describe('auth problem codes', () => {
  it('turns better-auth codes into stable kebab-case codes', () => {
    expect(authProblemCode('EMAIL_NOT_VERIFIED', 403)).toBe('auth.email-not-verified');
    expect(authProblemCode('INVALID_EMAIL_OR_PASSWORD', 401)).toBe('auth.invalid-email-or-password');
    expect(authProblemCode(undefined, 429)).toBe('rate-limited');
    expect(authProblemCode(undefined, 401)).toBe('auth.unauthenticated');
    expect(authProblemCode('', 400)).toBe('auth.failed');
  });
});

describe('account emails', () => {
  it('renders every kind in every language, HTML and text, with the link and no template left over', () => {
    for (const locale of LANGUAGE_CODES) {
      for (const kind of ['verify', 'reset', 'existing-account', 'invitation', 'password-changed', 'change-email', 'newsletter-confirm', 'newsletter-welcome', 'enquiry-contact', 'enquiry-demo', 'provider-verified', 'provider-rejected'] as const) {
        const mail = renderAuthEmail(kind, { to: 'a@example.test', locale, url: 'https://care.example.org/x?token=1&b=2', name: 'Amara', tenant: 'Clinic', role: 'admin', hours: 24, newEmail: 'new@example.test', topic: 'Billing', organisation: 'Clinic', reason: 'No registration <b>' });
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text).toContain('https://care.example.org/x?token=1&b=2');
        expect(mail.html).toContain('https://care.example.org/x?token=1&amp;b=2');
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/\{(product|name|tenant|role|hours|newEmail|topic|organisation|reason)\}/);
        if (kind === 'provider-rejected') {
          // The reviewer's words, as written in the text and escaped in HTML.
          expect(mail.text).toContain('No registration <b>');
          expect(mail.html).toContain('No registration &lt;b&gt;');
        }
        expect(mail.html).toContain(`lang="${locale}"`);
      }
    }
    expect(renderAuthEmail('verify', { to: 'a@example.test', locale: 'ar', url: 'https://x.test' }).html).toContain('dir="rtl"');
  });

  it('escapes names in HTML and picks the language from a browser tag', () => {
    const mail = renderAuthEmail('verify', { to: 'a@example.test', locale: 'en', url: 'https://x.test', name: '<script>alert(1)</script>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(emailLanguage('pt-BR')).toBe('pt');
    expect(emailLanguage('zh-TW')).toBe('zh-CN');
    expect(emailLanguage('de')).toBe('en');
    expect(emailLanguage(null)).toBe('en');
  });
});
