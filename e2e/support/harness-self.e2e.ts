import { describe, expect, it } from 'vitest';
import { expectAxeClean, newPage, useServerAndBrowser } from './harness.js';

const suite = useServerAndBrowser();

describe('the browser harness', () => {
  it('fails a page that has an accessibility violation', async () => {
    const { context, page } = await newPage(suite.browser);
    // A page of our own origin with an unlabelled input and an image without alt text.
    await page.goto(suite.server.url + '/healthz');
    await page.setContent('<html lang="en"><head><title>t</title></head><body><main><img src="/favicon.svg"><input type="text"></main></body></html>');
    await expect(expectAxeClean(page)).rejects.toThrow(/image-alt|label/);
    await context.close();
  });

  it('starts a fresh server whose background jobs never run before the schema exists', async () => {
    // The suite's server began on an empty data directory; its jobs ran once at start.
    await new Promise((done) => setTimeout(done, 1_000));
    expect(suite.server.output()).not.toMatch(/job failed|does not exist/);
  });
});
