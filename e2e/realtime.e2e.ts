import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, focusIsLost, holdRequests, newPage, useServerAndBrowser } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * Live notifications end to end: the demo provider has their dashboard open; in another browser
 * context the demo patient books them; the provider's header bell counts one more unread
 * notification within seconds, with no reload, because the event came over the page's WebSocket
 * (the bell's fallback poll is a minute). Then the provider is signed out elsewhere: the server
 * closes the socket, and the tab shows itself signed out without reconnecting. axe checks every
 * page visited.
 */
// Sessions behind open sockets are re-checked every second here (60 s by default).
const suite = useServerAndBrowser({ DEMO_MODE: 'true', AUTH_IP_LIMIT_PER_MINUTE: '1000', REALTIME_SESSION_CHECK_SECONDS: '1' });

const prov = (key: string) => translation('en', key, 'providers');
const appt = (key: string) => translation('en', key, 'appointments');
const common = (key: string) => translation('en', key);

async function signedIn(role: string): Promise<Page> {
  const { page } = await newPage(suite.browser, { timezoneId: 'Australia/Sydney' });
  const response = await page.request.post(`${suite.server.url}/api/auth/demo/sign-in`, { data: { role } });
  expect(response.status()).toBe(200);
  return page;
}

/** The unread count the bell announces to assistive technology (its visible badge says the same). */
/** The demo provider's first free time, found as the booking page finds it (read with `page`'s session). */
async function demoProviderFirstFree(page: Page) {
  const api = async <T>(path: string): Promise<T> => {
    const res = await page.request.get(`${suite.server.url}${path}`);
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };
  const directory = await api<{ providers: { id: string; displayName: string }[] }>(`/api/v1/providers?query=${encodeURIComponent('Demo Provider')}`);
  const providerId = directory.providers.find((p) => p.displayName === 'Demo Provider')!.id;
  const detail = await api<{ services: { id: string }[] }>(`/api/v1/providers/${providerId}`);
  const free = await api<{ serviceId: string; locationId: string; slots: { start: string }[] }>(`/api/v1/providers/${providerId}/slots?serviceId=${detail.services[0]!.id}`);
  return { providerId, free, startsAt: free.slots[0]!.start };
}

/** The patient books one of the demo provider's free times by the API; the appointment's id. */
async function patientBooks(patient: Page, providerId: string, free: { serviceId: string; locationId: string }, startsAt: string): Promise<string> {
  const booked = await patient.request.post(`${suite.server.url}/api/v1/appointments`, {
    data: { providerId, serviceId: free.serviceId, locationId: free.locationId, startsAt },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { id: string }).id;
}

/** The demo provider, signed in, on their dashboard. */
async function providerDashboard(): Promise<Page> {
  const provider = await signedIn('provider');
  await provider.goto(`${suite.server.url}/provider/dashboard`);
  await provider.getByRole('heading', { level: 1, name: appt('practice.dashboardTitle'), exact: true }).waitFor();
  return provider;
}

async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByRole('banner').getByRole('button', { name: new RegExp(`^${common('notifications.label')}`) });
  const label = (await bell.getAttribute('aria-label')) ?? '';
  if (label === common('notifications.label')) return 0;
  const pattern = interpolate(common('notifications.unread_other'), { count: '(\\d+)' });
  const match = new RegExp(`^${pattern}$`).exec(label);
  if (!match?.[1]) throw new Error(`unexpected bell label: ${label}`);
  return Number(match[1]);
}

function frameText(payload: string | Buffer): string {
  return typeof payload === 'string' ? payload : payload.toString('utf8');
}

describe('live notifications', () => {
  it("a booking by the patient raises the provider's unread count without a reload", async () => {
    const provider = await signedIn('provider');
    // Every frame the provider's page receives on /ws, from before it opens.
    const frames: string[] = [];
    const sockets: WebSocket[] = [];
    provider.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname !== '/ws') return;
      sockets.push(ws);
      ws.on('framereceived', (f) => frames.push(frameText(f.payload)));
    });
    const listed = provider.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/notifications' && r.status() === 200);
    await provider.goto(`${suite.server.url}/provider/dashboard`);
    await provider.getByRole('heading', { level: 1, name: appt('practice.dashboardTitle'), exact: true }).waitFor();
    // The socket is open and greeted before anything is booked; one socket for the tab.
    await expect.poll(() => frames.some((f) => f.includes('"type":"hello"')), { timeout: 10_000 }).toBe(true);
    expect(sockets).toHaveLength(1);
    await provider.getByRole('banner').getByRole('button', { name: new RegExp(`^${common('notifications.label')}`) }).waitFor();
    await listed;
    const before = await unreadCount(provider);
    await expectAxeClean(provider);
    let navigations = 0;
    provider.on('framenavigated', (frame) => {
      if (frame === provider.mainFrame()) navigations += 1;
    });

    // The patient, in a browser context of their own, books the demo provider.
    const patient = await signedIn('patient');
    await patient.goto(`${suite.server.url}/providers?query=${encodeURIComponent('Demo Provider')}`);
    await patient.getByRole('link', { name: 'Demo Provider', exact: true }).first().click();
    await patient.getByRole('heading', { level: 1, name: 'Demo Provider', exact: true }).waitFor();
    await patient.getByRole('heading', { level: 2, name: prov('profile.nextTimes') }).waitFor();
    await expectAxeClean(patient);
    await patient.getByRole('link', { name: prov('profile.book') }).click();
    await patient.getByRole('heading', { level: 1, name: appt('book.title'), exact: true }).waitFor();
    const times = patient.getByRole('group', { name: appt('book.step3') }).locator('[role="radio"][aria-checked="false"]');
    await times.first().waitFor();
    await times.first().click();
    await expectAxeClean(patient);
    await patient.getByRole('button', { name: appt('book.confirm') }).click();
    await patient.getByRole('heading', { name: appt('book.done') }).waitFor();
    const bookedAt = Date.now();

    // The provider's page hears of it over its socket and shows one more within seconds — the
    // bell's fallback poll is every 60 s, so only the socket can explain it.
    await expect.poll(() => frames.some((f) => f.includes('"event":"notification"')), { timeout: 8_000, interval: 50 }).toBe(true);
    await expect.poll(() => unreadCount(provider), { timeout: 8_000, interval: 100 }).toBe(before + 1);
    expect(Date.now() - bookedAt).toBeLessThan(8_000);
    expect(navigations).toBe(0);
    expect(sockets).toHaveLength(1);
    await expectAxeClean(provider);
    await expectAxeClean(patient);
    await patient.context().close();

    // Signed out elsewhere: at its next session check the server closes the socket (4401); the tab
    // re-reads its session instead of reconnecting, and shows itself signed out.
    expect((await provider.request.post(`${suite.server.url}/api/auth/sign-out`, { data: {}, headers: { origin: suite.server.url } })).status()).toBe(200);
    await expect.poll(() => sockets[0]!.isClosed(), { timeout: 10_000 }).toBe(true);
    await provider.getByRole('banner').getByRole('link', { name: common('header.signIn') }).first().waitFor({ timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(sockets).toHaveLength(1);
    await expectAxeClean(provider);
    await provider.context().close();
    // Sign-in, two pages, six axe runs: more than the default minute on a busy machine.
  }, 150_000);

  it("a booking appears in the provider's open calendar day view without a reload", async () => {
    const patient = await signedIn('patient');
    const { providerId, free, startsAt } = await demoProviderFirstFree(patient);
    // The calendar shows the day in the viewer's zone (the browser's here: Sydney).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(startsAt));

    const provider = await signedIn('provider');
    let navigations = 0;
    await provider.goto(`${suite.server.url}/provider/appointments?view=day&date=${day}`);
    await provider.getByRole('heading', { level: 1, name: appt('practice.calendarTitle'), exact: true }).waitFor();
    await provider.getByRole('banner').getByRole('button', { name: new RegExp(`^${common('notifications.label')}`) }).waitFor();
    provider.on('framenavigated', (frame) => {
      if (frame === provider.mainFrame()) navigations += 1;
    });
    // Give the socket a moment to be greeted before the booking.
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const id = await patientBooks(patient, providerId, free, startsAt);

    // Within seconds (the calendar's own poll is a minute): the card, with its message link.
    const card = provider.getByRole('main').locator(`a[href="/provider/messages?appointment=${id}"]`);
    await card.waitFor({ timeout: 8_000 });
    expect(navigations).toBe(0);
    await expectAxeClean(provider);

    // The bell's notice of it opens the calendar's day view of that day (not this week).
    await provider.goto(`${suite.server.url}/provider/dashboard`);
    const bell = provider.getByRole('banner').getByRole('button', { name: new RegExp(`^(${common('notifications.label')}|${interpolate(common('notifications.unread_other'), { count: '\\d+' })})$`) });
    await bell.click();
    const notice = provider.getByRole('dialog').getByRole('link').first();
    await notice.waitFor();
    expect(await notice.getAttribute('href')).toBe(`/provider/appointments?view=day&date=${day}`);
    await notice.click();
    await provider.waitForURL((url) => url.pathname === '/provider/appointments' && url.searchParams.get('date') === day);
    await provider.getByRole('main').locator(`a[href="/provider/messages?appointment=${id}"]`).first().waitFor();
    await patient.context().close();
    await provider.context().close();
  }, 120_000);

  it('Mark all as read keeps the keyboard in the panel: on the button while it marks, then on the heading', async () => {
    // The patient books the demo provider by the API, which gives the provider an unread notification.
    const patient = await signedIn('patient');
    const { providerId, free, startsAt } = await demoProviderFirstFree(patient);
    await patientBooks(patient, providerId, free, startsAt);
    await patient.context().close();

    const provider = await providerDashboard();
    const unreadBell = provider.getByRole('banner').getByRole('button', { name: new RegExp(`^${interpolate(common('notifications.unread_other'), { count: '\\d+' })}$`) });
    await unreadBell.click();
    const panel = provider.getByRole('dialog');
    const markAll = panel.getByRole('button', { name: common('notifications.markAll') });
    await markAll.waitFor();
    await expectAxeClean(provider);

    // Pressed with the keyboard, its request held: busy, not disabled, so the focus stays on it.
    const marking = await holdRequests(provider, 'POST', (url) => url.pathname === '/api/v1/notifications/read-all');
    await markAll.focus();
    await provider.keyboard.press('Enter');
    await marking.held;
    await expect.poll(() => markAll.evaluate((el) => el.matches(':disabled, [aria-disabled="true"]'))).toBe(true);
    expect(await focusIsLost(provider)).toBe(false);
    expect(await markAll.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await markAll.getAttribute('aria-disabled')).toBe('true');
    await marking.release();
    // All read: the button goes, and the focus goes to the panel's heading, not the page's body.
    await provider.getByRole('banner').getByRole('button', { name: common('notifications.label'), exact: true }).waitFor();
    await markAll.waitFor({ state: 'detached' });
    expect(await focusIsLost(provider)).toBe(false);
    expect(await panel.getByRole('heading', { name: common('notifications.title') }).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(provider);
    await provider.context().close();
  }, 120_000);

  it('the bell shows a page at a time with Show earlier, and opening a notification marks it read', async () => {
    // The patient books NOTIFICATIONS_LIMIT + 1 times that do not overlap: as many notifications for the provider.
    const patient = await signedIn('patient');
    const { providerId, free } = await demoProviderFirstFree(patient);
    const starts: string[] = [];
    for (const slot of free.slots) {
      if (starts.length === 0 || Date.parse(slot.start) >= Date.parse(starts.at(-1)!) + 2 * 3_600_000) starts.push(slot.start);
    }
    expect(starts.length).toBeGreaterThanOrEqual(21);
    for (const startsAt of starts.slice(0, 21)) await patientBooks(patient, providerId, free, startsAt);
    await patient.context().close();

    const provider = await providerDashboard();
    await expect.poll(() => unreadCount(provider)).toBeGreaterThanOrEqual(21);
    const unreadBefore = await unreadCount(provider);
    await provider.getByRole('banner').getByRole('button', { name: new RegExp(`^${common('notifications.label')}`) }).click();
    const panel = provider.getByRole('dialog');
    const links = panel.getByRole('link');
    const earlier = panel.getByRole('button', { name: common('notifications.earlier') });
    await earlier.waitFor();
    expect(await links.count()).toBe(20);
    // Unread ones say so to a screen reader, not only with the dot.
    expect(await links.first().textContent()).toContain(common('notifications.unreadItem'));
    await expectAxeClean(provider);

    // With the keyboard: the earlier ones are added below, and the focus goes to the first of them.
    await earlier.focus();
    await provider.keyboard.press('Enter');
    await expect.poll(() => links.count()).toBeGreaterThan(20);
    const twentyFirst = links.nth(20);
    await expect.poll(() => twentyFirst.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await focusIsLost(provider)).toBe(false);
    // No more after these: the button is gone.
    await earlier.waitFor({ state: 'detached' });
    await expectAxeClean(provider);

    // Opening the newest (unread) one follows its link and marks it read: the count drops by one, also after a reload.
    const newest = links.first();
    const label = (await newest.textContent()) ?? '';
    await newest.click();
    await provider.waitForURL((url) => url.pathname === '/provider/appointments');
    await expect.poll(() => unreadCount(provider)).toBe(unreadBefore - 1);
    await provider.reload();
    await expect.poll(() => unreadCount(provider)).toBe(unreadBefore - 1);
    await provider.getByRole('banner').getByRole('button', { name: new RegExp(`^${common('notifications.label')}`) }).click();
    const reopened = provider.getByRole('dialog').getByRole('link').first();
    await reopened.waitFor();
    expect(await reopened.textContent()).toBe(label.replace(common('notifications.unreadItem') + ' ', ''));
    await provider.context().close();
  }, 120_000);
});
