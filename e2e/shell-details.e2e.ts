import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, newPage, useServerAndBrowser } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * Details of the app shell that shell.e2e.ts does not cover: the skip link, a footer built from
 * configured (non-default) site details including social links, the browser-language mapping, the open language menu under axe, and the not-found log
 * for `/`.
 */

const DESKTOP = { width: 1280, height: 800 };

// Site details this server is configured with, so the footer can only show them by really
// rendering GET /api/v1/site.
const suite = useServerAndBrowser({
  CONTACT_EMAIL: 'care-team@example.org',
  CONTACT_PHONES: '+44 161 496 0000,+234 9 555 0199',
  OFFICES_JSON: JSON.stringify([
    { countryCode: 'GB', city: 'Manchester', addressLines: ['1 Example Street'] },
    { countryCode: 'NG', city: 'Abuja', addressLines: ['2 Sample Road'] },
  ]),
  SOCIAL_LINKS_JSON: JSON.stringify([
    { network: 'linkedin', url: 'https://www.linkedin.com/company/example' },
    { network: 'youtube', url: 'https://www.youtube.com/@example' },
  ]),
});

async function visit(page: Page, path: string) {
  const response = await page.goto(suite.server.url + path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return response;
}

describe('app shell details', () => {
  it('logs the path of an unknown page and has one h1', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: DESKTOP });
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await visit(page, '/no-such-page');
    await expect.poll(() => logged).toContain('404 Error: User attempted to access non-existent route: /no-such-page');
    expect(await page.locator('h1').count()).toBe(1);
    await context.close();
  });

  it('puts the skip link first and moves focus to the main content', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: DESKTOP });
    await visit(page, '/skip');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await expectAxeClean(page);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    await context.close();
  });

  it('renders contacts, offices and social links exactly as the server is configured', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: DESKTOP });
    await visit(page, '/contacts');
    const footer = page.getByRole('contentinfo');
    const email = footer.getByRole('link', { name: /care-team@example\.org/ });
    await email.waitFor();
    expect(await email.getAttribute('href')).toBe('mailto:care-team@example.org');
    expect(await footer.getByRole('link', { name: /\+44 161 496 0000/ }).getAttribute('href')).toBe('tel:+441614960000');
    expect(await footer.getByRole('link', { name: /\+234 9 555 0199/ }).getAttribute('href')).toBe('tel:+23495550199');
    for (const text of ['United Kingdom', 'Manchester', '1 Example Street', 'Nigeria', 'Abuja', '2 Sample Road']) {
      await footer.getByText(text, { exact: true }).waitFor();
    }
    const linkedIn = footer.getByRole('link', { name: 'Tendwell on LinkedIn' });
    expect(await linkedIn.getAttribute('href')).toBe('https://www.linkedin.com/company/example');
    expect(await footer.getByRole('link', { name: 'Tendwell on YouTube' }).getAttribute('href')).toBe(
      'https://www.youtube.com/@example',
    );
    await expectAxeClean(page);

    // Office country names follow the interface language.
    await page.getByRole('button', { name: /^Language:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Français' }).click();
    await footer.getByText('Royaume-Uni', { exact: true }).waitFor();
    await footer.getByRole('link', { name: 'Tendwell sur LinkedIn' }).waitFor();
    await context.close();
  });

  it('keeps the language menu accessible while it is open, and from the keyboard', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: DESKTOP });
    await visit(page, '/menu');
    const trigger = page.getByRole('button', { name: 'Language: English' });
    // The picker's code loads right after the first render; until then a disabled look-alike stands in.
    await expect.poll(() => trigger.isEnabled()).toBe(true);
    await trigger.focus();
    await page.keyboard.press('Enter');
    const options = page.getByRole('menuitemradio');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['🇬🇧English', '🇪🇸Español', '🇫🇷Français', '🇵🇹Português', '🇸🇦العربية', '🇨🇳中文']);
    expect(await page.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('menuitemradio', { name: 'العربية' }).getAttribute('lang')).toBe('ar');
    // The item the keyboard is on has the site's focus ring, not only a pale background.
    await page.keyboard.press('ArrowDown');
    const ring = () => page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el.getAttribute('role') !== 'menuitemradio') return null;
      const style = getComputedStyle(el);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    await expect.poll(ring).toBe('solid 2px');
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await options.first().waitFor({ state: 'detached' });
    // Radix gives focus back to the trigger as the menu closes, not always by the time it is gone.
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it.each([
    ['pt-BR', 'pt', 'ltr'],
    ['ar-SA', 'ar', 'rtl'],
    ['zh', 'zh-CN', 'ltr'],
    ['de-DE', 'en', 'ltr'],
  ] as const)('maps the browser language %s to %s', async (locale, lang, dir) => {
    const { context, page } = await newPage(suite.browser, { viewport: DESKTOP, locale });
    await visit(page, '/hello');
    await page.getByRole('heading', { level: 1, name: translation(lang, 'notFound.title') }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, dir]);
    expect(await page.title()).toBe(
      interpolate(translation(lang, 'app.documentTitle'), { title: translation(lang, 'notFound.title'), product: 'Tendwell' }),
    );
    await context.close();
  });

  it('subscribes in the interface language', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: DESKTOP, locale: 'es-ES' });
    await visit(page, '/boletin');
    const input = page.getByRole('textbox', { name: translation('es', 'newsletter.emailLabel') });
    const address = `lector.${Date.now()}@example.org`;
    await input.fill(address);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/newsletter/subscriptions')),
      page.getByRole('button', { name: translation('es', 'newsletter.subscribe') }).click(),
    ]);
    expect(request.postDataJSON()).toEqual({ email: address, language: 'es' });
    await page.getByText(translation('es', 'newsletter.success')).waitFor();
    await context.close();
  });

  it('still shows a toast raised before the notification area had loaded', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: DESKTOP });
    // Hold back the Toaster's code until the subscription has been confirmed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    await page.route(/\/assets\/app-toaster-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await visit(page, '/early');
    expect(await page.getByRole('region', { name: /^Notifications/ }).count()).toBe(0);
    const input = page.getByRole('textbox', { name: 'Email address' });
    await input.fill(`early.${Date.now()}@example.org`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => input.inputValue()).toBe('');
    release();
    await page.getByText(translation('en', 'newsletter.success')).waitFor();
    await context.close();
  });
});
