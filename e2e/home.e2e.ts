import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, newPage, useServerAndBrowser } from './support/harness.js';

const suite = useServerAndBrowser();

async function openHome(page: Page, query = ''): Promise<void> {
  const response = await page.goto(`${suite.server.url}/${query}`);
  expect(response?.status()).toBe(200);
  await page.locator('[data-home-state="ready"]').waitFor();
}

describe('home page', () => {
  it('arrives with its top matches and counts in the HTML and hydrates without an error or a second request for them', async () => {
    const { context, page } = await newPage(suite.browser);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/v1/specialties' || path === '/api/v1/providers') asked.push(path);
    });
    const response = await page.goto(`${suite.server.url}/`);
    const html = (await response?.text()) ?? '';
    // The server read both answers as the visitor: three real matches near New York, and counts.
    expect(html.match(/<bdi>Dr [^<]+<\/bdi>/g)?.length).toBe(3);
    expect(html).toContain('Near New York');
    expect(html.match(/>\d+ providers?</g)?.length).toBe(8);
    await page.locator('[data-home-state="ready"]').waitFor();
    // Once hydrated, the next free times (in the browser's zone) join the matches.
    await page.getByRole('tabpanel').getByText(/^Next available: /).first().waitFor();
    for (const path of ['/about', '/auth/login']) {
      await page.goto(suite.server.url + path);
      await expect.poll(() => page.getByRole('button', { name: /^Sign in$|^Subscribe$/ }).first().isEnabled()).toBe(true);
    }
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows every section in order with specialty counts from the database, and is axe-clean', async () => {
    const { context, page } = await newPage(suite.browser, { timezoneId: 'America/New_York' });
    await openHome(page);
    expect(await page.title()).toBe('Tendwell: find verified care, book and meet online · Tendwell');
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    const order = [
      'Product preview',
      'Tendwell in numbers',
      'Enterprise healthcare infrastructure',
      'Built for United States',
      'Try Tendwell free for 30 days',
      'Browse by specialty',
      'Care that people come back to',
      'How it works',
      'What people say',
      'Professional plan: three months at half price',
      'Frequently asked questions',
      'From the blog',
      'Healthcare infrastructure for your organisation',
      'Care systems around the world',
      'Ready to find care you can trust?',
    ];
    expect(headings.filter((h) => order.includes(h.trim())).map((h) => h.trim())).toEqual(order);

    // The demo directory's counts, read through the API (spec §9).
    const specialties = page.getByRole('region', { name: 'Browse by specialty' });
    const cardiology = specialties.getByRole('link', { name: /Cardiology/ });
    await expect.poll(() => cardiology.textContent()).toContain('42 providers');
    expect(await cardiology.getAttribute('href')).toBe('/providers?specialty=cardiology');
    expect(await specialties.getByRole('link', { name: /Family Medicine/ }).textContent()).toContain('67 providers');
    expect(await specialties.getByRole('link', { name: /Dermatology/ }).getAttribute('href')).toBe('/providers?specialty=dermatology');

    // Calls to action lead where the spec says.
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Get started free' }).getAttribute('href')).toBe('/auth/register');
    expect(await main.getByRole('link', { name: 'Book an appointment' }).getAttribute('href')).toBe('/appointments/book');
    expect(await main.getByRole('link', { name: 'Request a demo' }).first().getAttribute('href')).toBe('/enterprise/demo-request');
    expect(await main.getByRole('link', { name: 'See the roadmap' }).getAttribute('href')).toBe('/enterprise/roadmap');

    // Three blog teasers link to their posts.
    const blog = page.getByRole('region', { name: 'From the blog' });
    const teasers = blog.getByRole('listitem');
    expect(await teasers.count()).toBe(3);
    expect(await teasers.first().getByRole('link').getAttribute('href')).toMatch(/^\/blog\/[a-z0-9-]+$/);

    // Structured data: organisation, software application with its rating, FAQ.
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type']);
    expect(types).toEqual(expect.arrayContaining(['MedicalOrganization', 'SoftwareApplication', 'LocalBusiness', 'FAQPage']));
    await expectAxeClean(page);
    await context.close();
  });

  it('shows the visitor’s emergency number in the hero’s Emergency tab, and the How it works dialog', async () => {
    const { context, page } = await newPage(suite.browser);
    await openHome(page, '?region=GB');
    const tabs = page.getByRole('tablist', { name: 'Product preview' });
    await expect.poll(() => tabs.getByRole('tab', { name: 'AI Matching' }).getAttribute('aria-selected')).toBe('true');
    await tabs.getByRole('tab', { name: 'AI Matching' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.getByRole('tab', { name: 'Emergency' }).getAttribute('aria-selected')).toBe('true');
    const call = page.getByRole('link', { name: 'Call 999' });
    expect(await call.getAttribute('href')).toBe('tel:999');
    await page.getByText('Response Time: <3 minutes').waitFor();
    await tabs.getByRole('tab', { name: 'Clinical Support' }).click();
    await page.getByText('Medication interaction check').waitFor();

    await page.getByRole('button', { name: 'How it works' }).click();
    const dialog = page.getByRole('dialog', { name: 'How Tendwell works' });
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(4);
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A US visitor is told 911.
    await openHome(page, '?region=US');
    await page.getByRole('tab', { name: 'Emergency' }).click();
    await page.getByRole('link', { name: 'Call 911' }).waitFor();
    await context.close();
  });

  it('moves the testimonial carousel forward and back, wrapping at both ends, without rotating for reduced motion', async () => {
    const { context, page } = await newPage(suite.browser, { reducedMotion: 'reduce' });
    await openHome(page);
    const carousel = page.getByRole('region', { name: 'What people say' });
    expect(await carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slide = carousel.getByRole('group');
    await expect.poll(() => slide.getAttribute('aria-label')).toBe('Testimonial 1 of 5');
    expect(await carousel.getByRole('button', { name: 'Pause testimonials' }).count()).toBe(0);
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect.poll(() => slide.getAttribute('aria-label')).toBe('Testimonial 5 of 5');
    await carousel.getByRole('button', { name: 'Next testimonial' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => slide.getAttribute('aria-label')).toBe('Testimonial 1 of 5');
    for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
    await expect.poll(() => slide.getAttribute('aria-label')).toBe('Testimonial 5 of 5');
    await page.keyboard.press('Enter');
    await expect.poll(() => slide.getAttribute('aria-label')).toBe('Testimonial 1 of 5');
    await expect.poll(() => carousel.locator('[aria-live]').getAttribute('aria-live')).toBe('polite');
    // Nothing moves on its own.
    await page.waitForTimeout(7500);
    await expect.poll(() => slide.getAttribute('aria-label')).toBe('Testimonial 1 of 5');
    await context.close();
  });

  it('rotates testimonials for people who do not ask for reduced motion, with a pause button', async () => {
    const { context, page } = await newPage(suite.browser, { reducedMotion: 'no-preference' });
    await openHome(page);
    const carousel = page.getByRole('region', { name: 'What people say' });
    const slide = carousel.getByRole('group');
    await expect.poll(() => slide.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Testimonial 2 of 5');
    await expect.poll(() => carousel.locator('[aria-live]').getAttribute('aria-live')).toBe('off');
    await carousel.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.mouse.move(0, 0);
    await page.getByRole('heading', { level: 1 }).click();
    const paused = await slide.getAttribute('aria-label');
    await page.waitForTimeout(7500);
    await expect.poll(() => slide.getAttribute('aria-label')).toBe(paused);
    await carousel.getByRole('button', { name: 'Play testimonials' }).waitFor();
    await context.close();
  });

  it('keeps one FAQ answer open at a time, collapses it again, and moves with Home, End and arrow keys', async () => {
    const { context, page } = await newPage(suite.browser);
    await openHome(page);
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.getByRole('button');
    expect(await questions.count()).toBe(6);
    await questions.nth(0).click();
    await expect.poll(() => questions.nth(0).getAttribute('aria-expanded')).toBe('true');
    await questions.nth(1).click();
    await expect.poll(() => questions.nth(0).getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => questions.nth(1).getAttribute('aria-expanded')).toBe('true');
    await questions.nth(1).click();
    await expect.poll(() => questions.nth(1).getAttribute('aria-expanded')).toBe('false');

    await questions.nth(0).focus();
    await page.keyboard.press('End');
    await expect.poll(() => questions.nth(5).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(() => questions.nth(0).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => questions.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => questions.nth(1).getAttribute('aria-expanded')).toBe('true');
    await expectAxeClean(page);
    await context.close();
  });

  it('shows a region’s notices, opens the NDIS page in a new tab, and remembers a dismissal on the next visit', async () => {
    const { context, page } = await newPage(suite.browser);
    await openHome(page, '?region=AU');
    const notices = page.getByRole('region', { name: 'Notices for your region' });
    const ndis = notices.getByRole('listitem').filter({ hasText: 'NDIS support is live' });
    await ndis.waitFor();
    const link = ndis.getByRole('link', { name: /How we support the NDIS/ });
    expect(await link.getAttribute('href')).toBe('/ndis');
    expect(await link.getAttribute('target')).toBe('_blank');
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/ndis');
    await popup.close();
    await notices.getByText('Not an emergency service').waitFor();
    await notices.getByText(/call 000 now/).waitFor();
    await expectAxeClean(page);

    await ndis.getByRole('button', { name: 'Dismiss notice: NDIS support is live' }).click();
    await ndis.waitFor({ state: 'detached' });
    // The next visit (the region is remembered) leaves it out, already in the server's HTML.
    await openHome(page);
    await notices.getByText('Not an emergency service').waitFor();
    expect(await page.getByText('NDIS support is live').count()).toBe(0);
    const cookies = await context.cookies();
    const html = await (
      await fetch(suite.server.url + '/', { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } })
    ).text();
    expect(html).not.toContain('data-notification="ndis-registered"');
    expect(html).toContain('data-notification="emergency-services"');
    await context.close();
  });

  it('lets a visitor choose a region with its details: saved, language switched and reloaded', async () => {
    const { context, page } = await newPage(suite.browser, { timezoneId: 'America/New_York' });
    await openHome(page);
    await page.getByRole('banner').getByRole('button', { name: 'Region: United States' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose your region' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button').filter({ hasText: 'Australia' }).count()).toBe(1);
    await dialog.getByRole('switch', { name: 'Show details' }).check();
    const france = dialog.getByRole('button').filter({ hasText: 'France' });
    await france.getByText('Emergency number').waitFor();
    expect(await france.textContent()).toContain('EUR (€)');
    expect(await france.textContent()).toContain('French Health Insurance (Assurance Maladie)');
    await expectAxeClean(page);
    // The page reloads (a new document) 100 ms after the choice.
    const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() });
    await france.click();
    await reloaded;
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.locator('[data-home-state="ready"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await page.evaluate(() => localStorage.getItem('userRegion'))).toBe('FR');
    await page.getByRole('banner').getByRole('button', { name: /France/ }).waitFor();
    await page.getByRole('tablist').getByRole('tab').nth(1).click();
    await page.locator('a[href="tel:15"]').waitFor();
    await context.close();
  });

  it('renders in Arabic right to left with ?lang=ar, axe-clean', async () => {
    const { context, page } = await newPage(suite.browser);
    await openHome(page, '?lang=ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/[\u0600-\u06FF]/);
    await expectAxeClean(page);
    await context.close();
  });
});
