import { describe, expect, it } from 'vitest';
import { CONTENT_PAGE_PATHS } from '../src/shared/public-pages.js';
import { expectAxeClean, newPage, useServerAndBrowser } from './support/harness.js';

const suite = useServerAndBrowser();
const PAGES = [...CONTENT_PAGE_PATHS, '/blog', '/blog/how-we-verify-providers'];

describe('public pages', () => {
  it.each(PAGES)('%s renders in English and in Arabic (right to left), axe-clean', async (path) => {
    const { context, page } = await newPage(suite.browser);
    const english = await page.goto(suite.server.url + path);
    expect(english?.status()).toBe(200);
    const h1 = page.getByRole('heading', { level: 1 });
    const englishHeading = (await h1.textContent())?.trim() ?? '';
    expect(englishHeading).not.toBe('');
    expect(await page.title()).toMatch(/ · Tendwell$/);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    await expectAxeClean(page);

    const arabic = await page.goto(`${suite.server.url}${path}?lang=ar`);
    expect(arabic?.status()).toBe(200);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const arabicHeading = (await h1.textContent())?.trim() ?? '';
    expect(arabicHeading).not.toBe(englishHeading);
    expect(arabicHeading).toMatch(/[\u0600-\u06FF]/);
    await expectAxeClean(page);
    await context.close();
  });

  it('switches a content page to the chosen language in place, and remembers it on the next page', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(suite.server.url + '/about');
    const h1 = page.getByRole('heading', { level: 1 });
    const before = await h1.textContent();
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(() => h1.textContent()).not.toBe(before);
    await page.goto(suite.server.url + '/privacy');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expectAxeClean(page);
    await context.close();
  });

  it('lists the blog posts newest first and opens one', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(suite.server.url + '/blog');
    const posts = page.getByRole('main').getByRole('listitem');
    expect(await posts.count()).toBeGreaterThanOrEqual(6);
    const dates = await page.getByRole('main').locator('time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
    expect([...dates].sort().reverse()).toEqual(dates);
    const first = posts.first().getByRole('link');
    const title = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await expectAxeClean(page);
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await page.waitForURL(suite.server.url + '/blog');
    await context.close();
  });

  it('answers an unknown blog post with the not-found page and HTTP 404', async () => {
    const { context, page } = await newPage(suite.browser);
    const response = await page.goto(suite.server.url + '/blog/no-such-post');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await context.close();
  });
});

describe('service worker', () => {
  it('keeps visited public pages and the offline page for offline use, never API responses', async () => {
    const { context, page } = await newPage(suite.browser, { serviceWorkers: 'allow' });
    await page.goto(suite.server.url + '/about');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The first visit installed the worker; this one goes through it and is kept.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.reload();
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await page.evaluate(() => fetch('/api/v1/site'));

    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(kept).toContain('/about');
    expect(kept).toContain('/offline.html');
    expect(kept.some((url) => url.startsWith('/api/'))).toBe(false);

    await context.setOffline(true);
    await page.reload();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    await page.goto(suite.server.url + '/profile').catch(() => undefined);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await context.setOffline(false);
    await context.close();
  });
});
