import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, newPage, useServerAndBrowser } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * Secure messaging end to end against the real server and its demo data: the demo patient writes
 * to the practice about an appointment with the demo provider and attaches a PDF (a wrong file
 * type is refused with a clear message); the demo provider sees the unread count in the header,
 * opens the practice inbox, reads the message (the patient then sees "Read"), downloads the PDF
 * and answers; the patient sees the answer arrive. axe checks every page state, also in Arabic.
 */
// A small attachment limit, so that the too-large answer can be seen with a small file.
const suite = useServerAndBrowser({ DEMO_MODE: 'true', AUTH_IP_LIMIT_PER_MINUTE: '1000', MESSAGE_ATTACHMENT_MAX_BYTES: '4096' });

const msg = (key: string) => translation('en', key, 'messages');
const appt = (key: string) => translation('en', key, 'appointments');
const common = (key: string) => translation('en', key);

const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const FIRST = `Hello, a question about my medication review ${Date.now()}`;
const WITH_FILE = 'Here are my latest results.';
const TEXT_ALONE = 'And the letter will follow by post.';
const ANSWER = 'Thank you, I have read your results. See you soon.';

async function signedIn(role: string): Promise<Page> {
  const { page } = await newPage(suite.browser, { timezoneId: 'Australia/Sydney' });
  const response = await page.request.post(`${suite.server.url}/api/auth/demo/sign-in`, { data: { role } });
  expect(response.status()).toBe(200);
  return page;
}

