import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectAxeClean, launchBrowser, newPage, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the browser harness', () => {
  it('fails a page that has an accessibility violation', async () => {
    const { context, page } = await newPage(browser);
    // A page of our own origin with an unlabelled input and an image without alt text.
    await page.goto(server.url + '/healthz');
    await page.setContent('<html lang="en"><head><title>t</title></head><body><main><img src="/favicon.svg"><input type="text"></main></body></html>');
    await expect(expectAxeClean(page)).rejects.toThrow(/image-alt|label/);
    await context.close();
  });
});
