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

  it('a navigation to a page that never hydrates fails, saying what that page reported and not an earlier one', async () => {
    const { context, page } = await newPage(suite.browser);
    // Pages of our own origin that never hydrate: one whose script fails as it loads, one that is quiet.
    const loud = '<html lang="en"><head><title>t</title></head><body><script>console.error("the loud console"); throw new Error("the loud page");</script></body></html>';
    const quiet = '<html lang="en"><head><title>t</title></head><body><p>Quiet</p></body></html>';
    await page.route(`${suite.server.url}/never-hydrates*`, (route) => route.fulfill({ contentType: 'text/html', body: route.request().url().endsWith('loud') ? loud : quiet }));
    await expect(page.goto(`${suite.server.url}/never-hydrates?loud`)).rejects.toThrow(/did not hydrate within 15 s; meanwhile: .*the loud page/);
    await expect(page.goto(`${suite.server.url}/never-hydrates?quiet`)).rejects.toThrow(/did not hydrate within 15 s; the page reported no error/);
    await context.close();
  }, 60_000);

  it('starts a fresh server whose background jobs never run before the schema exists', async () => {
    // The suite's server began on an empty data directory; its jobs ran once at start.
    await new Promise((done) => setTimeout(done, 1_000));
    expect(suite.server.output()).not.toMatch(/job failed|does not exist/);
  });
});
