import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAxeClean, launchBrowser, newPage, startTestServer, type TestServer } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

async function visit(page: Page, path: string) {
  const response = await page.goto(server.url + path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return response;
}

describe('not-found page', () => {
  for (const path of ['/no/such/page', '/patient/medical-records']) {
    it(`shows 'Page Not Found' for ${path}, with HTTP 404, a way back and the path logged`, async () => {
      const { context, page } = await newPage(browser, { viewport: DESKTOP });
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      const response = await visit(page, path);
      expect(response?.status()).toBe(404);
      await expect.poll(() => page.title()).toBe('Page Not Found · Tendwell');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page Not Found');
      await page.getByText("Sorry, we couldn't find the page you're looking for...").waitFor();
      const back = page.getByRole('main').getByRole('link', { name: 'Return to Tendwell' });
      expect(await back.getAttribute('href')).toBe('/');
      await expect.poll(() => logged.some((l) => l.includes('404 Error: User attempted to access non-existent route:') && l.endsWith(path))).toBe(true);
      await expectAxeClean(page);
      await back.click();
      await page.waitForURL(server.url + '/');
      await context.close();
    });
  }
});

describe('header and footer', () => {
  it('at desktop width: navigation, sign in and sign up, footer columns and server contacts', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await visit(page, '/nowhere');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Tendwell home' }).or(header.getByRole('link', { name: /Tendwell/ }).first()).first().waitFor();
    const nav = page.getByRole('navigation', { name: 'Primary', exact: true });
    expect(await nav.isVisible()).toBe(true);
    for (const [name, href] of [['Home', '/'], ['About', '/about'], ['Education', '/education']] as const) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await header.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(await header.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth/register');
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);

    const footer = page.getByRole('contentinfo');
    for (const heading of ['Company', 'Resources', 'Legal']) await footer.getByRole('heading', { name: heading }).waitFor();
    for (const [name, href] of [['Careers', '/careers'], ['Provider resources', '/provider-resources'], ['Accessibility', '/accessibility']] as const) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    // Contacts and offices come from the server, not from the bundle.
    const site = (await (await fetch(server.url + '/api/v1/site')).json()) as { contact: { phones: string[]; email: string } };
    for (const phone of site.contact.phones) await footer.getByText(phone).waitFor();
    await footer.getByText(site.contact.email).waitFor();
    await footer.getByText('Nigeria').waitFor();
    await footer.getByText('United Kingdom').waitFor();
    await footer.getByRole('textbox', { name: 'Email address' }).waitFor();
    await footer.getByRole('button', { name: 'Subscribe' }).waitFor();
    await footer.getByText(`© ${new Date().getFullYear()} Tendwell`).waitFor();
    await expectAxeClean(page);

    await nav.getByRole('link', { name: 'About' }).click();
    await page.waitForURL(server.url + '/about');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await context.close();
  });

  it('at mobile width: the menu toggles, closes after following a link, and on Escape', async () => {
    const { context, page } = await newPage(browser, { viewport: MOBILE });
    await visit(page, '/somewhere');
    expect(await page.getByRole('navigation', { name: 'Primary', exact: true }).isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Menu' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    const mobileNav = page.getByRole('navigation', { name: 'Primary (mobile)' });
    expect(await mobileNav.isVisible()).toBe(false);
    await expectAxeClean(page);

    await menuButton.click();
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    await mobileNav.waitFor({ state: 'visible' });
    for (const name of ['Home', 'About', 'Education', 'Sign in', 'Sign up']) {
      expect(await mobileNav.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    await expectAxeClean(page);

    await mobileNav.getByRole('link', { name: 'Education' }).click();
    await page.waitForURL(server.url + '/education');
    await mobileNav.waitFor({ state: 'hidden' });
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    await menuButton.click();
    await mobileNav.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await mobileNav.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    await context.close();
  });
});

describe('language picker', () => {
  async function choose(page: Page, currentLanguage: string, optionName: string) {
    await page.getByRole('button', { name: new RegExp(translation(currentLanguage, 'language.label')) }).click();
    await page.getByRole('menuitemradio', { name: optionName }).click();
  }

  it('switches to Spanish, Arabic (right to left, mirrored) and Chinese, and remembers the choice', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await visit(page, '/lost');
    await choose(page, 'en', 'Español');
    await page.getByRole('heading', { name: translation('es', 'notFound.title') }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['es', 'ltr']);
    await page.getByRole('link', { name: translation('es', 'header.signIn') }).waitFor();
    await expectAxeClean(page);

    await choose(page, 'es', 'العربية');
    await page.getByRole('heading', { name: translation('ar', 'notFound.title') }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
    expect(logo).not.toBeNull();
    expect(logo!.x).toBeGreaterThan(DESKTOP.width / 2);
    await expectAxeClean(page);

    await page.reload();
    await page.getByRole('heading', { name: translation('ar', 'notFound.title') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await choose(page, 'ar', '中文');
    await page.getByRole('heading', { name: translation('zh-CN', 'notFound.title') }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['zh-CN', 'ltr']);
    const logoLtr = await page.getByRole('banner').getByRole('link').first().boundingBox();
    expect(logoLtr!.x).toBeLessThan(DESKTOP.width / 2);
    await expectAxeClean(page);
    await context.close();
  });

  it('starts in the browser’s language when none was chosen', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP, locale: 'fr-FR' });
    await visit(page, '/perdu');
    await page.getByRole('heading', { name: translation('fr', 'notFound.title') }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    const back = interpolate(translation('fr', 'notFound.returnHome'), { product: 'Tendwell' });
    await page.getByRole('main').getByRole('link', { name: back }).waitFor();
    await expectAxeClean(page);
    await context.close();
  });
});

describe('newsletter', () => {
  it('keeps an invalid address with an error, then subscribes a valid one with a toast', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await visit(page, '/news');
    const input = page.getByRole('textbox', { name: 'Email address' });
    await input.fill('not-an-address');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(await input.inputValue()).toBe('not-an-address');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(page);

    await input.fill(`e2e.reader.${Date.now()}@example.org`);
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText(translation('en', 'newsletter.success')).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    await page.getByRole('region', { name: /Notifications/ }).waitFor({ state: 'attached' });
    // Check contrast once the toast has finished its entrance (axe measures blended colours mid-fade).
    await page.waitForFunction(() => {
      const toast = document.querySelector('[data-sonner-toast]');
      return toast !== null && getComputedStyle(toast).opacity === '1' && toast.getAnimations().every((a) => a.playState !== 'running');
    });
    await expectAxeClean(page);
    await context.close();
  });
});

describe('error fallback', () => {
  it('shows the error and reloads into a working page', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    // The not-found route's own module throws while rendering (as a broken deploy would).
    const broken = /\/assets\/not-found-(?!content)[\w-]+\.js$/;
    await page.route(broken, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: 'export default function Broken() { throw new Error("Simulated render failure"); }',
      }),
    );
    await page.goto(server.url + '/broken');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    await page.getByText('Simulated render failure').waitFor();
    const reload = page.getByRole('button', { name: 'Reload Page' });
    await expectAxeClean(page);

    await page.unroute(broken);
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await context.close();
  });
});

describe('pages prefetched after load', () => {
  it('a moment offline while they load keeps the page and what was typed', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    await visit(page, '/contact');
    // From now on every script request fails, as when the network drops two seconds after load.
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    await page.route('**/assets/**', (route) => route.abort('internetdisconnected'));
    let loads = 0;
    page.on('load', () => loads++);
    const message = page.getByLabel('Your message');
    await message.fill('My question about booking for my father');
    // The prefetch of the spec's pages starts 2 s after load and its module requests fail.
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => failed.some((url) => url.includes('/assets/')), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(1_500);
    // The page was not reloaded, and the text is still there.
    expect(loads).toBe(0);
    expect(await message.inputValue()).toBe('My question about booking for my father');
    await context.close();
  });
});
