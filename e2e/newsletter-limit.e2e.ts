import { describe, expect, it } from 'vitest';
import { expectAxeClean, newPage, useServerAndBrowser } from './support/harness.js';
import { translation } from './support/locales.js';

// A server that accepts one sign-up a minute per address, so the second is really refused.
const suite = useServerAndBrowser({ NEWSLETTER_RATE_LIMIT_PER_MINUTE: '1' });

describe('newsletter refused by the server', () => {
  it('shows the refusal inline and in a toast, keeping the address', async () => {
    const { context, page } = await newPage(suite.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(suite.server.url + '/refused');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const input = page.getByRole('textbox', { name: 'Email address' });
    const subscribe = page.getByRole('button', { name: 'Subscribe' });

    await input.fill('first.reader@example.org');
    await subscribe.click();
    await page.getByText(translation('en', 'newsletter.success')).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');

    await input.fill('second.reader@example.org');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/newsletter/subscriptions')),
      subscribe.click(),
    ]);
    expect(response.status()).toBe(429);
    const message = translation('en', 'errors.rate-limited');
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    await page.getByText(translation('en', 'newsletter.failed')).waitFor();
    expect(await input.inputValue()).toBe('second.reader@example.org');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await page.waitForFunction(() => {
      const toasts = [...document.querySelectorAll('[data-sonner-toast]')];
      return toasts.length > 0 && toasts.every((t) => getComputedStyle(t).opacity === '1' && t.getAnimations().every((a) => a.playState !== 'running'));
    });
    await expectAxeClean(page);
    await context.close();
  });
});