async function h1(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** Puts the page's tab in the background or brings it back, as the browser tells the page (document.visibilityState). */
async function setVisibility(page: Page, state: 'hidden' | 'visible') {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => next === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

async function unreadOf(page: Page): Promise<number> {
  const response = await page.request.get(`${suite.server.url}/api/v1/messages/unread`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { unread: number }).unread;
}

function thread(page: Page, name: string) {
  return page.getByRole('list', { name: interpolate(msg('thread.label'), { name }) });
}

describe('secure messaging', () => {

  let patient: Page;
  let provider: Page;
  let conversationId = '';
  let appointmentId = '';

  it('the patient writes to the practice about an appointment and attaches a PDF; a wrong file type is refused', async () => {
    patient = await signedIn('patient');
    await patient.goto(`${suite.server.url}/appointments`);
    await h1(patient, appt('list.title'));
    const link = patient.getByRole('link', { name: new RegExp(`^${appt('messaging.messagePractice')}\\s*:\\s*Demo Provider$`) }).first();
    await link.waitFor();
    await expectAxeClean(patient);
    await link.click();
    await patient.waitForURL(/\/messages\?appointment=[0-9a-f-]{36}$/);
    await h1(patient, msg('page.title'));
    await patient.getByRole('heading', { level: 2, name: msg('start.title') }).waitFor();
    await patient.getByRole('heading', { level: 2, name: msg('list.title') }).waitFor();
    appointmentId = new URL(patient.url()).searchParams.get('appointment') ?? '';
    // Before writing: to whom, and that it continues the conversation the demo patient already has.
    // Names are isolated (U+2068…U+2069), so a right-to-left sentence keeps them whole.
    const isolated = '\u2068Demo Provider\u2069';
    await patient.getByText(interpolate(msg('start.about').split('{{organisation}}')[0]!, { name: isolated })).waitFor();
    await patient.getByText(interpolate(msg('start.continues'), { name: isolated })).waitFor();
    await patient.getByRole('button', { name: msg('start.open') }).waitFor();
    await expectAxeClean(patient);

    // This form takes no file: an empty send asks for a message only.
    await patient.getByLabel(msg('start.label')).fill('   ');
    await patient.getByRole('button', { name: msg('composer.send'), exact: true }).click();
    await patient.getByText(msg('composer.emptyText'), { exact: true }).waitFor();
    expect(await patient.getByText(msg('composer.empty'), { exact: true }).count()).toBe(0);
    await patient.getByLabel(msg('start.label')).fill(FIRST);
    await patient.getByRole('button', { name: msg('composer.send'), exact: true }).click();
    await patient.waitForURL(/\/messages\?conversation=[0-9a-f-]{36}$/);
    conversationId = new URL(patient.url()).searchParams.get('conversation') ?? '';
    await thread(patient, 'Demo Provider').getByText(FIRST).waitFor();
    // The composer of the conversation has the focus after the first message.
    await patient.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    await expectAxeClean(patient);

    // Nothing to send yet: said, and unsaid once there is something.
    await patient.getByRole('button', { name: msg('composer.send'), exact: true }).click();
    await patient.getByText(msg('composer.empty'), { exact: true }).waitFor();

    // A text file is not a PDF or an image: said at once, nothing sent.
    const fileInput = patient.getByLabel(msg('composer.file'));
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') });
    await patient.getByText(msg('errors.attachmentType')).waitFor();
    await expectAxeClean(patient);

    // A PDF over the server's limit, which the hint gives: said as soon as it is chosen, before any upload, and what was written stays.
    await patient.getByText(interpolate(msg('composer.fileHintMax'), { size: '4 kB' })).waitFor();
    const composer = patient.getByLabel(interpolate(msg('composer.label'), { name: 'Demo Provider' }));
    await composer.fill(WITH_FILE);
    await expect.poll(() => patient.getByText(msg('composer.empty'), { exact: true }).count()).toBe(0);
    await fileInput.setInputFiles({ name: 'large.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6000, 0x20), Buffer.from('\n%%EOF\n')]) });
    await expect.poll(() => patient.getByText(msg('errors.attachmentType')).count()).toBe(0);
    await patient.getByText(msg('errors.attachmentTooLarge')).waitFor();
    expect(await composer.inputValue()).toBe(WITH_FILE);
    await expectAxeClean(patient);

    // A text file named .pdf passes the browser's check; the server reads its content and refuses it.
    // Said under the form, and the focus stays on Send (a disabled button would drop it to the body).
    const send = patient.getByRole('button', { name: msg('composer.send'), exact: true });
    const serverError = patient.getByRole('main').getByRole('alert').filter({ hasText: msg('errors.attachmentType') });
    const focused = () => patient.evaluate(() => (document.activeElement === document.body ? 'BODY' : `${document.activeElement?.tagName} ${document.activeElement?.textContent}`));
    const refused = async () => {
      await fileInput.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a PDF') });
      await send.click();
      await serverError.waitFor();
      await expect.poll(focused).toBe(`BUTTON ${msg('composer.send')}`);
    };
    await refused();
    expect(await patient.getByText(msg('errors.attachmentTooLarge')).count()).toBe(0);
    await expectAxeClean(patient);
    // The server's answer goes as soon as what it was about changes: another file, no file, a file
    // refused before sending, or the text.
    await fileInput.setInputFiles({ name: 'other.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await expect.poll(() => serverError.count()).toBe(0);
    await refused();
    await fileInput.setInputFiles([]);
    await expect.poll(() => serverError.count()).toBe(0);
    await refused();
    await fileInput.setInputFiles({ name: 'large.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6000, 0x20), Buffer.from('\n%%EOF\n')]) });
    await patient.getByText(msg('errors.attachmentTooLarge')).waitFor();
    await expect.poll(() => serverError.count()).toBe(0);
    await refused();
    await composer.fill('y'.repeat(5_001));
    await expect.poll(() => serverError.count()).toBe(0);
    await send.click();
    await patient.getByText(interpolate(msg('composer.tooLong'), { max: '5,000' })).waitFor();
    expect(await serverError.count()).toBe(0);
    await composer.fill(WITH_FILE);

    await fileInput.setInputFiles({ name: 'results.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await patient.getByRole('button', { name: msg('composer.send'), exact: true }).click();
    await thread(patient, 'Demo Provider').getByRole('link', { name: /results\.pdf/ }).waitFor();
    await thread(patient, 'Demo Provider').getByText(WITH_FILE).waitFor();
    await patient.getByRole('status').filter({ hasText: msg('composer.sent') }).waitFor({ state: 'attached' });
    expect(await patient.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    // Not read yet: the receipt is still under the patient's earlier message (the demo's history), not these.
    const newest = thread(patient, 'Demo Provider').getByRole('listitem').filter({ hasText: WITH_FILE });
    expect(await newest.getByText(msg('thread.read'), { exact: true }).count()).toBe(0);
    expect(await thread(patient, 'Demo Provider').getByText(msg('thread.read'), { exact: true }).count()).toBeLessThanOrEqual(1);
    await expectAxeClean(patient);

  }, 90_000);

  it('an appointment that is not theirs says so before anything is written; one that is leads to its conversation', async () => {
    await patient.goto(`${suite.server.url}/messages?appointment=${crypto.randomUUID()}`);
    await h1(patient, msg('page.title'));
    await patient.getByRole('alert').getByText(msg('errors.notFound')).waitFor();
    expect(await patient.getByLabel(msg('start.label')).count()).toBe(0);
    // Nothing to retry: the way out is their appointments.
    expect(await patient.getByRole('button', { name: common('queryState.retry') }).count()).toBe(0);
    await expectAxeClean(patient);
    await patient.getByRole('link', { name: msg('start.appointments') }).click();
    await h1(patient, appt('list.title'));

    await patient.goto(`${suite.server.url}/messages?appointment=${appointmentId}`);
    await patient.getByRole('button', { name: msg('start.open') }).click();
    await patient.waitForURL(new RegExp(`/messages\\?conversation=${conversationId}$`));
    await thread(patient, 'Demo Provider').getByText(FIRST).waitFor();
  }, 60_000);

  it('the provider sees the unread count in the header, reads the message, downloads the PDF and answers', async () => {
    provider = await signedIn('provider');
    // What the page sends on its WebSocket, and the send route's requests.
    const framesSent: string[] = [];
    const sendRequests: string[] = [];
    provider.on('websocket', (ws) => ws.on('framesent', (frame) => framesSent.push(String(frame.payload))));
    provider.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/v1\/conversations\/[^/]+\/messages$/.test(new URL(request.url()).pathname)) sendRequests.push(request.url());
    });
    await provider.goto(`${suite.server.url}/provider/dashboard`);
    const unread = `${common('messaging.link')}, ${interpolate(common('messaging.unread_other'), { count: '2' })}`;
    const headerLink = provider.getByRole('banner').getByRole('link', { name: unread, exact: true });
    await headerLink.waitFor();
    // The dashboard leads to the inbox too, with the same count.
    await provider.getByRole('main').getByText(interpolate(common('messaging.unread_other'), { count: '2' })).waitFor();
    await expectAxeClean(provider);
    await headerLink.click();
    await provider.waitForURL(/\/provider\/messages$/);
    await h1(provider, msg('page.practiceTitle'));
    const list = provider.getByRole('list', { name: msg('list.title') });
    const item = list.getByRole('link', { name: /Demo Patient/ });
    await item.getByText(interpolate(msg('list.unread_other'), { count: '2' })).waitFor({ state: 'attached' });
    await expectAxeClean(provider);

    await item.click();
    await provider.waitForURL(new RegExp(`conversation=${conversationId}$`));
    const messages = thread(provider, 'Demo Patient');
    await messages.getByText(FIRST).waitFor();
    await messages.getByText(WITH_FILE).waitFor();
    // Opening it reads it: the header's count goes.
    await provider.getByRole('banner').getByRole('link', { name: common('messaging.link'), exact: true }).waitFor();

    const [download] = await Promise.all([provider.waitForEvent('download'), messages.getByRole('link', { name: /results\.pdf/ }).click()]);
    expect(download.suggestedFilename()).toBe('results.pdf');
    await expectAxeClean(provider);

    await provider.getByLabel(interpolate(msg('composer.label'), { name: 'Demo Patient' })).fill(ANSWER);
    await provider.getByRole('button', { name: msg('composer.send'), exact: true }).click();
    await messages.getByText(ANSWER).waitFor();
    // With the socket open, the answer went over it (message.send), not through the send route.
    expect(framesSent.map((f) => JSON.parse(f) as { type: string; body?: string }).filter((f) => f.type === 'message.send')).toEqual([
      expect.objectContaining({ conversationId, body: ANSWER }),
    ]);
    expect(sendRequests).toEqual([]);
    expect(await provider.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await expectAxeClean(provider);
  }, 90_000);

  it('the patient sees the answer arrive and the read receipt', async () => {
    // The open conversation refreshes itself (every 15 s while visible).
    const messages = thread(patient, 'Demo Provider');
    await messages.getByText(ANSWER).waitFor({ timeout: 30_000 });
    // The receipt has moved under the patient's newest message, and is there once.
    await messages.getByRole('listitem').filter({ hasText: WITH_FILE }).getByText(msg('thread.read'), { exact: true }).waitFor();
    expect(await messages.getByText(msg('thread.read'), { exact: true }).count()).toBe(1);
    await expectAxeClean(patient);
  }, 90_000);

  it('a double click on Send sends the message once', async () => {
    const text = `Just once, please ${Date.now()}`;
    await patient.getByLabel(interpolate(msg('composer.label'), { name: 'Demo Provider' })).fill(text);
    await patient.getByRole('button', { name: msg('composer.send'), exact: true }).dblclick();
    const messages = thread(patient, 'Demo Provider');
    await messages.getByText(text).waitFor();
    // Long enough for a second copy to have come back over the socket, had it been sent.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await messages.getByText(text).count()).toBe(1);
    await patient.reload();
    await thread(patient, 'Demo Provider').getByText(text).waitFor();
    expect(await thread(patient, 'Demo Provider').getByText(text).count()).toBe(1);

    // An empty file is said at once; the text sent without it takes the refusal away with it.
    await patient.getByLabel(msg('composer.file')).setInputFiles({ name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
    await patient.getByText(msg('errors.attachmentEmpty')).waitFor();
    const alone = `${TEXT_ALONE} ${Date.now()}`;
    await patient.getByLabel(interpolate(msg('composer.label'), { name: 'Demo Provider' })).fill(alone);
    await patient.getByRole('button', { name: msg('composer.send'), exact: true }).click();
    await thread(patient, 'Demo Provider').getByText(alone).waitFor();
    await expect.poll(() => patient.getByText(msg('errors.attachmentEmpty')).count()).toBe(0);
    // The provider's open conversation reads it (before the next test listens for reads).
    await thread(patient, 'Demo Provider').getByRole('listitem').filter({ hasText: alone }).getByText(msg('thread.read'), { exact: true }).waitFor({ timeout: 20_000 });
  });

  it('a message that arrives while the tab is in the background is read only when the tab is shown again', async () => {
    // The provider's page still shows the conversation; its tab goes to the background.
    const readRequests: string[] = [];
    provider.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/v1\/conversations\/[^/]+\/read$/.test(new URL(request.url()).pathname)) readRequests.push(request.url());
    });
    await setVisibility(provider, 'hidden');
    const hidden = `Sent while your tab was in the background ${Date.now()}`;
    const sent = await patient.request.post(`${suite.server.url}/api/v1/conversations/${conversationId}/messages`, { data: { body: hidden } });
    expect(sent.status()).toBe(201);
    // The socket's event brings it into the open conversation, but nobody has seen it: still unread.
    await thread(provider, 'Demo Patient').getByText(hidden).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(readRequests).toEqual([]);
    expect(await unreadOf(provider)).toBe(1);

    // Shown again: read now, once.
    await setVisibility(provider, 'visible');
    await expect.poll(() => unreadOf(provider)).toBe(0);
    await provider.getByRole('banner').getByRole('link', { name: common('messaging.link'), exact: true }).waitFor();
    expect(readRequests).toHaveLength(1);
  }, 90_000);

  it('loads earlier messages on demand', async () => {
    // 100 more messages: the conversation now opens on the newest 50, the first ones two steps back.
    // One of them a long unbroken link, which must wrap inside its bubble.
    const longLink = `https://example.test/${'x'.repeat(400)}`;
    for (let i = 1; i <= 50; i += 1) {
      const response = await patient.request.post(`${suite.server.url}/api/v1/conversations/${conversationId}/messages`, { data: { body: `Earlier note ${i}` } });
      expect(response.status()).toBe(201);
    }
    for (let i = 1; i <= 50; i += 1) {
      const response = await patient.request.post(`${suite.server.url}/api/v1/conversations/${conversationId}/messages`, { data: { body: i === 49 ? longLink : `Note ${i}` } });
      expect(response.status()).toBe(201);
    }
    await patient.goto(`${suite.server.url}/messages?conversation=${conversationId}`);
    const messages = thread(patient, 'Demo Provider');
    await messages.getByText('Note 50', { exact: true }).waitFor();
    await messages.getByText(longLink).waitFor();
    // The patient's inbox names the practice each conversation is with.
    expect(await patient.getByRole('list', { name: msg('list.title') }).getByRole('link', { name: /Demo Provider/ }).first().textContent()).toContain('Harbourview Allied Health');
    expect(await patient.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // It opens at the newest message, with the reply box in view.
    await expect
      .poll(() =>
        patient.evaluate(() => {
          const box = document.querySelector('main textarea')!.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    // A text over the limit is kept whole, and sending it says why not.
    const composer = patient.getByLabel(interpolate(msg('composer.label'), { name: 'Demo Provider' }));
    await composer.fill('y'.repeat(5_001));
    expect((await composer.inputValue()).length).toBe(5_001);
    await patient.getByRole('button', { name: msg('composer.send'), exact: true }).click();
    await patient.getByText(interpolate(msg('composer.tooLong'), { max: '5,000' })).waitFor();
    await composer.fill('');
    expect(await messages.getByText(FIRST).count()).toBe(0);
    const earlier = patient.getByRole('button', { name: msg('thread.earlier') });
    await expectAxeClean(patient);
    // From the keyboard: while the page loads and after it, the focus stays on the button (not on
    // the page's body), and the button stays in view.
    await earlier.press('Enter');
    await messages.getByText('Earlier note 1', { exact: true }).waitFor();
    expect(await messages.getByText(FIRST).count()).toBe(0);
    await expect.poll(() => patient.evaluate(() => (document.activeElement === document.body ? 'BODY' : document.activeElement?.textContent))).toBe(msg('thread.earlier'));
    expect(await earlier.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    await earlier.press('Enter');
    await messages.getByText(FIRST).waitFor();
    await messages.getByText(ANSWER).waitFor();
    await earlier.waitFor({ state: 'detached' });
    // The button has gone: the focus stays in the conversation, on its list of messages.
    await patient.waitForFunction(() => document.activeElement?.tagName === 'OL');
    expect(await messages.getByRole('listitem').count()).toBeGreaterThanOrEqual(53);
    // Oldest first.
    const texts = await messages.getByRole('listitem').allInnerTexts();
    expect(texts.findIndex((t) => t.includes(FIRST))).toBeLessThan(texts.findIndex((t) => t.includes('Note 50')));
    await expectAxeClean(patient);
  }, 90_000);

  it('the provider finds a conversation by name, and shows only those with unread messages', async () => {
    await provider.goto(`${suite.server.url}/provider/messages`);
    await h1(provider, msg('page.practiceTitle'));
    // A message the provider has not read (no conversation is open on their page now).
    const response = await patient.request.post(`${suite.server.url}/api/v1/conversations/${conversationId}/messages`, { data: { body: 'One more question.' } });
    expect(response.status()).toBe(201);
    const list = provider.getByRole('list', { name: msg('list.title') });
    const search = provider.getByRole('search', { name: msg('list.searchLabel') });
    const box = search.getByLabel(msg('list.search'));
    const filterOf = () => Object.fromEntries(new URL(provider.url()).searchParams);
    await box.fill('zzqx');
    await box.press('Enter');
    await provider.getByText(interpolate(msg('list.noMatch'), { query: 'zzqx' })).waitFor();
    expect(filterOf()).toEqual({ q: 'zzqx' });
    await expectAxeClean(provider);
    await provider.getByRole('button', { name: msg('list.showAll') }).click();
    await list.getByRole('link', { name: /Demo Patient/ }).waitFor();
    expect(filterOf()).toEqual({});
    // The practice's own name is not repeated under each of its patients (the patient's inbox names it).
    const practiceName = ((await (await provider.request.get(`${suite.server.url}/api/v1/session`)).json()) as { currentTenant: { name: string } }).currentTenant.name;
    expect(await list.getByRole('link', { name: /Demo Patient/ }).first().textContent()).not.toContain(practiceName);
    expect(await box.inputValue()).toBe('');

    // Any case; the count says how many matched.
    await box.fill('demo PATIENT');
    await search.getByRole('button', { name: msg('list.searchButton') }).click();
    await provider.getByRole('status').getByText(interpolate(msg('list.matching_one'), { count: '1' })).waitFor();
    await search.getByRole('checkbox', { name: msg('list.unreadOnly') }).check();
    await expect.poll(filterOf).toEqual({ q: 'demo PATIENT', unread: 'true' });
    const item = list.getByRole('link', { name: /Demo Patient/ });
    await item.getByText(interpolate(msg('list.unread_one'), { count: '1' })).waitFor({ state: 'attached' });
    await expectAxeClean(provider);
    // Opening it keeps the search in the address; once read, it is no longer among the unread.
    await item.click();
    await expect.poll(filterOf).toEqual({ conversation: conversationId, q: 'demo PATIENT', unread: 'true' });
    await thread(provider, 'Demo Patient').getByText('One more question.', { exact: true }).waitFor();
    await provider.getByText(interpolate(msg('list.noMatch'), { query: 'demo PATIENT' })).waitFor();
    // Back to every conversation from the keyboard: the box keeps the search, the checkbox unticks.
    await search.getByRole('checkbox', { name: msg('list.unreadOnly') }).press('Space');
    await list.getByRole('link', { name: /Demo Patient/ }).waitFor();
    expect(filterOf()).toEqual({ conversation: conversationId, q: 'demo PATIENT' });
    await expectAxeClean(provider);

    // An emptied box is no search: the list, and what it says, follow it at once, without a submit.
    const noMatch = provider.getByText(interpolate(msg('list.noMatch'), { query: 'zzqx' }));
    await box.fill('zzqx');
    await box.press('Enter');
    await noMatch.waitFor();
    await box.fill('');
    await expect.poll(filterOf).toEqual({ conversation: conversationId });
    await list.getByRole('link', { name: /Demo Patient/ }).waitFor();
    expect(await noMatch.count()).toBe(0);
    // Unread only then narrows to the unread ones alone, not by the search the box no longer shows.
    await search.getByRole('checkbox', { name: msg('list.unreadOnly') }).check();
    await expect.poll(filterOf).toEqual({ conversation: conversationId, unread: 'true' });
    expect(await noMatch.count()).toBe(0);
    // The checkbox applies the form as it reads: words typed but not submitted narrow the list too.
    await box.fill('zzqx');
    await search.getByRole('checkbox', { name: msg('list.unreadOnly') }).uncheck();
    await expect.poll(filterOf).toEqual({ conversation: conversationId, q: 'zzqx' });
    await noMatch.waitFor();
    await expectAxeClean(provider);
  }, 90_000);

  it('the provider finds a message by its words: the list shows it, and the conversation opens at it, pages back', async () => {
    const token = FIRST.split(' ').pop()!;
    await provider.goto(`${suite.server.url}/provider/messages`);
    await h1(provider, msg('page.practiceTitle'));
    const search = provider.getByRole('search', { name: msg('list.searchLabel') });
    const box = search.getByLabel(msg('list.search'));
    await box.fill(`MEDICATION ${token}`);
    await box.press('Enter');
    const list = provider.getByRole('list', { name: msg('list.title') });
    const item = list.getByRole('link', { name: /Demo Patient/ });
    // The message that matched stands in for the newest one, its words marked.
    await item.getByText(msg('list.found'), { exact: false }).waitFor();
    expect(await item.locator('mark').allInnerTexts()).toEqual(['medication', token]);
    expect(await item.innerText()).not.toContain('Note 50');
    await expectAxeClean(provider);
    await item.click();
    await provider.waitForURL((url) => url.searchParams.get('message') !== null);
    // Fifty later messages: it is on an earlier page, which the conversation reads by itself.
    const found = thread(provider, 'Demo Patient').getByRole('listitem').filter({ hasText: msg('thread.found') });
    await found.getByText(FIRST).waitFor({ timeout: 20_000 });
    expect(await found.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await found.evaluate((node) => {
      const box = node.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })).toBe(true);
    await expectAxeClean(provider);
    // Words of two different messages find nothing.
    await box.fill(`${token} Note`);
    await box.press('Enter');
    await provider.getByText(interpolate(msg('list.noMatch'), { query: `${token} Note` })).waitFor();
    expect(new URL(provider.url()).searchParams.get('message')).toBeNull();
  }, 90_000);

  it('what is typed but not sent is there again on coming back to the conversation', async () => {
    // The practice's staff read the practice's words on /messages too, not a patient's.
    await provider.goto(`${suite.server.url}/messages`);
    await h1(provider, msg('page.practiceTitle'));
    await provider.getByText(msg('page.practiceIntro')).waitFor();
    await provider.goto(`${suite.server.url}/provider/messages?conversation=${conversationId}`);
    await h1(provider, msg('page.practiceTitle'));
    const composer = provider.getByLabel(interpolate(msg('composer.label'), { name: 'Demo Patient' }));
    const draft = `A careful answer, not finished ${Date.now()}`;
    await composer.fill(draft);
    const list = provider.getByRole('list', { name: msg('list.title') });
    const other = list.getByRole('link').filter({ hasNotText: 'Demo Patient' }).first();
    await other.click();
    await expect.poll(() => new URL(provider.url()).searchParams.get('conversation')).not.toBe(conversationId);
    // Another conversation's box is empty: the draft is this conversation's only.
    await expect.poll(() => provider.locator('textarea').first().inputValue()).toBe('');
    await list.getByRole('link', { name: /Demo Patient/ }).click();
    await expect.poll(() => composer.inputValue()).toBe(draft);
    await composer.fill('');
  });

  it('a link to a conversation that is not there (or an id that cannot be one) says so plainly, not as a failure, with the way back', async () => {
    for (const id of ['not-a-conversation', crypto.randomUUID()]) {
      await patient.goto(`${suite.server.url}/messages?conversation=${id}`);
      await h1(patient, msg('page.title'));
      await patient.getByRole('heading', { level: 2, name: msg('missing.title') }).waitFor();
      await patient.getByText(msg('missing.body'), { exact: true }).waitFor();
      expect(await patient.getByText(common('queryState.loadFailed')).count()).toBe(0);
      expect(await patient.getByRole('button', { name: common('queryState.retry') }).count()).toBe(0);
    }
    await expectAxeClean(patient);
    await patient.getByRole('link', { name: msg('missing.back') }).click();
    await expect.poll(() => new URL(patient.url()).search).toBe('');
    await patient.getByText(msg('page.choose')).waitFor();
  });

  it('New message: the patient finds a provider of theirs by name and writes a first message; one with a conversation opens it', async () => {
    await patient.goto(`${suite.server.url}/messages`);
    await h1(patient, msg('page.title'));
    await patient.getByRole('button', { name: msg('recipients.open'), exact: true }).click();
    const panel = patient.getByRole('region', { name: msg('recipients.title') });
    // The panel takes the focus from its button.
    await expect.poll(() => patient.evaluate(() => document.activeElement?.textContent)).toBe(msg('recipients.title'));
    const people = panel.getByRole('list', { name: msg('recipients.title') });
    // Demo Provider (a conversation already) and Dr Amara Chen (an appointment to come, none yet), among others.
    const demoProvider = people.getByRole('button', { name: /Demo Provider/ });
    await demoProvider.getByText(msg('recipients.continues')).waitFor();
    await expectAxeClean(patient);
    // Every word of a name: nobody is called this.
    const box = panel.getByRole('searchbox', { name: msg('recipients.search') });
    await box.fill('Amara nobody-by-this-name');
    await box.press('Enter');
    await panel.getByText(interpolate(msg('recipients.noMatch'), { query: 'Amara nobody-by-this-name' })).waitFor();
    await box.fill('amara chen');
    await box.press('Enter');
    await panel.getByText(interpolate(msg('recipients.matching_one'), { count: '1' })).waitFor();
    const amara = people.getByRole('button', { name: /Dr Amara Chen/ });
    await amara.getByText(/^Next appointment: /).waitFor();
    expect(await people.getByRole('button').count()).toBe(1);
    const written = `A first note for Dr Chen ${Date.now()}`;
    // A retry finds the conversation its first attempt started: choosing opens it.
    const hadConversation = (await amara.getByText(msg('recipients.continues')).count()) > 0;
    await amara.click();
    if (hadConversation) {
      await patient.waitForURL(/\/messages\?conversation=[0-9a-f-]{36}$/);
    } else {
      await patient.waitForURL(/\/messages\?appointment=[0-9a-f-]{36}$/);
      await patient.getByRole('heading', { level: 2, name: msg('start.title') }).waitFor();
      await patient.getByText(interpolate(msg('start.starts'), { name: '\u2068Dr Amara Chen\u2069' })).waitFor();
      // Chosen from the list: the message's box has the focus.
      const first = patient.getByLabel(msg('start.label'));
      await expect.poll(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
      await patient.keyboard.type(written);
      await patient.getByRole('button', { name: msg('composer.send'), exact: true }).click();
      await patient.waitForURL(/\/messages\?conversation=[0-9a-f-]{36}$/);
      await thread(patient, 'Dr Amara Chen').getByText(written).waitFor();
    }
    // Now she is in the conversations, and New message says it continues that conversation.
    await patient.getByRole('list', { name: msg('list.title') }).getByRole('link', { name: /Dr Amara Chen/ }).waitFor();
    const current = new URL(patient.url()).searchParams.get('conversation');
    expect(current).toMatch(/^[0-9a-f-]{36}$/);
    await patient.getByRole('button', { name: msg('recipients.open'), exact: true }).click();
    await panel.getByRole('searchbox', { name: msg('recipients.search') }).fill('Amara');
    await panel.getByRole('searchbox', { name: msg('recipients.search') }).press('Enter');
    const again = people.getByRole('button', { name: /Dr Amara Chen/ });
    await again.getByText(msg('recipients.continues')).waitFor();
    await again.click();
    // The same conversation opens (the one just started), its message there.
    await expect.poll(() => new URL(patient.url()).searchParams.get('conversation')).toBe(current);
    await panel.waitFor({ state: 'detached' });
    await thread(patient, 'Dr Amara Chen').getByText(/^A first note for Dr Chen /).first().waitFor();
    await expectAxeClean(patient);
  }, 90_000);

  it('New message: the provider finds a patient of theirs, and Close puts the focus back on the button', async () => {
    await provider.goto(`${suite.server.url}/provider/messages`);
    await h1(provider, msg('page.practiceTitle'));
    const open = provider.getByRole('button', { name: msg('recipients.open'), exact: true });
    await open.click();
    const panel = provider.getByRole('region', { name: msg('recipients.title') });
    await panel.getByText(msg('recipients.practiceIntro')).waitFor();
    const people = panel.getByRole('list', { name: msg('recipients.title') });
    // The practice's patients, each once; the demo patient's conversation is there already.
    await people.getByRole('button', { name: /Demo Patient/ }).getByText(msg('recipients.continues')).waitFor();
    const names = await people.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.querySelector('bdi')?.textContent));
    expect(new Set(names).size).toBe(names.length);
    await expectAxeClean(provider);
    await panel.getByRole('button', { name: msg('recipients.close'), exact: true }).click();
    await panel.waitFor({ state: 'detached' });
    await provider.getByText(msg('page.choose')).waitFor();
    await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(provider.url()).search).toBe('');
  });

  it('the inbox reads right to left in Arabic', async () => {
    await patient.goto(`${suite.server.url}/messages?lang=ar&conversation=${conversationId}`);
    await h1(patient, translation('ar', 'page.title', 'messages'));
    expect(await patient.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await patient.getByRole('list', { name: interpolate(translation('ar', 'thread.label', 'messages'), { name: 'Demo Provider' }) }).getByText('Note 50', { exact: true }).waitFor();
    await patient.getByRole('button', { name: translation('ar', 'thread.earlier', 'messages') }).waitFor();
    // An English message's one-line preview in the Arabic list keeps its start and is cut at its end.
    const english = `Hi Dr Chen, can I bring my knee X-ray and the letter from my physiotherapist to the follow-up next week? ${Date.now()}`;
    await patient.getByLabel(interpolate(translation('ar', 'composer.label', 'messages'), { name: 'Demo Provider' })).fill(english);
    await patient.getByRole('button', { name: translation('ar', 'composer.send', 'messages'), exact: true }).click();
    const preview = patient.getByRole('main').locator('span[dir="auto"]').filter({ hasText: english });
    await preview.waitFor();
    expect(
      await preview.evaluate((el) => {
        const text = el.firstChild;
        if (!text) return 'no text';
        const range = document.createRange();
        range.setStart(text, 0);
        range.setEnd(text, 2);
        const first = range.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        return [getComputedStyle(el).direction, first.left >= box.left - 1 && first.right <= box.right + 1, el.scrollWidth > el.clientWidth];
      }),
    ).toEqual(['ltr', true, true]);
    // The file field speaks the page's language, not the browser's (English here): before and after a file is chosen.
    const form = patient.getByRole('main').locator('form').last();
    await form.getByText(translation('ar', 'fileInput.choose'), { exact: true }).waitFor();
    await form.getByText(translation('ar', 'fileInput.none'), { exact: true }).waitFor();
    const fileField = patient.getByLabel(translation('ar', 'composer.file', 'messages'));
    await fileField.setInputFiles({ name: 'نتائج.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await form.getByText('نتائج.pdf', { exact: true }).waitFor();
    // The chosen file's name is read with the field.
    expect(await fileField.evaluate((input) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' | '))).toContain('نتائج.pdf');
    await expectAxeClean(patient);
    await patient.context().close();
    await provider.context().close();
  }, 90_000);
});
