import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { spawnServer } from '../../src/server/testing/server-process.js';
import { afterAll, beforeAll } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface TestServer {
  url: string;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the built server (as `npm start` runs it) on a random port with a fresh embedded database. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(join(ROOT, 'build/web/server/index.js'))) {
    throw new Error('The app is not built: run `npm run build` (npm test does this before the browser tier).');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'tendwell-e2e-'));
  // Browser tests keep the production newsletter limit unless a test sets another.
  const server = spawnServer({ DATA_DIR: dataDir, NEWSLETTER_RATE_LIMIT_PER_MINUTE: '10', ...env });
  let timer: NodeJS.Timeout | undefined;
  const url = await Promise.race([
    server.url,
    new Promise<never>((_done, fail) => {
      timer = setTimeout(() => fail(new Error('server did not start within 60 s:\n' + server.output())), 60_000);
    }),
  ]).finally(() => clearTimeout(timer));
  return {
    url,
    dataDir,
    output: server.output,
    async stop() {
      server.kill('SIGTERM');
      await server.exit;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function chromePath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, through playwright-core (which never downloads a browser). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

export async function newPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    reducedMotion?: 'reduce' | 'no-preference';
    timezoneId?: string;
    /** The app registers a service worker; only its own test lets it run (it would cache assets). */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    serviceWorkers: options.serviceWorkers ?? 'block',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  waitForHydrationOnNavigation(page);
  return { context, page };
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits until every toast is still and whole: its entrance or exit has finished (a toast that
 * faded out is gone). axe measures blended colours mid-fade.
 */
export async function settleToasts(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(
    () => [...document.querySelectorAll('[data-sonner-toast]')].every((t) => getComputedStyle(t).opacity === '1' && t.getAnimations().every((a) => a.playState !== 'running')),
    null,
    timeout === undefined ? {} : { timeout },
  );
}

/** Whether every node of these violations is inside a toast that is fading out or gone. */
async function onlyInFadingToasts(page: Page, violations: { nodes: { target: unknown[] }[] }[]): Promise<boolean> {
  const selectors = violations.flatMap((v) => v.nodes.map((n) => n.target.map(String)));
  return page.evaluate((targets) => {
    return targets.every((target) => {
      // A target inside a frame or shadow root names more than one selector: not a toast of ours.
      if (target.length !== 1) return false;
      const element = document.querySelector(target[0]!);
      const toast = element?.closest('[data-sonner-toast]');
      if (!element) return true;
      if (!toast) return false;
      return toast.getAttribute('data-removed') === 'true' || getComputedStyle(toast).opacity !== '1' || toast.getAnimations().some((a) => a.playState === 'running');
    });
  }, selectors);
}

/** Runs axe on the page as it is now; throws listing every WCAG 2.2 A/AA violation. */
export async function expectAxeClean(page: Page): Promise<void> {
  // From the top of the page: the sticky header covers whatever is scrolled under it, and axe's
  // target-size rule would count a control the person scrolled past as obscured.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Colours still in a CSS transition (a button just clicked) would be judged halfway: wait, at
  // most 2 s, until every transition has ended. Endless animations (spinners) are not waited for.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'), null, {
      timeout: 2_000,
    })
    .catch(() => undefined);
  let results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  // A toast whose time ran out while axe was reading the page is judged halfway through fading
  // (grey text on white). When every violation is inside such a toast, wait until the toasts are
  // still or gone and read the page again: the faded toast is gone, a visible one is judged whole.
  if (results.violations.length > 0 && (await onlyInFadingToasts(page, results.violations))) {
    await settleToasts(page, 5_000).catch(() => undefined);
    results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  }
  if (results.violations.length === 0) return;
  const report = results.violations
    .map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` + v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n'))
    .join('\n');
  throw new Error(`axe found ${results.violations.length} violation(s) on ${page.url()}:\n${report}`);
}

/**
 * Starts a fresh server and a browser for the enclosing test file (beforeAll) and stops both
 * afterwards. Read `suite.server` and `suite.browser` inside tests.
 */
export function useServerAndBrowser(env: Record<string, string> = {}): { readonly server: TestServer; readonly browser: Browser } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the server is not started yet (use it inside a test)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched yet (use it inside a test)');
      return browser;
    },
  };
}

/**
 * Pages are server-rendered: the HTML is there before React has hydrated it, and controls do
 * nothing until then (buttons stay disabled). `goto` and `reload` therefore also wait until the
 * app has marked the document hydrated, as a person waits for a page to finish loading.
 */
export function waitForHydrationOnNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  // What the page said went wrong, so that a page that never hydrates says why: the last few
  // reports only (a page lives for a whole test), each numbered, so a navigation knows which are its own.
  let reported = 0;
  const recent: { at: number; text: string }[] = [];
  const note = (text: string) => {
    recent.push({ at: reported++, text });
    if (recent.length > 20) recent.shift();
  };
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
  page.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`));
  const settle = async <R extends Awaited<ReturnType<Page['goto']>>>(response: R, since: number): Promise<R> => {
    const type = response?.headers()['content-type'] ?? '';
    if (!type.startsWith('text/html')) return response;
    try {
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 15_000 });
    } catch (error) {
      const said = recent.filter((p) => p.at >= since).map((p) => p.text);
      throw new Error(`${page.url()} did not hydrate within 15 s; ${said.length > 0 ? `meanwhile: ${said.slice(-10).join(' | ')}` : 'the page reported no error'}`, { cause: error });
    }
    return response;
  };
  page.goto = async (url, options) => {
    const since = reported;
    return settle(await goto(url, options), since);
  };
  page.reload = async (options) => {
    const since = reported;
    return settle(await reload(options), since);
  };
}

/**
 * Holds the page's requests whose method and URL `matches` picks (others go through) until
 * `release()`, so a test can read a control while its request is on its way (busy, still
 * focused). `held` resolves once the first such request is waiting.
 */
export async function holdRequests(page: Page, method: string, matches: (url: URL) => boolean): Promise<{ held: Promise<void>; release(): Promise<void> }> {
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  const sent: Promise<void>[] = [];
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    arrived();
    const going = released.then(() => route.continue());
    sent.push(going);
    await going;
  };
  await page.route(matches, handler);
  return {
    held,
    async release() {
      letGo();
      // Unrouted once the held requests have gone on (an unroute would answer them otherwise).
      await Promise.all(sent);
      await page.unroute(matches, handler);
    },
  };
}

/** Whether the keyboard focus is on the page's body (or nowhere): where it falls from a control that went or was disabled. */
export function focusIsLost(page: Page): Promise<boolean> {
  return page.evaluate(() => !document.activeElement || document.activeElement === document.body);
}
