import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROLE_LANDING_PATHS, type Role } from '../src/shared/roles.js';
import { expectToast, settleToasts } from './support/auth-flows.js';
import { expectAxeClean, newPage, useServerAndBrowser } from './support/harness.js';
import { translation } from './support/locales.js';

/**
 * The Demo Accounts tab (the browser-test server runs in demo mode and seeds one account per
 * role), the redirect of signed-in visitors away from the sign-in page, and the signed-in header.
 */
const suite = useServerAndBrowser({ AUTH_IP_LIMIT_PER_MINUTE: '1000' });

const en = (key: string) => translation('en', key, 'auth');
const common = (key: string) => translation('en', key);

/** The buttons in the order the tab shows them: the spec's four, then the other roles. */
const DEMO_BUTTONS: [Role, string][] = [
  ['patient', 'Patient'],
  ['admin', 'Admin Portal'],
  ['support_coordinator', 'Support Coordinator'],
  ['allied_health', 'Allied Health'],
  ['provider', 'Provider'],
  ['family_carer', 'Family Carer'],
  ['organization_admin', 'Organisation Admin'],
  ['practice_manager', 'Plan Manager'],
];

async function openDemoTab(page: Page) {
  await page.goto(suite.server.url + '/auth/login');
  await page.getByRole('heading', { level: 1, name: en('login.title') }).waitFor();
  const tab = page.getByRole('tab', { name: en('login.tabs.demo') });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  return page.getByRole('tabpanel', { name: en('login.tabs.demo') });
}

async function demoSignIn(page: Page, label: string) {
  const panel = await openDemoTab(page);
  await panel.getByRole('button', { name: label, exact: true }).click();
  await expectToast(page, en('demo.successTitle'));
}

/**
 * Opens the mobile menu and returns it. Just after a sign-in's navigation the landing page may
 * still change the header (a closed menu again, as on any navigation): the button is pressed
 * again while it says the menu is closed, never while it says open (that would close it).
 */
