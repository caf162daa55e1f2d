import { crc32, deflateSync } from 'node:zlib';
import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../src/testing/smtp-listener.js';
import { cookiesFrom, createVerifiedPerson, postJson } from './support/auth-flows.js';
import { linkIn } from '../src/testing/smtp-listener.js';
import { expectAxeClean, launchBrowser, newPage, startTestServer, type TestServer } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * The Settings screen (/profile) driven like a person: name, language, time zone and region saved
 * and shown again after a reload, an avatar that reaches the header, two-factor enrolment with a
 * code computed from the key on the page, sign-in with that code, and ending another session.
 */
let smtp: SmtpListener;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpListener();
  [server, browser] = await Promise.all([
    startTestServer({ SMTP_URL: smtp.url, AUTH_IP_LIMIT_PER_MINUTE: '1000' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const en = (key: string) => translation('en', key);
const fr = (key: string) => translation('fr', key);
const auth = (key: string) => translation('en', key, 'auth');

/** A real PNG (solid colour, 8-bit RGB), built here so the test needs no fixture file. */
function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([r, g, b]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openSettings(page: Page, title = en('profile.title')) {
  await page.goto(server.url + '/profile');
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  // The sections render once the profile has loaded.
  await page.getByRole('heading', { level: 2 }).first().waitFor();
}

function section(page: Page, heading: string) {
  return page.getByRole('region', { name: heading });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The settings walk below is one person's whole visit (profile, preferences in two languages, photo,
// two-factor with a sign-in, sessions) with eight accessibility checks: on a slow 2-core machine it
// takes longer than the tier's 60 s per test, so it has its own limit.
const JOURNEY_TIMEOUT_MS = 180_000;
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

describe('/dev/mailbox with SMTP', () => {
  it('says that mail goes over SMTP and keeps none', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url + '/dev/mailbox');
    await page.getByRole('heading', { level: 1, name: en('mailbox.title') }).waitFor();
    await page.getByText(en('mailbox.smtp')).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await expectAxeClean(page);
    await context.close();
  });
});

describe('/profile', () => {
  it('sends a visitor to sign-in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url + '/profile');
    await page.waitForURL(`${server.url}/auth/login`);
    await context.close();
  });

  it('saves profile and preferences, shows the avatar in the header, enrols two-factor, signs in with a code and ends another session', async () => {
    const person = await createVerifiedPerson(server.url, smtp, 'settings');
    const { context, page } = await newPage(browser, { locale: 'en-US' });
    const signedIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password } });
    expect(signedIn.status()).toBe(200);
    // Another device, signed in outside the browser: it shows in the sessions list and is ended from there.
    const otherDevice = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'user-agent': FIREFOX_ON_WINDOWS },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(otherDevice.status).toBe(200);
    const otherCookie = cookiesFrom(otherDevice);
    const otherSession = () => fetch(`${server.url}/api/v1/session`, { headers: { cookie: otherCookie } }).then((r) => r.status);
    expect(await otherSession()).toBe(200);

    await openSettings(page);
    expect(await page.title()).toBe(`${en('profile.title')} · Tendwell`);
    const details = section(page, en('profile.details.heading'));
    const name = details.getByRole('textbox', { name: en('profile.details.nameLabel') });
    expect(await name.inputValue()).toBe(person.name);
    // No photo yet: the initials stand in, here and in the header.
    await details.getByText(en('profile.avatar.none')).waitFor();
    await expectAxeClean(page);

    // The header's language menu saves the choice to the account too (its emails use it), and back.
    const savedLocale = async () => ((await (await page.request.get(`${server.url}/api/v1/profile`)).json()) as { locale: string | null }).locale;
    for (const [language, code] of [
      ['Français', 'fr'],
      ['English', 'en'],
    ] as const) {
      await page.getByRole('button', { name: /^(Language|Langue):/ }).click();
      await page.getByRole('menuitemradio', { name: language }).click();
      await expect.poll(savedLocale).toBe(code);
    }
    await details.getByText(en('profile.avatar.none')).waitFor();

    // Name: an empty one is refused on the spot, a new one is saved.
    await name.fill('   ');
    await details.getByRole('button', { name: en('profile.details.save') }).click();
    await details.getByText(interpolate(en('profile.details.nameInvalid'), { max: '200' })).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(page);
    await name.fill('Ada Quill-Lovelace');
    const save = details.getByRole('button', { name: en('profile.details.save') });
    await save.click();
    await details.getByRole('status').filter({ hasText: en('profile.details.saved') }).waitFor();
    // Busy while saving, not disabled: the focus stayed on the button instead of falling to the page's body.
    expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);
    const accountMenu = (who: string, language = 'en') =>
      page.getByRole('banner').getByRole('button', { name: interpolate(translation(language, 'header.accountMenu'), { name: who }) });
    await accountMenu('Ada Quill-Lovelace').waitFor();

    // Time zone and region save as soon as they change.
    const preferences = section(page, en('profile.preferences.heading'));
    const timeZone = preferences.getByRole('combobox', { name: en('profile.preferences.timeZoneLabel') });
    expect(await timeZone.inputValue()).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
    await timeZone.selectOption('Asia/Tokyo');
    await preferences.getByRole('status').filter({ hasText: en('profile.preferences.saved') }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user-timezone'))).toBe('Asia/Tokyo');
    const region = preferences.getByRole('combobox', { name: en('profile.preferences.regionLabel') });
    await region.selectOption({ label: 'France' });
    await expect.poll(async () => (await page.request.get(`${server.url}/api/v1/profile`)).json()).toMatchObject({ timeZone: 'Asia/Tokyo', region: 'FR' });

    // The language switches the interface at once and is saved.
    await preferences.getByRole('combobox', { name: en('profile.preferences.languageLabel') }).selectOption('fr');
    await page.getByRole('heading', { level: 1, name: fr('profile.title') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    const frPreferences = section(page, fr('profile.preferences.heading'));
    await frPreferences.getByRole('status').filter({ hasText: fr('profile.preferences.saved') }).waitFor();
    await expect.poll(async () => ((await (await page.request.get(`${server.url}/api/v1/profile`)).json()) as { locale: string }).locale).toBe('fr');
    await expectAxeClean(page);

    // After a reload everything is as saved.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: fr('profile.title') }).waitFor();
    await section(page, fr('profile.details.heading')).getByRole('textbox', { name: fr('profile.details.nameLabel') }).waitFor();
    expect(await section(page, fr('profile.details.heading')).getByRole('textbox', { name: fr('profile.details.nameLabel') }).inputValue()).toBe('Ada Quill-Lovelace');
    const reloaded = section(page, fr('profile.preferences.heading'));
    expect(await reloaded.getByRole('combobox', { name: fr('profile.preferences.languageLabel') }).inputValue()).toBe('fr');
    expect(await reloaded.getByRole('combobox', { name: fr('profile.preferences.timeZoneLabel') }).inputValue()).toBe('Asia/Tokyo');
    expect(await reloaded.getByRole('combobox', { name: fr('profile.preferences.regionLabel') }).inputValue()).toBe('FR');
    // Region names follow the interface language.
    expect(await reloaded.getByRole('combobox', { name: fr('profile.preferences.regionLabel') }).locator('option:checked').textContent()).toBe('France');
    expect(await reloaded.getByRole('combobox', { name: fr('profile.preferences.regionLabel') }).locator('option[value="DE"]').count()).toBe(0);
    expect(await reloaded.getByRole('combobox', { name: fr('profile.preferences.regionLabel') }).locator('option[value="ES"]').textContent()).toBe('Espagne');
    await expectAxeClean(page);
    // Back to English for the rest.
    await reloaded.getByRole('combobox', { name: fr('profile.preferences.languageLabel') }).selectOption('en');
    await page.getByRole('heading', { level: 1, name: en('profile.title') }).waitFor();
    await expect.poll(async () => ((await (await page.request.get(`${server.url}/api/v1/profile`)).json()) as { locale: string }).locale).toBe('en');

    // Avatar: a text file is refused before upload; a PNG shows as a preview, then in the header.
    const picker = details.getByLabel(en('profile.avatar.chooseLabel'));
    await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await details.getByRole('alert').filter({ hasText: en('profile.avatar.notImage') }).waitFor();
    await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(16, 16, [15, 118, 110]) });
    const preview = details.getByRole('img', { name: en('profile.avatar.preview') });
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
    await expectAxeClean(page);
    await details.getByRole('button', { name: en('profile.avatar.upload') }).click();
    await details.getByRole('status').filter({ hasText: en('profile.avatar.uploaded') }).waitFor();
    const current = details.getByRole('img', { name: en('profile.avatar.current') });
    expect(await current.getAttribute('src')).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}\?v=[0-9a-f]{8}$/);
    await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
    const headerAvatar = accountMenu('Ada Quill-Lovelace').locator('img[src^="/api/v1/avatars/"]');
    await headerAvatar.waitFor();
    expect(await headerAvatar.getAttribute('src')).toBe(await current.getAttribute('src'));
    await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
    await expectAxeClean(page);

    // Two-factor: the password first, then the QR code and the key, then a code from the key.
    const twoFactor = section(page, en('profile.twoFactor.heading'));
    await twoFactor.getByText(en('profile.twoFactor.isOff')).waitFor();
    await twoFactor.getByRole('button', { name: en('profile.twoFactor.turnOn') }).click();
    const password = twoFactor.getByLabel(en('profile.twoFactor.passwordLabel'));
    await password.fill('not-my-password-1');
    await twoFactor.getByRole('button', { name: en('profile.twoFactor.continue') }).click();
    await twoFactor.getByText(en('errors.auth.invalid-password')).waitFor();
    await expectAxeClean(page);
    await password.fill(person.password);
    await twoFactor.getByRole('button', { name: en('profile.twoFactor.continue') }).click();
    await twoFactor.getByRole('heading', { name: en('profile.twoFactor.scanHeading') }).waitFor();
    const qr = twoFactor.getByRole('img', { name: en('profile.twoFactor.qrAlt') });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = ((await twoFactor.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await expectAxeClean(page);
    const code = twoFactor.getByRole('textbox', { name: en('profile.twoFactor.codeLabel') });
    await code.fill('12345');
    await twoFactor.getByRole('button', { name: en('profile.twoFactor.verify') }).click();
    await twoFactor.getByText(en('profile.twoFactor.codeInvalid')).waitFor();
    await code.fill(totp.generate());
    await twoFactor.getByRole('button', { name: en('profile.twoFactor.verify') }).click();
    await twoFactor.getByRole('heading', { name: en('profile.twoFactor.codesHeading') }).waitFor();
    const backupCodes = await twoFactor.getByRole('list', { name: en('profile.twoFactor.codesHeading') }).getByRole('listitem').allTextContents();
    expect(backupCodes).toHaveLength(10);
    await twoFactor.getByText(en('profile.twoFactor.isOn')).waitFor();
    await expectAxeClean(page);
    const download = page.waitForEvent('download');
    await twoFactor.getByRole('button', { name: en('profile.twoFactor.download') }).click();
    expect((await download).suggestedFilename()).toBe('tendwell-backup-codes.txt');
    await twoFactor.getByRole('button', { name: en('profile.twoFactor.done') }).click();
    await twoFactor.getByRole('button', { name: en('profile.twoFactor.regenerate') }).waitFor();
    await twoFactor.getByRole('button', { name: en('profile.twoFactor.turnOff') }).waitFor();
    expect(((await (await page.request.get(`${server.url}/api/v1/session`)).json()) as { user: { twoFactorEnabled: boolean } }).user.twoFactorEnabled).toBe(true);

    // Sign out, then sign in on the login page: the password, then the code.
    // (From the page's origin, as the app's own sign-out sends it: a cookie without one is refused.)
    expect((await page.request.post(`${server.url}/api/auth/sign-out`, { data: {}, headers: { origin: server.url } })).status()).toBe(200);
    await page.goto(server.url + '/auth/login');
    await page.getByRole('heading', { level: 1, name: auth('login.title') }).waitFor();
    await page.getByRole('main').getByRole('textbox', { name: auth('form.email'), exact: true }).fill(person.email);
    await page.getByLabel(auth('form.password'), { exact: true }).fill(person.password);
    await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
    await page.getByRole('heading', { level: 1, name: auth('twoFactor.title') }).waitFor();
    expect((await page.request.get(`${server.url}/api/v1/session`)).status()).toBe(401);
    await page.getByRole('main').getByRole('textbox', { name: auth('twoFactor.totpLabel'), exact: true }).fill(totp.generate());
    await page.getByRole('button', { name: auth('twoFactor.verify'), exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
    expect((await page.request.get(`${server.url}/api/v1/session`)).status()).toBe(200);

    // Sessions: this one and the other device; end the other one.
    await openSettings(page);
    const sessions = section(page, en('profile.sessions.heading'));
    const table = sessions.getByRole('table', { name: en('profile.sessions.caption') });
    await table.waitFor();
    const device = interpolate(en('profile.sessions.deviceName'), { browser: 'Firefox', os: 'Windows' });
    const otherRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: device }) });
    await otherRow.waitFor();
    const thisRow = table.getByRole('row').filter({ hasText: en('profile.sessions.current') });
    expect(await thisRow.count()).toBe(1);
    expect(await thisRow.getByRole('rowheader').textContent()).toBe(interpolate(en('profile.sessions.deviceName'), { browser: 'Chrome', os: 'Linux' }));
    expect(await thisRow.getByRole('button').count()).toBe(0);
    expect(await sessions.getByText(person.password).count()).toBe(0);
    await expectAxeClean(page);
    const revokeName = interpolate(en('profile.sessions.revokeLabel'), { device, date: '' });
    await otherRow.getByRole('button', { name: new RegExp(`^${escapeRegExp(revokeName)}`) }).click();
    await sessions.getByRole('status').filter({ hasText: en('profile.sessions.revoked') }).waitFor();
    await expect.poll(() => otherRow.count()).toBe(0);
    expect(await otherSession()).toBe(401);
    await sessions.getByText(en('profile.sessions.noOthers')).waitFor();
    await expectAxeClean(page);

    // Password: the current one is the proof; a wrong one is named as such.
    const passwordSection = section(page, en('profile.password.heading'));
    await passwordSection.getByLabel(en('profile.password.current')).fill('not-my-password-1');
    await passwordSection.getByLabel(en('profile.password.new'), { exact: true }).fill('a-fresh-harbour-phrase');
    await passwordSection.getByLabel(en('profile.password.confirm')).fill('a-fresh-harbour-phrase');
    await passwordSection.getByRole('button', { name: en('profile.password.submit') }).click();
    await passwordSection.getByRole('alert').filter({ hasText: en('errors.auth.invalid-password') }).waitFor();
    await expectAxeClean(page);
    await passwordSection.getByLabel(en('profile.password.current')).fill(person.password);
    await passwordSection.getByRole('button', { name: en('profile.password.submit') }).click();
    await passwordSection.getByRole('status').filter({ hasText: en('profile.password.changed') }).waitFor();
    // Still signed in here, on the new session.
    expect((await page.request.get(`${server.url}/api/v1/session`)).status()).toBe(200);
    const oldPassword = await postJson(server.url, '/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(oldPassword.status).toBe(401);
    await context.close();
  }, JOURNEY_TIMEOUT_MS);
});

