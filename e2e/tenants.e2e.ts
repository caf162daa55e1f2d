import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpListener, type SmtpListener } from '../src/testing/smtp-listener.js';
import { createVerifiedPerson, expectToast, settleToasts } from './support/auth-flows.js';
import { expectAxeClean, launchBrowser, newPage, startTestServer, type TestServer } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * Organisations end to end, through the screens against the real server, with mail from a real
 * SMTP listener: A creates an organisation and invites B; B follows the emailed link (signing in
 * on the way), accepts and lands on /dashboard in it; A changes B's role; B, also in a second
 * organisation, switches through the header; a patient with no organisation sees only the
 * create form. axe checks every page state, the open switcher menu and the dialogs.
 */
let smtp: SmtpListener;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpListener();
  [server, browser] = await Promise.all([
    startTestServer({
      SMTP_URL: smtp.url,
      // Every request comes from 127.0.0.1: lift the per-address sign-in limit.
      AUTH_IP_LIMIT_PER_MINUTE: '1000',
      // Record usage every 3 s, so the usage chart has today's row while the test runs.
      USAGE_METRICS_INTERVAL_MINUTES: '0.05',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const dash = (key: string) => translation('en', `tenants.${key}`, 'dashboard');
const common = (key: string) => translation('en', key);
const auth = (key: string) => translation('en', key, 'auth');

type Person = Awaited<ReturnType<typeof createVerifiedPerson>>;

async function heading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** The real login page: fills the form and waits to leave it. */
async function signInOnPage(page: Page, person: Person) {
  await page.getByRole('main').getByRole('textbox', { name: auth('form.email'), exact: true }).fill(person.email);
  await page.getByLabel(auth('form.password'), { exact: true }).fill(person.password);
  await page.getByRole('button', { name: auth('login.submit'), exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/** Signs in through the login page from anywhere (landing on /dashboard, or the saved return path). */
async function signIn(page: Page, person: Person) {
  await page.goto(server.url + '/auth/login');
  await heading(page, auth('login.title'));
  await signInOnPage(page, person);
}

function switcher(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: new RegExp(`^${common('tenantSwitcher.label')}: `) });
}

async function expectSwitcherShows(page: Page, tenantName: string) {
  await page.getByRole('banner').getByRole('button', { name: `${common('tenantSwitcher.label')}: ${tenantName}`, exact: true }).waitFor();
}

async function createOrganisation(page: Page, name: string, expectedSlug: string) {
  const form = page.getByRole('main');
  await form.getByLabel(dash('create.name'), { exact: true }).last().fill(name);
  // The slug is suggested from the name.
  expect(await form.getByLabel(dash('create.slug'), { exact: true }).last().inputValue()).toBe(expectedSlug);
  await form.getByRole('button', { name: dash('create.submit'), exact: true }).last().click();
  await expectToast(page, interpolate(dash('create.success'), { name }));
  await heading(page, dash('manage.title'));
  await page.getByRole('main').getByText(name, { exact: true }).first().waitFor();
}

async function sessionTenantId(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/session');
    const body = (await response.json()) as { currentTenant: { id: string } | null };
    return body.currentTenant?.id ?? null;
  });
}

describe('organisations', () => {
  let owner: Person;
  let invitee: Person;
  let ownerContext: BrowserContext;
  let ownerPage: Page;
  let inviteeContext: BrowserContext;
  let inviteePage: Page;
  let invitationLink: string;
  const orgName = 'Harbour Test Clinic';
  const secondOrgName = 'Quill Test Practice';

  it('A signs in on the way to /tenant/manage, creates an organisation and the header switcher shows it', async () => {
    [owner, invitee] = await Promise.all([createVerifiedPerson(server.url, smtp, 'owner'), createVerifiedPerson(server.url, smtp, 'invitee')]);
    ({ context: ownerContext, page: ownerPage } = await newPage(browser));
    const page = ownerPage;

    // Signed out: the guard sends A to sign in and brings A back.
    await page.goto(server.url + '/tenant/manage');
    await page.waitForURL(server.url + '/auth/login');
    await signInOnPage(page, owner);
    await page.waitForURL(server.url + '/tenant/manage');
    await heading(page, dash('manage.createTitle'));
    const create = page.getByRole('banner').getByRole('link', { name: common('tenantSwitcher.create'), exact: true });
    expect(await create.getAttribute('href')).toBe('/tenant/manage');
    await expectAxeClean(page);

    // Validation before anything is sent.
    await page.getByRole('main').getByRole('button', { name: dash('create.submit'), exact: true }).click();
    await page.getByText(dash('create.nameRequired'), { exact: true }).waitFor();
    expect(await page.getByLabel(dash('create.name'), { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(page);

    await createOrganisation(page, orgName, 'harbour-test-clinic');
    await expectSwitcherShows(page, orgName);
    const tenantId = await sessionTenantId(page);
    expect(tenantId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('current_tenant_id'))).toBe(tenantId);

    // Details: the plan badge (starter, grey) with its name, and the trial's end 30 days on.
    const badge = page.locator('[data-plan="starter"]');
    expect(await badge.textContent()).toBe(dash('plans.starter'));
    expect(await badge.getAttribute('class')).toContain('bg-slate-100');
    const trialEnd = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    const expected = format(trialEnd, 'PPP', { in: tz('UTC') });
    await page.getByRole('main').locator('time').getByText(expected).first().waitFor();
    await settleToasts(page);
    await expectAxeClean(page);

    // The switcher menu lists the organisation as current; choosing it again does nothing.
    await switcher(page).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitemradio', { name: new RegExp(orgName) }).waitFor();
    expect(await menu.getByRole('menuitemradio', { name: new RegExp(orgName) }).getAttribute('aria-checked')).toBe('true');
    expect(await menu.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(250);
    expect(await switcher(page).evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(200);
    await expectAxeClean(page);
    await menu.getByRole('menuitemradio', { name: new RegExp(orgName) }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/tenant/manage');
  });

  it('A invites B by email; the mail carries the link; pending invitations can be revoked', async () => {
    const page = ownerPage;
    const invite = page.getByRole('main').getByRole('form', { name: dash('invitations.inviteTitle') });
    await invite.getByLabel(dash('invitations.email'), { exact: true }).fill('not-an-email');
    await invite.getByRole('button', { name: dash('invitations.send'), exact: true }).click();
    await page.getByText(dash('invitations.emailInvalid'), { exact: true }).waitFor();

    await invite.getByLabel(dash('invitations.email'), { exact: true }).fill(invitee.email);
    await invite.getByLabel(dash('invitations.role'), { exact: true }).selectOption('member');
    await invite.getByRole('button', { name: dash('invitations.send'), exact: true }).click();
    await expectToast(page, interpolate(dash('invitations.sent'), { email: invitee.email }));
    const pending = page.getByRole('table', { name: dash('invitations.pendingTitle') });
    await pending.getByRole('rowheader', { name: invitee.email }).waitFor();

    const mail = await smtp.waitFor((m) => m.to.includes(invitee.email) && m.subject.includes(orgName));
    invitationLink = linkIn(mail);
    expect(new URL(invitationLink).pathname).toBe('/invitations/accept');
    expect(mail.text).toContain(owner.name);

    // A second pending invitation to the same address is refused with the server's reason.
    await invite.getByLabel(dash('invitations.email'), { exact: true }).fill(invitee.email);
    await invite.getByRole('button', { name: dash('invitations.send'), exact: true }).click();
    await expectToast(page, dash('invitations.failed'), common('errors.tenant.invitation-pending'));

    // Another invitation, revoked again.
    const other = `revoked.${Date.now()}@example.test`;
    await invite.getByLabel(dash('invitations.email'), { exact: true }).fill(other);
    await invite.getByRole('button', { name: dash('invitations.send'), exact: true }).click();
    await pending.getByRole('rowheader', { name: other }).waitFor();
    await settleToasts(page);
    await expectAxeClean(page);
    await pending.getByRole('button', { name: interpolate(dash('invitations.revokeLabel'), { email: other }), exact: true }).click();
    await expectToast(page, interpolate(dash('invitations.revoked'), { email: other }));
    await pending.getByRole('rowheader', { name: other }).waitFor({ state: 'detached' });
  });

  it('B opens the link signed out, signs in, sees the preview, accepts and lands on /dashboard in the organisation', async () => {
    ({ context: inviteeContext, page: inviteePage } = await newPage(browser));
    const page = inviteePage;
    await page.goto(invitationLink);
    await page.waitForURL(server.url + '/auth/login');
    await signInOnPage(page, invitee);
    await page.waitForURL(invitationLink);
    await heading(page, interpolate(dash('accept.title'), { tenant: orgName }));
    await page.getByText(interpolate(dash('accept.body'), { tenant: orgName, role: dash('roles.member') }), { exact: true }).waitFor();
    await page.getByText(interpolate(dash('accept.signedInAs'), { email: invitee.email }), { exact: true }).waitFor();
    await expectSwitcherShowsCreate(page);
    await expectAxeClean(page);

    await page.getByRole('button', { name: dash('accept.accept'), exact: true }).click();
    await page.waitForURL(server.url + '/dashboard');
    await expectToast(page, interpolate(dash('accept.accepted'), { tenant: orgName }));
    await expectSwitcherShows(page, orgName);
    expect(await page.evaluate(() => localStorage.getItem('current_tenant_id'))).toBe(await sessionTenantId(page));
    await settleToasts(page);
    await expectAxeClean(page);

    // A plain member (as a patient or family carer is) sees the organisation, not its staff's member list or usage.
    await page.goto(server.url + '/tenant/manage');
    await heading(page, dash('manage.title'));
    await page.getByText(dash('manage.staffOnly'), { exact: true }).waitFor();
    expect(await page.getByRole('table', { name: dash('members.title') }).count()).toBe(0);
    expect(await page.getByText(owner.email).count()).toBe(0);
    await expectAxeClean(page);

    // The same link again, or a broken one: 'Invalid or expired invitation'.
    for (const link of [invitationLink, server.url + '/invitations/accept?token=not-a-real-token', server.url + '/invitations/accept']) {
      await page.goto(link);
      await heading(page, dash('accept.invalidTitle'));
      await expectAxeClean(page);
    }
  });

  it('A sees B among the members and changes B’s role; removing asks first', async () => {
    const page = ownerPage;
    await page.reload();
    await heading(page, dash('manage.title'));
    const members = page.getByRole('table', { name: dash('members.title') });
    await members.getByRole('rowheader', { name: invitee.name }).waitFor();
    // Newest first.
    expect(await members.getByRole('rowheader').first().textContent()).toContain(invitee.name);

    const role = members.getByRole('combobox', { name: interpolate(dash('members.roleFor'), { name: invitee.name }), exact: true });
    expect(await role.inputValue()).toBe('member');
    await role.selectOption('provider');
    await expectToast(page, interpolate(dash('members.roleChanged'), { name: invitee.name, role: dash('roles.provider') }));
    await expect.poll(() => role.inputValue()).toBe('provider');

    // The last owner cannot step down: the server's reason is shown and the role stays.
    const own = members.getByRole('combobox', { name: interpolate(dash('members.roleFor'), { name: owner.name }), exact: true });
    await own.selectOption('admin');
    await expectToast(page, dash('members.roleFailed'), common('errors.tenant.last-owner'));
    await expect.poll(() => own.inputValue()).toBe('owner');

    // Settings: a brand colour is saved; requiring two-factor for staff without having it is refused.
    const settings = page.getByRole('region', { name: dash('settings.title') });
    await settings.getByLabel(dash('settings.colour'), { exact: true }).fill('#0f766e');
    await settings.getByRole('button', { name: dash('settings.save'), exact: true }).click();
    await expectToast(page, dash('settings.saved'));
    const mfa = settings.getByRole('switch', { name: dash('settings.requireMfa') });
    expect(await mfa.getAttribute('aria-checked')).toBe('false');
    await mfa.click();
    expect(await mfa.getAttribute('aria-checked')).toBe('true');
    await settings.getByRole('button', { name: dash('settings.save'), exact: true }).click();
    await expectToast(page, dash('settings.failed'), common('errors.tenant.mfa-self-required'));
    await expect.poll(() => mfa.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await heading(page, dash('manage.title'));
    expect(await page.getByLabel(dash('settings.colour'), { exact: true }).inputValue()).toBe('#0f766e');

    // Search.
    await page.getByRole('searchbox', { name: dash('members.search') }).fill(invitee.email);
    await expect.poll(() => members.getByRole('rowheader').count()).toBe(1);
    await page.getByRole('searchbox', { name: dash('members.search') }).fill('');
    await expect.poll(() => members.getByRole('rowheader').count()).toBe(2);

    await members.getByRole('button', { name: interpolate(dash('members.removeLabel'), { name: invitee.name }), exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: interpolate(dash('members.removeTitle'), { name: invitee.name }) });
    await dialog.waitFor();
    await settleToasts(page);
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: dash('members.cancel'), exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await members.getByRole('rowheader', { name: invitee.name }).waitFor();

    // Usage: the daily job has recorded today's row; the chart has a text alternative.
    // Both A and B were active today once the job has run since B joined.
    const chart = page.getByRole('img', { name: new RegExp(`^${dash('usage.activeUsers')} `) });
    await expect
      .poll(
        async () => {
          await page.reload();
          await heading(page, dash('manage.title'));
          await page.getByRole('heading', { name: dash('usage.title') }).waitFor();
          await page.getByText(dash('usage.loading')).waitFor({ state: 'detached' });
          return (await chart.count()) === 1 ? await chart.getAttribute('aria-label') : null;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain('latest 2');
    await page.getByRole('table', { name: dash('usage.tableCaption') }).waitFor({ state: 'attached' });
    await expectAxeClean(page);
  });

  it('B, also in a second organisation, switches through the header switcher and lands on /dashboard', async () => {
    const page = inviteePage;
    await page.goto(server.url + '/tenant/manage');
    await heading(page, dash('manage.title'));
    // B is a provider: a read-only member list, no invitations, no settings.
    const members = page.getByRole('table', { name: dash('members.title') });
    await members.getByRole('rowheader', { name: owner.name }).waitFor();
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('heading', { name: dash('invitations.title') }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: dash('settings.title') }).count()).toBe(0);
    await expectAxeClean(page);

    await createOrganisation(page, secondOrgName, 'quill-test-practice');
    await expectSwitcherShows(page, secondOrgName);

    await switcher(page).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitemradio', { name: new RegExp(orgName) }).waitFor();
    expect(await menu.getByRole('menuitemradio').count()).toBe(2);
    await expectAxeClean(page);
    await menu.getByRole('menuitemradio', { name: new RegExp(orgName) }).click();
    await page.waitForURL(server.url + '/dashboard');
    await expectToast(page, interpolate(common('tenantSwitcher.switched'), { name: orgName }));
    await expectSwitcherShows(page, orgName);
    await page.goto(server.url + '/tenant/manage');
    await heading(page, dash('manage.title'));
    await page.getByRole('main').getByText(orgName, { exact: true }).first().waitFor();
    await ownerContext.close();
    await inviteeContext.close();
  });

  it('a patient with no organisation sees the create form on /tenant/manage, never someone else’s organisation', async () => {
    const patient = await createVerifiedPerson(server.url, smtp, 'patient');
    const { context, page } = await newPage(browser);
    await signIn(page, patient);
    await page.goto(server.url + '/tenant/manage');
    await heading(page, dash('manage.createTitle'));
    expect(await page.getByText(orgName).count()).toBe(0);
    expect(await page.getByText(secondOrgName).count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: common('tenantSwitcher.create'), exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('current_tenant_id'))).toBeNull();
    await expectAxeClean(page);

    // The same screen in Arabic: translated, right to left, still accessible.
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    await page.reload();
    await heading(page, translation('ar', 'tenants.manage.createTitle', 'dashboard'));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('banner').getByRole('link', { name: translation('ar', 'tenantSwitcher.create'), exact: true }).waitFor();
    await expectAxeClean(page);
    await context.close();
  });
});

async function expectSwitcherShowsCreate(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: common('tenantSwitcher.create'), exact: true }).waitFor();
}
