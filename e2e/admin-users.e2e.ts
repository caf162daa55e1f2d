import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, fictionalPerson, postJson } from './support/auth-flows.js';
import { expectAxeClean, focusIsLost, holdRequests, launchBrowser, newPage, startTestServer, type TestServer } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * The platform admin's user list (/admin/users): verifying a professional and disabling a person
 * through the screen, the not-allowed page for everyone else, and the development mailbox
 * (/dev/mailbox) where, without SMTP, the verification mails of these tests arrive.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  // No SMTP_URL: mail goes to the development outbox, which /dev/mailbox shows (demo mode).
  [server, browser] = await Promise.all([startTestServer({ AUTH_IP_LIMIT_PER_MINUTE: '1000' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const en = (key: string) => translation('en', key);

type Person = ReturnType<typeof fictionalPerson>;

async function signUp(person: Person, role: string) {
  const response = await postJson(server.url, '/api/auth/sign-up/email', { ...person, role, locale: 'en', callbackURL: '/auth/login?verified=1' });
  expect(response.status).toBe(200);
}

async function demoSignIn(role: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser);
  const response = await opened.page.request.post(`${server.url}/api/auth/demo/sign-in`, { data: { role } });
  expect(response.status()).toBe(200);
  return opened;
}

/** Opens the mailbox, finds the person's verification mail and follows its link, as a developer would. */
async function verifyThroughMailbox(page: Page, email: string) {
  await page.goto(server.url + '/dev/mailbox');
  await page.getByRole('heading', { level: 1, name: en('mailbox.title') }).waitFor();
  await page.getByRole('textbox', { name: en('mailbox.filterLabel') }).fill(email);
  await page.getByRole('button', { name: en('mailbox.filter'), exact: true }).click();
  const table = page.getByRole('table', { name: en('mailbox.caption') });
  const row = table.getByRole('row').filter({ hasText: email });
  await row.waitFor();
  expect(await table.getByRole('row').count()).toBe(2); // the header and this person's one mail
  await row.getByRole('button').click();
  const message = page.getByRole('article');
  await message.getByText(email).waitFor();
  const link = message.getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ });
  const href = await link.getAttribute('href');
  expect(href).toMatch(new RegExp(`^${server.url.replace('127.0.0.1', '(127\\.0\\.0\\.1|localhost)')}/api/auth/verify-email\\?token=`));
  await link.click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
}

describe('/dev/mailbox', () => {
  it('lists the mail kept by the outbox and opens a verification mail with a working link', async () => {
    const person = fictionalPerson('mailbox');
    await signUp(person, 'patient');
    const { context, page } = await newPage(browser);
    await page.goto(server.url + '/dev/mailbox');
    await page.getByRole('heading', { level: 1, name: en('mailbox.title') }).waitFor();
    await page.getByText(interpolate(en('mailbox.latest'), { limit: '50' })).waitFor();
    await page.getByRole('table', { name: en('mailbox.caption') }).getByRole('row').filter({ hasText: person.email }).waitFor();
    await expectAxeClean(page);

    // Filtering, opening and following the link verifies the address.
    await page.getByRole('textbox', { name: en('mailbox.filterLabel') }).fill(person.email);
    await page.getByRole('button', { name: en('mailbox.filter'), exact: true }).click();
    const row = page.getByRole('table', { name: en('mailbox.caption') }).getByRole('row').filter({ hasText: person.email });
    const subject = (await row.getByRole('button').textContent()) ?? '';
    expect(subject).not.toBe('');
    await row.getByRole('button').click();
    const article = page.getByRole('article', { name: subject });
    await article.getByRole('heading', { level: 2, name: subject }).waitFor();
    // Focus moves to the message so keyboard and screen-reader users land on it.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await expectAxeClean(page);
    expect(await article.getByText(person.email).count()).toBeGreaterThan(0);
    // Back to the list and in again.
    await article.getByRole('button', { name: en('mailbox.back') }).click();
    await row.getByRole('button').click();
    const before = await postJson(server.url, '/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(before.status).toBe(403);
    await page.getByRole('article').getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    const after = await postJson(server.url, '/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(after.status).toBe(200);
    await context.close();
  });
});

describe('/admin/users', () => {
  it('lets the platform admin verify a professional and disable a person, who is signed out at once', async () => {
    const provider = fictionalPerson('pro');
    const patient = fictionalPerson('gone');
    await signUp(provider, 'provider');
    await signUp(patient, 'patient');
    const { context: devContext, page: devPage } = await newPage(browser);
    await verifyThroughMailbox(devPage, provider.email);
    await verifyThroughMailbox(devPage, patient.email);
    await devContext.close();
    const patientCookie = cookiesFrom(await postJson(server.url, '/api/auth/sign-in/email', { email: patient.email, password: patient.password }));
    const patientSession = () => fetch(`${server.url}/api/v1/session`, { headers: { cookie: patientCookie } }).then((r) => r.status);
    expect(await patientSession()).toBe(200);

    const { context, page } = await demoSignIn('admin');
    await page.goto(server.url + '/admin/users');
    await page.getByRole('heading', { level: 1, name: en('adminUsers.title') }).waitFor();
    expect(await page.title()).toBe(`${en('adminUsers.title')} · Tendwell`);
    const table = page.getByRole('table', { name: en('adminUsers.caption') });
    await table.waitFor();
    // Paging by keyboard: back on the first page, whose Previous goes disabled, the focus is on Next,
    // not on the page's body.
    const pager = page.getByRole('navigation', { name: en('adminUsers.pagination') });
    const [previousPage, nextPage] = [pager.getByRole('button', { name: en('adminUsers.previous') }), pager.getByRole('button', { name: en('adminUsers.next') })];
    const firstRow = async () => (await table.getByRole('row').nth(1).textContent()) ?? '';
    const onFirst = await firstRow();
    await nextPage.focus();
    await page.keyboard.press('Enter');
    await expect.poll(firstRow).not.toBe(onFirst);
    await previousPage.focus();
    await page.keyboard.press('Enter');
    await expect.poll(firstRow).toBe(onFirst);
    expect(await previousPage.isDisabled()).toBe(true);
    await expect.poll(() => nextPage.evaluate((el) => el === document.activeElement)).toBe(true);
    // The demo admin is listed as "you", with no way to disable themselves (the demo directory's
    // hundreds of providers fill the first pages, so filter by role first).
    await page.getByRole('combobox', { name: en('adminUsers.roleLabel') }).selectOption('admin');
    const self = table.getByRole('row').filter({ hasText: en('adminUsers.you') });
    await self.waitFor();
    expect(await self.count()).toBe(1);
    expect(await self.getByRole('button', { name: /^Disable/ }).count()).toBe(0);
    await expectAxeClean(page);

    // Filter: unverified providers; then search the provider by email.
    await page.getByRole('combobox', { name: en('adminUsers.roleLabel') }).selectOption('provider');
    await page.getByRole('combobox', { name: en('adminUsers.statusLabel') }).selectOption('unverified');
    const providerRow = table.getByRole('row').filter({ hasText: provider.email });
    await providerRow.waitFor();
    // Only unverified providers are listed (the demo directory has some waiting for review too).
    await expect
      .poll(async () => (await table.getByRole('row').allTextContents()).slice(1).every((row) => row.includes(en('adminUsers.professionalStatus.unverified'))))
      .toBe(true);
    await providerRow.getByText(en('adminUsers.professionalStatus.unverified')).waitFor();
    await page.getByRole('searchbox', { name: en('adminUsers.searchLabel') }).fill(provider.email);
    await page.getByRole('button', { name: en('adminUsers.search'), exact: true }).click();
    await providerRow.getByRole('button', { name: interpolate(en('adminUsers.verifyLabel'), { name: provider.name }) }).click();
    await page.getByRole('status').filter({ hasText: interpolate(en('adminUsers.verified'), { name: provider.name }) }).waitFor();
    // Verified providers no longer match the "unverified" filter.
    await expect.poll(() => providerRow.count()).toBe(0);
    await page.getByText(en('adminUsers.empty')).waitFor();
    await page.getByRole('combobox', { name: en('adminUsers.statusLabel') }).selectOption('verified');
    await providerRow.getByText(en('adminUsers.professionalStatus.verified')).waitFor();
    expect(await providerRow.getByRole('button', { name: interpolate(en('adminUsers.verifyLabel'), { name: provider.name }) }).count()).toBe(0);
    await expectAxeClean(page);

    // Disable the patient: a dialog asks first.
    await page.getByRole('combobox', { name: en('adminUsers.roleLabel') }).selectOption('');
    await page.getByRole('combobox', { name: en('adminUsers.statusLabel') }).selectOption('');
    await page.getByRole('searchbox', { name: en('adminUsers.searchLabel') }).fill(patient.email);
    await page.getByRole('button', { name: en('adminUsers.search'), exact: true }).click();
    const patientRow = table.getByRole('row').filter({ hasText: patient.email });
    await patientRow.waitFor();
    await patientRow.getByText(en('adminUsers.active')).waitFor();
    expect(await patientRow.getByRole('button', { name: interpolate(en('adminUsers.verifyLabel'), { name: patient.name }) }).count()).toBe(0);
    await patientRow.getByRole('button', { name: interpolate(en('adminUsers.disableLabel'), { name: patient.name }) }).click();
    const dialog = page.getByRole('alertdialog', { name: interpolate(en('adminUsers.confirmDisableTitle'), { name: patient.name }) });
    await dialog.waitFor();
    await expectAxeClean(page);
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: en('adminUsers.cancel') }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await patientSession()).toBe(200);
    await patientRow.getByRole('button', { name: interpolate(en('adminUsers.disableLabel'), { name: patient.name }) }).click();
    // Confirmed with the keyboard, its request held: the dialog's action is busy, not disabled, so
    // the focus stays on it instead of falling to the page's body behind the dialog.
    const confirm = dialog.getByRole('button', { name: en('adminUsers.confirmDisable') });
    const disabling = await holdRequests(page, 'POST', (url) => url.pathname.endsWith('/disable'));
    let disableRequests = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/disable')) disableRequests += 1;
    });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await disabling.held;
    await expect.poll(() => confirm.evaluate((el) => el.matches(':disabled, [aria-disabled="true"]'))).toBe(true);
    expect(await focusIsLost(page)).toBe(false);
    expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await confirm.getAttribute('aria-disabled')).toBe('true');
    // A second Enter while it is busy sends nothing more.
    await page.keyboard.press('Enter');
    await disabling.release();
    await page.getByRole('status').filter({ hasText: interpolate(en('adminUsers.disabledDone'), { name: patient.name }) }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(disableRequests).toBe(1);
    // Closed: the focus is back on the row's button (now Enable), not on the page's body.
    expect(await focusIsLost(page)).toBe(false);
    expect(await patientRow.getByRole('button', { name: interpolate(en('adminUsers.enableLabel'), { name: patient.name }) }).evaluate((el) => el === document.activeElement)).toBe(true);
    await patientRow.getByText(en('adminUsers.disabled'), { exact: true }).waitFor();
    expect(await patientSession()).toBe(401);
    const refused = await postJson(server.url, '/api/auth/sign-in/email', { email: patient.email, password: patient.password });
    expect(refused.status).toBe(401);
    await expectAxeClean(page);

    // Enable again: sign-in works.
    await patientRow.getByRole('button', { name: interpolate(en('adminUsers.enableLabel'), { name: patient.name }) }).click();
    await page.getByRole('status').filter({ hasText: interpolate(en('adminUsers.enabledDone'), { name: patient.name }) }).waitFor();
    await patientRow.getByText(en('adminUsers.active')).waitFor();
    expect((await postJson(server.url, '/api/auth/sign-in/email', { email: patient.email, password: patient.password })).status).toBe(200);
    await context.close();
  });

  it('shows the not-allowed page to a patient and sends a visitor to sign-in', async () => {
    const { context, page } = await demoSignIn('patient');
    await page.goto(server.url + '/admin/users');
    await page.getByRole('heading', { level: 1, name: en('notAllowed.title') }).waitFor();
    await page.getByText(interpolate(en('notAllowed.body'), { role: en('roles.patient') })).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    // The server refuses the data too.
    expect((await page.request.get(`${server.url}/api/v1/admin/users`)).status()).toBe(403);
    await expectAxeClean(page);
    await context.close();

    const visitor = await newPage(browser);
    await visitor.page.goto(server.url + '/admin/users');
    await visitor.page.waitForURL(`${server.url}/auth/login`);
    await visitor.context.close();
  });
});

describe('/dev/mailbox without demo mode', () => {
  it('is the not-found page, and the API answers 404', async () => {
    const production = await startTestServer({ DEMO_MODE: 'false', SEED_DEMO_DATA: 'false' });
    try {
      const { context, page } = await newPage(browser);
      await page.goto(production.url + '/dev/mailbox');
      await page.getByRole('heading', { level: 1, name: en('notFound.title') }).waitFor();
      expect(await page.getByRole('heading', { name: en('mailbox.title') }).count()).toBe(0);
      expect((await page.request.get(`${production.url}/api/v1/dev/mailbox`)).status()).toBe(404);
      await expectAxeClean(page);
      await context.close();
    } finally {
      await production.stop();
    }
  });
});