describe('changing the email address', () => {
  it('asks the current address to approve, then the new one to confirm, and only then changes it', async () => {
    const person = await createVerifiedPerson(server.url, smtp, 'moving');
    const { context, page } = await newPage(browser, { locale: 'en-US' });
    const signedIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password } });
    expect(signedIn.status()).toBe(200);
    await openSettings(page);
    const email = section(page, en('profile.email.heading'));
    await email.getByText(person.email).waitFor();
    const input = email.getByRole('textbox', { name: en('profile.email.new') });

    // Checked before anything is sent.
    await input.fill('not-an-address');
    await email.getByRole('button', { name: en('profile.email.submit') }).click();
    await email.getByText(en('profile.email.invalid')).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await input.fill(person.email.toUpperCase());
    await email.getByRole('button', { name: en('profile.email.submit') }).click();
    await email.getByText(en('profile.email.same')).waitFor();

    const newEmail = `moved.${Date.now()}@example.test`;
    await input.fill(newEmail);
    await email.getByRole('button', { name: en('profile.email.submit') }).click();
    await email.getByText(interpolate(en('profile.email.sent'), { email: newEmail })).waitFor();
    await expectAxeClean(page);

    // Step one: the current address approves the change.
    const approval = await smtp.waitFor((m) => m.to.includes(person.email) && m.text.includes(newEmail));
    await page.goto(linkIn(approval));
    // Step two: the new address confirms it is reachable; until then the old address stays.
    const confirmation = await smtp.waitFor((m) => m.to.includes(newEmail));
    await openSettings(page);
    await email.getByText(person.email).waitFor();
    await page.goto(linkIn(confirmation));
    await openSettings(page);
    await email.getByText(newEmail).waitFor();
    await context.close();
  });
});

