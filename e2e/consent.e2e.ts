import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, newPage, useServerAndBrowser } from './support/harness.js';

const suite = useServerAndBrowser();

function banner(page: Page) {
  return page.getByRole('region', { name: 'Cookie consent' });
}

function recordAnalytics(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/analytics/events') seen.push(request);
  });
  return seen;
}

describe('cookie banner and preferences', () => {
  it('sends the banner in the HTML of a first visit, and not once a choice is saved', async () => {
    const html = (headers: Record<string, string> = {}) => fetch(suite.server.url + '/about?region=CA', { headers }).then((r) => r.text());
    expect(await html()).toContain('aria-label="Cookie consent"');
    const { context, page } = await newPage(suite.browser);
    await page.goto(suite.server.url + '/about?region=CA');
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect(await html({ cookie })).not.toContain('aria-label="Cookie consent"');
    // And the page does not show it after hydration either.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    expect(await banner(page).count()).toBe(0);
    await context.close();
  });

  it('asks on a first visit, saves a customised choice to the server and does not ask again', async () => {
    const { context, page } = await newPage(suite.browser);
    const analytics = recordAnalytics(page);
    await page.goto(suite.server.url + '/about?region=GB');
    await banner(page).waitFor();
    for (const name of ['Customize', 'Accept Selected', 'Accept All']) await banner(page).getByRole('button', { name }).waitFor();
    await expectAxeClean(page);
    // Nothing non-essential before consent: not one analytics request while browsing.
    await page.getByRole('navigation', { name: 'Primary', exact: true }).getByRole('link', { name: 'Education' }).click();
    await page.waitForURL(suite.server.url + '/education');
    expect(analytics).toHaveLength(0);

    await banner(page).getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await dialog.waitFor();
    // Its name reads as two words, not "EssentialRequired".
    const essential = dialog.getByRole('switch', { name: 'Essential Required', exact: true });
    expect(await essential.isDisabled()).toBe(true);
    expect(await essential.getAttribute('aria-checked')).toBe('true');
    await dialog.getByText('Required', { exact: true }).waitFor();
    await expectAxeClean(page);
    // Cancel discards the change.
    await dialog.getByRole('switch', { name: /Analytics/ }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await banner(page).getByRole('button', { name: 'Customize' }).click();
    expect(await dialog.getByRole('switch', { name: /Analytics/ }).getAttribute('aria-checked')).toBe('false');

    await dialog.getByRole('switch', { name: /Analytics/ }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Cookie preferences saved').waitFor();
    await page.getByText('Your cookie preferences have been updated successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await banner(page).count()).toBe(0);
    // Analytics now allowed: a page view is sent and stored.
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/analytics/events'),
      page.getByRole('navigation', { name: 'Primary', exact: true }).getByRole('link', { name: 'About' }).click(),
    ]);
    expect(await response.json()).toEqual({ stored: true });

    // The choice is the server's: a reload, and the record itself, say so.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const consent = (await (await page.request.get(suite.server.url + '/api/v1/cookie-consent?region=GB')).json()) as { consent: Record<string, unknown> };
    expect(consent.consent).toMatchObject({ essential: true, functional: false, analytics: true, marketing: false, consentVersion: '1.0', regionCode: 'GB' });
    await page.waitForTimeout(500);
    expect(await banner(page).count()).toBe(0);

    // The footer reopens the preferences with the saved choice.
    const reopen = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' });
    await reopen.focus();
    await page.keyboard.press('Enter');
    expect(await dialog.getByRole('switch', { name: /Analytics/ }).getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Closed, the focus is back on the button that opened it.
    await expect.poll(() => reopen.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('accepts everything with Accept All, and Accept Selected keeps only the essentials', async () => {
    const all = await newPage(suite.browser);
    await all.page.goto(suite.server.url + '/privacy?region=AU');
    await banner(all.page).getByRole('button', { name: 'Accept All' }).click();
    await all.page.getByText('Cookie preferences saved').waitFor();
    const saved = (await (await all.page.request.get(suite.server.url + '/api/v1/cookie-consent?region=AU')).json()) as { consent: Record<string, unknown> };
    expect(saved.consent).toMatchObject({ functional: true, analytics: true, marketing: true });
    await all.context.close();

    const selected = await newPage(suite.browser);
    const analytics = recordAnalytics(selected.page);
    await selected.page.goto(suite.server.url + '/privacy?region=AU');
    await banner(selected.page).getByRole('button', { name: 'Accept Selected' }).click();
    await selected.page.getByText('Cookie preferences saved').waitFor();
    const essentialOnly = (await (await selected.page.request.get(suite.server.url + '/api/v1/cookie-consent?region=AU')).json()) as { consent: Record<string, unknown> };
    expect(essentialOnly.consent).toMatchObject({ essential: true, functional: false, analytics: false, marketing: false });
    await selected.page.goto(suite.server.url + '/terms');
    await selected.page.getByRole('heading', { level: 1 }).waitFor();
    expect(analytics).toHaveLength(0);
    await selected.context.close();
  });

  it('shows the banner right to left in Arabic', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(suite.server.url + '/about?lang=ar');
    const arabic = page.getByRole('region', { name: 'الموافقة على ملفات تعريف الارتباط' });
    await arabic.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await arabic.getByRole('button', { name: 'قبول الكل' }).waitFor();
    await expectAxeClean(page);
    await context.close();
  });
});