async function openMobileMenu(page: Page): Promise<Locator> {
  const button = page.getByRole('button', { name: common('header.menu') });
  const nav = page.getByRole('navigation', { name: common('header.mobileNav') });
  await expect
    .poll(
      async () => {
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        return nav.isVisible();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
  return nav;
}

describe('Demo Accounts tab', () => {
  it('lists the eight roles in order', async () => {
    const { context, page } = await newPage(suite.browser);
    const panel = await openDemoTab(page);
    await panel.getByRole('button').first().waitFor();
    expect(await panel.getByRole('button').allTextContents()).toEqual(DEMO_BUTTONS.map(([, label]) => label));
    await expectAxeClean(page);
    // Keyboard: the tabs follow the arrow keys (Radix moves focus, and so the selection, on a timer).
    await page.getByRole('tab', { name: en('login.tabs.demo') }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByRole('tab', { name: en('login.tabs.signIn') }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  for (const [role, label] of DEMO_BUTTONS) {
    it(`${label} signs in as the ${role} demo account and lands on ${ROLE_LANDING_PATHS[role]}`, async () => {
      const { context, page } = await newPage(suite.browser);
      await demoSignIn(page, label);
      await page.waitForURL(suite.server.url + ROLE_LANDING_PATHS[role]);
      // The header now shows the account menu of the demo person (named by the server).
      const session = (await (await page.request.get(`${suite.server.url}/api/v1/session`)).json()) as { user: { name: string; role: string } };
      expect(session.user.role).toBe(role);
      await page
        .getByRole('banner')
        .getByRole('button', { name: translation('en', 'header.accountMenu').replace('{{name}}', session.user.name) })
        .waitFor();
      await settleToasts(page);
      await expectAxeClean(page);
      await context.close();
    });
  }
});

describe('signed-in visitors on the sign-in page', () => {
  it('are sent to /dashboard, or to the saved return path (which is then cleared)', async () => {
    const { context, page } = await newPage(suite.browser);
    await demoSignIn(page, 'Patient');
    await page.waitForURL(suite.server.url + '/dashboard');

    await page.goto(suite.server.url + '/appointments');
    await page.evaluate(() => sessionStorage.setItem('auth_return_path', '/patient/medications'));
    await page.goto(suite.server.url + '/auth/login');
    await page.waitForURL(suite.server.url + '/patient/medications');
    expect(await page.evaluate(() => sessionStorage.getItem('auth_return_path'))).toBeNull();

    await page.goto(suite.server.url + '/auth/login');
    await page.waitForURL(suite.server.url + '/dashboard');
    await context.close();
  });
});

describe('signed-in header on a small screen', () => {
  it('shows the account links, Find Providers for a patient, and logs out', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: { width: 390, height: 844 } });
    await demoSignIn(page, 'Patient');
    await page.waitForURL(suite.server.url + '/dashboard');
    // The messages link and the notifications bell stay in the header, beside the menu button.
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: new RegExp(`^${common('messaging.link')}`) }).waitFor();
    await banner.getByRole('button', { name: new RegExp(`^${common('notifications.label')}`) }).waitFor();
    const nav = await openMobileMenu(page);
    for (const [name, href] of [
      [common('header.findProviders'), '/providers'],
      [common('header.dashboard'), '/dashboard'],
      [common('header.settings'), '/profile'],
    ] as const) {
      expect(await nav.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const state = (await (await page.request.get(`${suite.server.url}/api/v1/session`)).json()) as { currentTenant: unknown };
    const tenantLabel = common(state.currentTenant ? 'header.manageTenants' : 'header.createTenant');
    expect(await nav.getByRole('link', { name: tenantLabel }).getAttribute('href')).toBe('/tenant/manage');
    expect(await nav.getByRole('link', { name: common('header.signIn') }).count()).toBe(0);
    await settleToasts(page);
    await expectAxeClean(page);

    await nav.getByRole('button', { name: common('header.logout') }).click();
    await page.waitForURL(suite.server.url + '/');
    // The menu closed on leaving: the focus is on the page's main region, not on the page's body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.getByRole('button', { name: common('header.menu') }).click();
    await nav.getByRole('link', { name: common('header.signIn') }).waitFor();
    expect(await nav.getByRole('link', { name: common('header.findProviders') }).count()).toBe(0);
    await context.close();
  });

  it('offers Find Providers to patients only', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: { width: 390, height: 844 } });
    await demoSignIn(page, 'Allied Health');
    await page.waitForURL(suite.server.url + '/allied-health/dashboard');
    const nav = await openMobileMenu(page);
    await nav.getByRole('link', { name: common('header.dashboard') }).waitFor();
    expect(await nav.getByRole('link', { name: common('header.findProviders') }).count()).toBe(0);
    await context.close();
  });

  it('offers the tenant switcher in the mobile menu to a member of an organisation', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: { width: 390, height: 844 } });
    await demoSignIn(page, 'Organisation Admin');
    // The sign-in navigates to the role's landing page after its toast, and a navigation closes the menu:
    // open the menu only once the landing page has loaded.
    await page.waitForURL(suite.server.url + ROLE_LANDING_PATHS.organization_admin);
    const nav = await openMobileMenu(page);
    const trigger = nav.getByRole('button', { name: /Harbourview Allied Health/ });
    await trigger.waitFor();
    await expect.poll(() => trigger.isVisible()).toBe(true);
    await settleToasts(page);
    await expectAxeClean(page);
    await context.close();
  });
});


describe('signed-in pages loaded directly', () => {
  it('hydrate the HTML the server rendered, with no mismatch, and then show the person’s page', async () => {
    const { context, page } = await newPage(suite.browser, { timezoneId: 'Australia/Sydney' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const signIn = await page.request.post(`${suite.server.url}/api/auth/demo/sign-in`, { data: { role: 'patient' } });
    expect(signIn.status()).toBe(200);
    // The session's answer usually arrives before the page's lower parts hydrate: they must still
    // hydrate as the server rendered them (React error #418 otherwise, and the page rendered twice).
    for (const path of ['/dashboard', '/providers', '/appointments']) {
      await page.goto(suite.server.url + path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByText(common('authStatus.checking')).count(), path).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ask for the session once, as the document arrives, and the page takes that answer', async () => {
    const { context, page } = await newPage(suite.browser);
    const signIn = await page.request.post(`${suite.server.url}/api/auth/demo/sign-in`, { data: { role: 'provider' } });
    expect(signIn.status()).toBe(200);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(suite.server.url + '/provider/dashboard');
    await page.getByRole('heading', { level: 1, name: translation('en', 'practice.dashboardTitle', 'appointments') }).waitFor();
    await page.waitForLoadState('networkidle');
    // The document preloads it (before its scripts); the session check then uses that answer
    // rather than asking a second time (the request it makes must be the preloaded one).
    expect(await page.locator('head link[rel="preload"][as="fetch"][href="/api/v1/session"]').count()).toBe(1);
    expect(requested.filter((path) => path === '/api/v1/session')).toEqual(['/api/v1/session']);
    const firstScript = requested.findIndex((path) => path.endsWith('.js'));
    expect(requested.indexOf('/api/v1/session')).toBeLessThan(firstScript);
    await context.close();
  });
});
