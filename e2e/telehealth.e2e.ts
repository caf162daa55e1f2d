import { tz } from '@date-fns/tz';
import { format as formatDateFns } from 'date-fns';
import type { Browser, Locator, Page, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../src/testing/smtp-listener.js';
import { createVerifiedPerson, expectToast, settleToasts } from './support/auth-flows.js';
import { expectAxeClean, launchBrowser, newPage, startTestServer, type TestServer } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * Telehealth video visits end to end against the real server, with Chromium's fake camera and
 * microphone: a fresh patient books the demo provider's video consultation starting within the
 * join window; the patient checks their devices and joins the waiting room; the provider sees
 * them waiting on /provider/telehealth; the patient leaves the waiting room and the provider's list
 * stops showing them as waiting, then they wait again; the provider starts the visit and admits them; both see the other's
 * live video, with the connection's quality; a chat message arrives on the other side, and one
 * pasted over the limit is kept and refused; the provider sees when the patient's microphone or
 * camera is off; the patient shares their screen and stops; the patient's network drops and the
 * call carries on and recovers; the patient reloads and is back in the call without a new
 * admission, and a muted microphone stays muted across a reload; the patient joins from a second
 * tab, the first is told and lets go of the call, and takes it back; the provider leaves (the
 * patient is told) and comes back; the provider ends the visit and completes the appointment from
 * the ended visit's page. Each change of stage leaves the
 * keyboard on the new stage's heading. A browser that refuses the camera and microphone gets
 * plain help. Someone else is told the visit does not exist. axe checks every page state.
 */
let smtp: SmtpListener;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpListener();
  [server, browser] = await Promise.all([
    startTestServer({ SMTP_URL: smtp.url, AUTH_IP_LIMIT_PER_MINUTE: '1000', DEMO_MODE: 'true' }),
    launchBrowser(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection', '--autoplay-policy=no-user-gesture-required']),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const th = (key: string) => translation('en', key, 'telehealth');
const appt = (key: string) => translation('en', key, 'appointments');
const common = (key: string) => translation('en', key);
const ZONE = 'Australia/Sydney';
const SERVICE = 'Video consultation';

async function withMedia(page: Page): Promise<Page> {
  await page.context().grantPermissions(['camera', 'microphone'], { origin: server.url });
  return page;
}

async function demo(role: string): Promise<Page> {
  const { page } = await newPage(browser, { timezoneId: ZONE });
  const response = await page.request.post(`${server.url}/api/auth/demo/sign-in`, { data: { role } });
  expect(response.status()).toBe(200);
  return withMedia(page);
}

async function h1(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

function remoteVideo(page: Page, name: string): Locator {
  return page.locator(`video[aria-label="${interpolate(th('call.videoOf'), { name })}"]`);
}

/** Waits until the other person's video is connected and really playing (frames with a size, time moving on). */
async function expectLiveVideo(page: Page, name: string): Promise<void> {
  const video = remoteVideo(page, name);
  await page.locator(`video[aria-label="${interpolate(th('call.videoOf'), { name })}"][data-connection="connected"]`).waitFor({ timeout: 30_000 });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  // Time moves on in one stream. After a reconnection the call may hand the element a new stream
  // (whose time starts again at 0), so progress counts from the first reading of the current one.
  const read = () =>
    video.evaluate((v: HTMLVideoElement) => ({ stream: v.srcObject instanceof MediaStream ? v.srcObject.id : '', time: v.currentTime }));
  let baseline = await read();
  await expect
    .poll(
      async () => {
        const now = await read();
        if (now.stream !== baseline.stream || now.time < baseline.time) baseline = now;
        return now.time - baseline.time;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0.3);
  // The connection's state is said in words, not only in the element's data.
  await page.getByRole('status').filter({ hasText: th('call.states.connected') }).first().waitFor();
}

/** The keyboard is on this element (a stage's heading after the page moved on, say), not thrown back to the body. */
/** The provider ends the visit ("End visit", confirmed); the page says it ended, with the focus on that. */
async function endVisit(provider: Page): Promise<void> {
  await provider.getByRole('button', { name: th('end.end'), exact: true }).click();
  const endDialog = provider.getByRole('alertdialog', { name: th('end.endTitle') });
  await endDialog.getByRole('button', { name: th('end.endConfirm') }).click();
  const ended = provider.getByRole('heading', { level: 2, name: th('phase.ended') });
  await ended.waitFor();
  await expectFocused(ended);
}

async function expectFocused(locator: Locator): Promise<void> {
  await expect.poll(() => locator.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
}

/**
 * The microphone's button in the call's controls, in each of its states. Exact names: 'Mute
 * microphone' is also a part of 'Unmute microphone'.
 */
function microphoneButtons(page: Page): { mute: Locator; unmute: Locator } {
  const controls = page.getByRole('group', { name: th('call.controls') });
  return { mute: controls.getByRole('button', { name: th('call.mute'), exact: true }), unmute: controls.getByRole('button', { name: th('call.unmute'), exact: true }) };
}

/** The other person's tile: their video and its caption (which names the figure). */
function remoteTile(page: Page, name: string): Locator {
  return page.locator('figure').filter({ has: remoteVideo(page, name) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function today(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

/**
 * The demo provider takes bookings at five-minute steps with no notice, all day today and
 * tomorrow, with the time around now freed; the patient books their video consultation at its
 * first free time, and this waits until the join window is open. Each call starts afresh (a
 * retried test books again).
 */
async function bookVideoVisitNow(provider: Page, patient: Page, reason: string): Promise<{ id: string; startsAt: number }> {
  const availability = (await (await provider.request.get(`${server.url}/api/v1/practice/availability`)).json()) as {
    providerId: string;
    settings: Record<string, unknown>;
    locations: { id: string; kind: string; weeklyHours: unknown[] }[];
    services: { id: string; name: string; mode: string }[];
  };
  const location = availability.locations.find((l) => l.kind === 'practice')!;
  // Weekly breaks (the demo's lunch hour) apply on a changed date too: none for this test, or a
  // run at lunchtime in Sydney would find its first free time an hour away.
  const hours = await provider.request.put(`${server.url}/api/v1/practice/locations/${location.id}/hours`, { data: { weeklyHours: location.weeklyHours, breaks: [] } });
  expect(hours.status()).toBe(200);
  const service = availability.services.find((s) => s.mode === 'telehealth' && s.name === SERVICE)!;
  expect(service).toBeDefined();
  const settings = await provider.request.put(`${server.url}/api/v1/practice/availability/settings`, {
    data: { ...availability.settings, slotIntervalMinutes: 5, minimumNoticeMinutes: 0, acceptingNewPatients: true },
  });
  expect(settings.status()).toBe(200);
  for (const day of [today(), today(1)]) {
    const set = await provider.request.put(`${server.url}/api/v1/practice/locations/${location.id}/overrides/${day}`, { data: { hours: [{ start: '00:00', end: '24:00' }], note: '' } });
    expect(set.status()).toBe(200);
  }
  // The demo calendar (or an earlier test) may hold an appointment now: cancel what has not
  // started, and mark what started and nobody checked in as a no-show (both free the time).
  const from = new Date(Date.now() - 2 * 3_600_000).toISOString();
  const to = new Date(Date.now() + 2 * 3_600_000).toISOString();
  const busy = (await (await provider.request.get(`${server.url}/api/v1/practice/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).json()) as {
    appointments: { id: string; actions: string[]; endsAt: string }[];
  };
  for (const a of busy.appointments) {
    if (new Date(a.endsAt).getTime() < Date.now()) continue;
    const action = a.actions.includes('cancel') ? 'cancel' : a.actions.includes('mark_no_show') ? 'mark_no_show' : null;
    if (!action) continue;
    const freed = await provider.request.post(`${server.url}/api/v1/practice/appointments/${a.id}/actions`, { data: { action, reason: 'Room needed for a test visit' } });
    expect(freed.status()).toBe(200);
  }

  const slots = (await (
    await patient.request.get(`${server.url}/api/v1/providers/${availability.providerId}/slots?serviceId=${service.id}&locationId=${location.id}&from=${encodeURIComponent(new Date().toISOString())}&days=2`)
  ).json()) as { slots: { start: string }[] };
  const first = slots.slots[0];
  expect(first).toBeDefined();
  const startsAt = new Date(first!.start).getTime();
  // The join window opens 15 minutes before the start: now, or (behind a visit that cannot be
  // moved) within a few minutes, which the test then waits for.
  const opensIn = startsAt - 15 * 60_000 - Date.now();
  expect(opensIn).toBeLessThan(5 * 60_000);
  const booked = await patient.request.post(`${server.url}/api/v1/appointments`, {
    data: { providerId: availability.providerId, serviceId: service.id, locationId: location.id, startsAt: first!.start, reason },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(booked.status()).toBe(201);
  const id = ((await booked.json()) as { id: string }).id;
  if (opensIn > 0) await new Promise((resolve) => setTimeout(resolve, opensIn + 1000));
  return { id, startsAt };
}

/** A fresh patient with a password, signed in, camera and microphone allowed. */
async function freshPatient(label: string): Promise<{ page: Page; name: string; email: string; password: string }> {
  const person = await createVerifiedPerson(server.url, smtp, label);
  const { page } = await newPage(browser, { timezoneId: ZONE });
  const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password }, headers: { origin: server.url } });
  expect(signIn.status()).toBe(200);
  return { page: await withMedia(page), name: person.name, email: person.email, password: person.password };
}

describe('a video visit that ended with nothing written in its chat', () => {
  it('its page says, to the provider and to the patient, that nothing was written in the chat', async () => {
    const patient = await freshPatient('quietpatient');
    const provider = await demo('provider');
    // Booked afresh on each attempt; cancelled at the end, so the next tests find the time free.
    const { id } = await bookVideoVisitNow(provider, patient.page, 'A quiet video check-up');

    // The provider starts the visit and ends it before anyone has written anything.
    await provider.goto(`${server.url}/appointments/telehealth/${id}`);
    await h1(provider, SERVICE);
    await provider.getByText(th('join.providerHelp')).waitFor();
    await provider.getByRole('button', { name: th('join.start'), exact: true }).click();
    await provider.getByRole('heading', { level: 2, name: th('call.title') }).waitFor();
    await endVisit(provider);

    // The transcript is there, and says that nothing was written (not an empty list).
    const transcript = provider.getByRole('region', { name: th('chat.transcriptTitle') });
    await transcript.getByText(th('chat.transcriptNone'), { exact: true }).waitFor();
    expect(await transcript.getByRole('list').count()).toBe(0);
    expect(await transcript.getByRole('textbox').count()).toBe(0);
    await expectAxeClean(provider);

    // The patient, who never joined, reads the same on the ended visit's page.
    await patient.page.goto(`${server.url}/appointments/telehealth/${id}`);
    await h1(patient.page, SERVICE);
    await patient.page.getByText(th('phase.ended'), { exact: true }).first().waitFor();
    const patientTranscript = patient.page.getByRole('region', { name: th('chat.transcriptTitle') });
    await patientTranscript.getByText(th('chat.transcriptNone'), { exact: true }).waitFor();
    expect(await patientTranscript.getByRole('list').count()).toBe(0);
    await expectAxeClean(patient.page);

    // Nobody was let in, so the appointment was never checked in: the practice cancels it, and
    // the time is free for the visit the next tests book.
    const cancelled = await provider.request.post(`${server.url}/api/v1/practice/appointments/${id}/actions`, { data: { action: 'cancel', reason: 'Test visit over' } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await patient.page.context().close();
    await provider.context().close();
  }, 7 * 60_000);
});

describe('telehealth video visits', () => {
  let patient: Page;
  let provider: Page;
  let patientName = '';
  let patientLogin = { email: '', password: '' };
  let appointmentId = '';
  let startsAt = 0;

  it('sets up a video consultation with the demo provider that starts within the join window', async () => {
    const person = await freshPatient('telepatient');
    patientName = person.name;
    patientLogin = { email: person.email, password: person.password };
    patient = person.page;

    provider = await demo('provider');
    const booked = await bookVideoVisitNow(provider, patient, 'Video check-up');
    appointmentId = booked.id;
    startsAt = booked.startsAt;
  }, 7 * 60_000);

  it('when the browser refuses the camera and microphone, the device check says how to allow them', async () => {
    // Without Chromium's automatic yes (--use-fake-ui-for-media-stream) and without the permission
    // granted, getUserMedia is refused as when a person blocks it: NotAllowedError.
    const refusing = await launchBrowser(['--use-fake-device-for-media-stream']);
    try {
      const { context, page } = await newPage(refusing, { timezoneId: ZONE });
      const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, { data: patientLogin, headers: { origin: server.url } });
      expect(signIn.status()).toBe(200);
      await page.goto(`${server.url}/appointments/telehealth/${appointmentId}`);
      await h1(page, SERVICE);
      await page.getByRole('heading', { level: 2, name: th('devices.title') }).waitFor();
      const help = page.getByRole('status').filter({ hasText: th('devices.problems.denied.title') });
      await help.getByText(th('devices.problems.denied.help')).waitFor({ timeout: 20_000 });
      await help.getByText(th('devices.canStillJoin')).waitFor();
      // The empty lists say why, as the help does, not that none were found.
      for (const name of [th('devices.camera'), th('devices.microphone')]) {
        expect(await page.getByRole('combobox', { name }).locator('option').allTextContents()).toEqual([th('devices.permissionNeeded')]);
      }
      await page.getByText(th('devices.noPreview')).waitFor();
      expect(await page.locator(`video[aria-label="${th('devices.preview')}"]`).count()).toBe(0);
      await page.getByRole('button', { name: th('join.join'), exact: true }).waitFor();
      await expectAxeClean(page);

      // The person allows the camera and microphone (beside the address bar) and tries again.
      await context.grantPermissions(['camera', 'microphone'], { origin: server.url });
      await help.getByRole('button', { name: th('devices.tryAgain'), exact: true }).click();
      const preview = page.locator(`video[aria-label="${th('devices.preview')}"]`);
      await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await page.getByText(th('devices.problems.denied.title')).count()).toBe(0);
      await context.close();
    } finally {
      await refusing.close();
    }
  }, 60_000);

  it('the patient checks camera and microphone, joins and waits to be let in', async () => {
    await patient.goto(`${server.url}/appointments`);
    await h1(patient, appt('list.title'));
    const join = patient.getByRole('link', { name: new RegExp(`^${appt('telehealth.join')}\\s*:\\s*Demo Provider$`) });
    await join.waitFor();
    await expectAxeClean(patient);
    await join.click();
    await patient.waitForURL(new RegExp(`/appointments/telehealth/${appointmentId}$`));
    await h1(patient, SERVICE);
    await patient.getByRole('heading', { level: 2, name: th('devices.title') }).waitFor();
    // The fake camera shows in the preview; both devices can be chosen; the level meter is there.
    const preview = patient.locator(`video[aria-label="${th('devices.preview')}"]`);
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await patient.getByLabel(th('devices.camera')).locator('option').count()).toBeGreaterThan(0);
    expect(await patient.getByLabel(th('devices.microphone')).locator('option').count()).toBeGreaterThan(0);
    await patient.getByRole('meter', { name: th('devices.level') }).waitFor();
    await patient.getByText(th('join.patientHelp')).waitFor();
    await expectAxeClean(patient);

    await patient.getByRole('button', { name: th('join.join'), exact: true }).click();
    await patient.getByRole('heading', { level: 2, name: th('waiting.title') }).waitFor();
    // The Join button is gone: the keyboard is on the waiting room's heading, not back at the top of the page.
    await expectFocused(patient.getByRole('heading', { level: 2, name: th('waiting.title') }));
    await patient.getByRole('status').filter({ hasText: interpolate(th('waiting.body'), { provider: 'Demo Provider' }) }).waitFor();
    await expectAxeClean(patient);
  }, 60_000);

  it('the patient leaves the waiting room: the provider’s list stops showing them as waiting; they come back and wait again', async () => {
    await provider.goto(`${server.url}/provider/telehealth`);
    await h1(provider, th('day.title'));
    const item = provider.getByRole('main').getByRole('listitem').filter({ hasText: patientName }).first();
    await item.getByText(interpolate(th('day.waiting_one'), { count: '1' })).waitFor();
    await expectAxeClean(provider);

    await patient.getByRole('button', { name: th('waiting.leave'), exact: true }).click();
    await patient.waitForURL(new RegExp('/appointments$'));
    await h1(patient, appt('list.title'));
    await expectAxeClean(patient);
    // Live on the provider's list (a `visit` event, no reload): nobody waiting, the patient gone.
    await item.getByText(th('day.nobodyWaiting')).waitFor({ timeout: 15_000 });
    expect(await item.getByText(interpolate(th('day.waiting_one'), { count: '1' })).count()).toBe(0);
    await item.getByText(th('day.gone')).waitFor();
    await expectAxeClean(provider);

    // Back in the waiting room, while the provider is on another page: a toast says who waits.
    await provider.goto(`${server.url}/provider/dashboard`);
    await h1(provider, appt('practice.dashboardTitle'));
    await patient.goto(`${server.url}/appointments/telehealth/${appointmentId}`);
    await h1(patient, SERVICE);
    await patient.getByRole('button', { name: th('join.join'), exact: true }).click();
    await patient.getByRole('heading', { level: 2, name: th('waiting.title') }).waitFor();
    await expectAxeClean(patient);
    await expectToast(provider, interpolate(th('waitingAlert.title'), { name: patientName }), interpolate(th('waitingAlert.body'), { service: SERVICE }));
    await expectAxeClean(provider);
    await provider.getByRole('region', { name: common('toasts.region') }).getByRole('button', { name: th('waitingAlert.open') }).click();
    await provider.waitForURL(new RegExp(`/appointments/telehealth/${appointmentId}$`));
    await h1(provider, SERVICE);
    await provider.goto(`${server.url}/provider/telehealth`);
    await h1(provider, th('day.title'));
    await item.getByText(interpolate(th('day.waiting_one'), { count: '1' })).waitFor({ timeout: 15_000 });
  }, 90_000);

  it('the provider sees them waiting, starts the visit and admits them; both see the other live', async () => {
    await provider.goto(`${server.url}/provider/telehealth`);
    await h1(provider, th('day.title'));
    const item = provider.getByRole('main').getByRole('listitem').filter({ hasText: patientName }).first();
    await item.getByText(interpolate(th('day.waiting_one'), { count: '1' })).waitFor();
    await expectAxeClean(provider);
    await item.getByRole('link', { name: new RegExp(`^(${th('day.start')}|${th('day.join')})\\s*:`) }).click();
    await provider.waitForURL(new RegExp(`/appointments/telehealth/${appointmentId}$`));
    await h1(provider, SERVICE);
    await provider.getByText(th('join.providerHelp')).waitFor();
    await expectAxeClean(provider);
    await provider.getByRole('button', { name: th('join.start'), exact: true }).click();

    // In the call: the waiting room with the patient, the chat, the invitation form.
    await provider.getByRole('heading', { level: 2, name: th('call.title') }).waitFor();
    await expectFocused(provider.getByRole('heading', { level: 2, name: th('call.title') }));
    const admit = provider.getByRole('button', { name: new RegExp(`^${th('provider.admit')}\\s*:\\s*${patientName}$`) });
    await admit.waitFor();
    // The invitation form says what is wrong beside each field.
    const invite = provider.getByRole('region', { name: th('invite.title') });
    await invite.getByRole('button', { name: th('invite.send') }).click();
    await invite.getByText(th('invite.emailRequired')).waitFor();
    await invite.getByText(th('invite.roleRequired')).waitFor();
    const email = invite.getByRole('textbox', { name: th('invite.email') });
    await email.fill('not-an-address');
    await invite.getByRole('button', { name: th('invite.send') }).click();
    await invite.getByText(th('invite.emailInvalid')).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(provider);

    await admit.focus();
    await provider.keyboard.press('Enter');
    await provider.getByText(th('provider.nobodyWaiting')).first().waitFor();
    // The Admit button went with the patient: the keyboard is on the waiting list's heading (nobody else waits).
    await expectFocused(provider.getByRole('heading', { level: 2, name: th('provider.waitingTitle') }));
    // The patient's page moves from the waiting room into the call by itself, and so does their keyboard.
    await patient.getByRole('heading', { level: 2, name: th('call.title') }).waitFor({ timeout: 20_000 });
    await expectFocused(patient.getByRole('heading', { level: 2, name: th('call.title') }));
    await expectLiveVideo(patient, 'Demo Provider');
    await expectLiveVideo(provider, patientName);
    await microphoneButtons(patient).mute.waitFor();
    await expectAxeClean(patient);
    // An invitation sent from the keyboard: the keyboard stays on the form's button while it is
    // sent and after (not thrown back to the page's body), and the invited guest is listed.
    const guestEmail = `carer-${Date.now()}@example.test`;
    await email.fill(guestEmail);
    await invite.getByRole('combobox', { name: th('invite.role') }).selectOption('carer');
    const send = invite.getByRole('button', { name: new RegExp(`^(${escapeRegExp(th('invite.send'))}|${escapeRegExp(th('invite.sending'))})$`) });
    await send.focus();
    await provider.keyboard.press('Enter');
    await expectToast(provider, interpolate(th('invite.sent'), { email: guestEmail }));
    await invite.getByText(guestEmail).waitFor();
    await expectFocused(send);
    expect(await email.inputValue()).toBe('');
    await provider.mouse.move(0, 0);
    await settleToasts(provider);
    await expectAxeClean(provider);
  }, 120_000);

  it('each side sees how good the connection is', async () => {
    for (const [page, name] of [
      [patient, 'Demo Provider'],
      [provider, patientName],
    ] as const) {
      const status = page.locator('figure').filter({ has: remoteVideo(page, name) }).getByRole('status');
      const quality = status.locator('[data-quality]');
      // Read from the connection's statistics every two seconds: a level, the round trip and the loss.
      await quality.waitFor({ timeout: 20_000 });
      const level = await quality.getAttribute('data-quality');
      expect(['good', 'fair', 'poor']).toContain(level);
      const detail = escapeRegExp(th('call.qualityDetail')).replace(escapeRegExp('{{rtt}}'), '\\d+').replace(escapeRegExp('{{loss}}'), '\\d+(\\.\\d)?');
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(new RegExp(`${escapeRegExp(th('call.states.connected'))}\\s*${escapeRegExp(th(`call.quality.${level}`))}\\s*${detail}`));
    }
  }, 60_000);

  it('on a phone, the call’s controls stay in view and the patient’s own picture is a thumbnail', async () => {
    const before = patient.viewportSize();
    await patient.setViewportSize({ width: 390, height: 844 });
    try {
      const controls = patient.getByRole('group', { name: th('call.controls') });
      await controls.getByRole('button', { name: th('call.leave') }).waitFor();
      await expect.poll(async () => {
        const box = await controls.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844 + 1;
      }).toBe(true);
      const own = patient.getByRole('main').locator(`video[aria-label="${th('call.yourVideo')}"]`);
      const ownBox = await own.boundingBox();
      expect(ownBox?.width ?? 0).toBeLessThanOrEqual(390 / 2);
      await expectAxeClean(patient);
    } finally {
      if (before) await patient.setViewportSize(before);
    }
  });

  it('a chat message arrives on the other side', async () => {
    const hello = `Hello from the provider ${Date.now()}`;
    await provider.getByRole('textbox', { name: th('chat.label'), exact: true }).fill(hello);
    await provider.getByRole('button', { name: th('chat.send'), exact: true }).click();
    await provider.getByRole('list', { name: th('chat.messages') }).getByText(hello).waitFor();
    await patient.getByRole('list', { name: th('chat.messages') }).getByText(hello).waitFor({ timeout: 20_000 });
    const answer = 'I can see and hear you.';
    await patient.getByRole('textbox', { name: th('chat.label'), exact: true }).fill(answer);
    await patient.getByRole('button', { name: th('chat.send'), exact: true }).click();
    await provider.getByRole('list', { name: th('chat.messages') }).getByText(answer).waitFor({ timeout: 20_000 });
    await expectAxeClean(patient);
  }, 60_000);

  it('a pasted message over the chat’s 2,000 characters is kept whole, said to be too long and not sent until shortened', async () => {
    const box = patient.getByRole('textbox', { name: th('chat.label'), exact: true });
    const list = provider.getByRole('list', { name: th('chat.messages') });
    const before = await list.getByRole('listitem').count();
    const pasted = `${'A long note. '.repeat(154)}end`.slice(0, 2001);
    expect(pasted).toHaveLength(2001);
    await box.focus();
    await patient.keyboard.insertText(pasted);
    // What the field says under it (its hint and error, tied to it by aria-describedby).
    const description = () =>
      box.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' | '));
    // Nothing cut: all 2,001 characters are in the field, which says it is too long, and how long.
    expect(await box.inputValue()).toBe(pasted);
    const tooLong = interpolate(th('chat.tooLong'), { max: '2,000' });
    await expect.poll(description).toBe(`${interpolate(th('chat.count'), { used: '2,001', max: '2,000' })} | ${tooLong}`);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await patient.locator('p').filter({ hasText: tooLong }).waitFor();
    // And a screen reader hears it as it happens.
    await patient.getByRole('region', { name: th('chat.title') }).getByRole('status').filter({ hasText: tooLong }).waitFor();
    await expectAxeClean(patient);
    // Send refuses it: the text stays and nothing reaches the provider.
    await patient.getByRole('button', { name: th('chat.send'), exact: true }).click();
    expect(await description()).toContain(tooLong);
    expect(await box.inputValue()).toBe(pasted);
    // One character fewer and it is fine again (and would be sent).
    await box.press('End');
    await box.press('Backspace');
    await expect.poll(description).toBe(interpolate(th('chat.count'), { used: '2,000', max: '2,000' }));
    expect(await box.getAttribute('aria-invalid')).toBe('false');
    await box.fill('');
    expect(await list.getByRole('listitem').count()).toBe(before);
  }, 30_000);

  it('the patient turns the camera and microphone off and on again; the provider sees which are off', async () => {
    const controls = patient.getByRole('group', { name: th('call.controls') });
    const tile = remoteTile(provider, patientName);
    const cameraOff = th('call.remote.cameraOff');
    const microphoneOff = th('call.remote.microphoneOff');
    await controls.getByRole('button', { name: th('call.cameraOff') }).click();
    await patient.getByText(th('call.cameraIsOff')).waitFor();
    // Not a black box captioned "Connected": the provider is told, in the tile's caption (its name).
    await tile.getByText(cameraOff, { exact: true }).waitFor({ timeout: 20_000 });
    await provider.getByRole('figure', { name: new RegExp(`^${escapeRegExp(patientName)}.*${escapeRegExp(cameraOff)}`) }).waitFor();
    expect(await tile.getByText(microphoneOff, { exact: true }).count()).toBe(0);
    const microphone = microphoneButtons(patient);
    await microphone.mute.click();
    await microphone.unmute.waitFor();
    await tile.getByText(microphoneOff, { exact: true }).waitFor({ timeout: 20_000 });
    await provider.getByRole('figure', { name: new RegExp(`${escapeRegExp(microphoneOff)}.*${escapeRegExp(cameraOff)}`) }).waitFor();
    await expectAxeClean(patient);
    await provider.mouse.move(0, 0);
    await settleToasts(provider);
    await expectAxeClean(provider);
    await controls.getByRole('button', { name: th('call.cameraOn') }).click();
    await expect.poll(() => tile.getByText(cameraOff, { exact: true }).count(), { timeout: 20_000 }).toBe(0);
    await tile.getByText(microphoneOff, { exact: true }).waitFor();
    await microphone.unmute.click();
    await patient.locator(`video[aria-label="${th('call.yourVideo')}"]`).waitFor();
    await microphone.mute.waitFor();
    await expect.poll(() => tile.getByText(microphoneOff, { exact: true }).count(), { timeout: 20_000 }).toBe(0);
  }, 60_000);

  it('the patient shares their screen, the provider sees it, and the patient stops sharing', async () => {
    const controls = patient.getByRole('group', { name: th('call.controls') });
    const seen = remoteVideo(provider, patientName);
    const aspect = () => seen.evaluate((v: HTMLVideoElement) => (v.videoHeight > 0 ? v.videoWidth / v.videoHeight : 0));
    // Chromium's fake camera is 4:3 (640×480); its fake screen (--use-fake-ui-for-media-stream picks it) is 16:9.
    await expect.poll(aspect, { timeout: 20_000 }).toBeCloseTo(4 / 3, 1);
    await controls.getByRole('button', { name: th('call.share'), exact: true }).click();
    await controls.getByRole('button', { name: th('call.stopSharing'), exact: true }).waitFor();
    const ownScreen = patient.locator(`video[aria-label="${th('call.yourScreen')}"]`);
    await expect.poll(() => ownScreen.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    // The provider now sees the screen instead of the camera, and it keeps playing.
    await expect.poll(aspect, { timeout: 20_000 }).toBeCloseTo(16 / 9, 1);
    const before = await seen.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect.poll(() => seen.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(before + 0.3);
    await expectAxeClean(patient);

    await controls.getByRole('button', { name: th('call.stopSharing'), exact: true }).click();
    await controls.getByRole('button', { name: th('call.share'), exact: true }).waitFor();
    await patient.locator(`video[aria-label="${th('call.yourVideo')}"]`).waitFor();
    expect(await ownScreen.count()).toBe(0);
    await expect.poll(aspect, { timeout: 20_000 }).toBeCloseTo(4 / 3, 1);
  }, 60_000);

  it('the patient’s network drops for a while and the call carries on and recovers', async () => {
    const context = patient.context();
    const call = patient.getByRole('heading', { level: 2, name: th('call.title') });
    const lost = patient.getByRole('status').filter({ hasText: th('page.connectionLost') });
    // Every socket the tab opens from now on, and whether the server greeted it.
    let greetings = 0;
    const onSocket = (socket: WebSocket) => socket.on('framereceived', ({ payload }) => void (String(payload).includes('"type":"hello"') && (greetings += 1)));
    patient.on('websocket', onSocket);
    try {
      // The network goes: the tab's connection to the server breaks, and nothing gets through.
      const cdp = await context.newCDPSession(patient);
      const prototype = await cdp.send('Runtime.evaluate', { expression: 'WebSocket.prototype' });
      const sockets = await cdp.send('Runtime.queryObjects', { prototypeObjectId: prototype.result.objectId! });
      const closed = await cdp.send('Runtime.callFunctionOn', {
        objectId: sockets.objects.objectId!,
        functionDeclaration: 'function () { const open = this.filter((ws) => ws.readyState === WebSocket.OPEN); for (const ws of open) ws.close(); return open.length; }',
        returnByValue: true,
      });
      await cdp.detach();
      await context.setOffline(true);
      expect(closed.result.value).toBe(1);

      // The page says so and keeps the call: the provider's video stays on screen.
      await lost.getByText(th('page.connectionLostHelp')).waitFor({ timeout: 20_000 });
      await call.waitFor();
      expect(await remoteVideo(patient, 'Demo Provider').count()).toBe(1);
      await expectAxeClean(patient);
      // What the patient writes meanwhile is sent once the connection is back.
      const meanwhile = `Written while offline ${Date.now()}`;
      await patient.getByRole('textbox', { name: th('chat.label'), exact: true }).fill(meanwhile);
      await patient.getByRole('button', { name: new RegExp(`^(${th('chat.send')}|${th('chat.sending')})$`) }).click();

      // The network comes back: a new connection, back in the call without being let in again.
      await context.setOffline(false);
      await expect.poll(() => greetings, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => lost.count(), { timeout: 30_000 }).toBe(0);
      await call.waitFor();
      expect(await patient.getByRole('heading', { level: 2, name: th('waiting.title') }).count()).toBe(0);
      await expectLiveVideo(patient, 'Demo Provider');
      await expectLiveVideo(provider, patientName);
      await provider.getByRole('list', { name: th('chat.messages') }).getByText(meanwhile).waitFor({ timeout: 20_000 });
      const reply = `Got it after the drop ${Date.now()}`;
      await provider.getByRole('textbox', { name: th('chat.label'), exact: true }).fill(reply);
      await provider.getByRole('button', { name: th('chat.send'), exact: true }).click();
      await patient.getByRole('list', { name: th('chat.messages') }).getByText(reply).waitFor({ timeout: 20_000 });
      await expectAxeClean(patient);
    } finally {
      // Online again whatever happened, so that a retry or the next step starts from a working network.
      await context.setOffline(false);
      patient.off('websocket', onSocket);
    }
  }, 120_000);

  it('the patient reloads and is back in the call by itself, without being let in again', async () => {
    await patient.reload();
    await h1(patient, SERVICE);
    // No click: the tab was in the call, so it joins again on its own.
    await patient.getByRole('heading', { level: 2, name: th('call.title') }).waitFor();
    expect(await patient.getByRole('heading', { level: 2, name: th('waiting.title') }).count()).toBe(0);
    await expectLiveVideo(patient, 'Demo Provider');
    await expectLiveVideo(provider, patientName);
    // One person is one video: the reloaded tab replaced the old one.
    expect(await remoteVideo(provider, patientName).count()).toBe(1);
    await provider.getByText(th('provider.nobodyWaiting')).first().waitFor();
    // The chat is kept with the visit.
    await patient.getByRole('list', { name: th('chat.messages') }).getByText('I can see and hear you.').waitFor();
    await expectAxeClean(patient);
  }, 90_000);

  it('the patient mutes and reloads: back in the call still muted, on the button and for the provider', async () => {
    const microphoneOff = () => remoteTile(provider, patientName).getByText(th('call.remote.microphoneOff'), { exact: true });
    const { mute, unmute } = microphoneButtons(patient);
    // A retry starts where a failed attempt left the call (muted): unmuted first.
    await patient.getByRole('heading', { level: 2, name: th('call.title') }).waitFor();
    if (await unmute.isVisible()) {
      await unmute.click();
      await mute.waitFor();
    }
    await mute.click();
    await microphoneOff().waitFor({ timeout: 20_000 });
    // The reloaded page's camera and microphone start a second late (a slow device): it still joins
    // the call once, with them, not first without them and again when they come.
    await patient.evaluate(() => sessionStorage.setItem('e2e.slow-media', '1'));
    await patient.addInitScript(() => {
      if (sessionStorage.getItem('e2e.slow-media') !== '1') return;
      sessionStorage.removeItem('e2e.slow-media');
      const devices = navigator.mediaDevices;
      const getUserMedia = devices.getUserMedia.bind(devices);
      devices.getUserMedia = (constraints) => new Promise((resolve) => setTimeout(resolve, 1500)).then(() => getUserMedia(constraints));
    });
    const joins: string[] = [];
    const countJoins = (ws: WebSocket) => ws.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && payload.includes('"visit.join"')) joins.push(payload);
    });
    patient.on('websocket', countJoins);
    await patient.reload();
    await patient.getByRole('heading', { level: 2, name: th('call.title') }).waitFor();
    await unmute.waitFor();
    // The microphone's track is really off, not only the button.
    const ownVideo = patient.locator(`video[aria-label="${th('call.yourVideo')}"]`);
    await expect
      .poll(() => ownVideo.evaluate((v: HTMLVideoElement) => (v.srcObject instanceof MediaStream ? v.srcObject.getAudioTracks().map((track) => track.enabled) : [])), { timeout: 10_000 })
      .toEqual([false]);
    await expectLiveVideo(provider, patientName);
    patient.off('websocket', countJoins);
    expect(joins).toHaveLength(1);
    await microphoneOff().waitFor({ timeout: 20_000 });
    await unmute.click();
    await mute.waitFor();
    await expect.poll(() => microphoneOff().count(), { timeout: 20_000 }).toBe(0);
  }, 90_000);

  it('the patient joins from a second tab: the first is told, lets go of the call, and can take it back', async () => {
    const second = await withMedia(await patient.context().newPage());
    await second.goto(`${server.url}/appointments/telehealth/${appointmentId}`);
    await h1(second, SERVICE);
    await second.getByRole('button', { name: th('join.join'), exact: true }).click();
    await second.getByRole('heading', { level: 2, name: th('call.title') }).waitFor();
    // The first tab says where the call went, instead of a frozen picture reconnecting forever.
    await patient.getByRole('heading', { level: 2, name: th('elsewhere.title') }).waitFor({ timeout: 20_000 });
    expect(await patient.getByRole('heading', { level: 2, name: th('call.title') }).count()).toBe(0);
    expect(await patient.locator('video').count()).toBe(0);
    expect(await patient.getByRole('list', { name: th('chat.messages') }).count()).toBe(0);
    await expectLiveVideo(second, 'Demo Provider');
    await expectLiveVideo(provider, patientName);
    expect(await remoteVideo(provider, patientName).count()).toBe(1);
    await expectAxeClean(patient);

    // Taken back: the first tab is in the call again, and the second is told in turn.
    await patient.getByRole('button', { name: th('elsewhere.takeBack'), exact: true }).click();
    await patient.getByRole('heading', { level: 2, name: th('call.title') }).waitFor();
    await second.getByRole('heading', { level: 2, name: th('elsewhere.title') }).waitFor({ timeout: 20_000 });
    await expectLiveVideo(patient, 'Demo Provider');
    await expectLiveVideo(provider, patientName);
    expect(await remoteVideo(provider, patientName).count()).toBe(1);
    await second.close();
  }, 120_000);

  it('the provider leaves the call and is told what happens to the visit (not the patient’s text), then comes back', async () => {
    // The patient mutes first: the provider, joining again later, learns it when the call connects.
    // A retry may find it muted already.
    const { mute, unmute } = microphoneButtons(patient);
    if (!(await unmute.isVisible())) await mute.click();
    await unmute.waitFor();
    await provider.getByRole('button', { name: th('call.leave'), exact: true }).click();
    await provider.getByText(th('left.title')).waitFor();
    await expectFocused(provider.getByRole('heading', { level: 2, name: th('left.title') }));
    await provider.getByText(th('left.bodyProvider')).waitFor();
    expect(await provider.getByText(th('left.body')).count()).toBe(0);
    await expectAxeClean(provider);
    // Not "Nobody else is in the call yet": the patient is told the provider left.
    await patient.getByRole('status').filter({ hasText: interpolate(th('call.personLeft'), { name: 'Demo Provider' }) }).waitFor({ timeout: 20_000 });
    expect(await patient.getByText(th('call.alone')).count()).toBe(0);
    await expectAxeClean(patient);
    await provider.getByRole('button', { name: th('left.rejoin'), exact: true }).click();
    await expectFocused(provider.getByRole('heading', { level: 2, name: th('devices.title') }));
    await provider.getByRole('button', { name: th('join.start'), exact: true }).click();
    await provider.getByRole('heading', { level: 2, name: th('call.title') }).waitFor();
    await expectFocused(provider.getByRole('heading', { level: 2, name: th('call.title') }));
    await expectLiveVideo(provider, patientName);
    await expectLiveVideo(patient, 'Demo Provider');
    // Back: the patient's line no longer says the provider left; the provider sees the patient is still muted.
    await expect.poll(() => patient.getByText(interpolate(th('call.personLeft'), { name: 'Demo Provider' })).count(), { timeout: 20_000 }).toBe(0);
    await remoteTile(provider, patientName).getByText(th('call.remote.microphoneOff'), { exact: true }).waitFor({ timeout: 20_000 });
    await unmute.click();
    await expect.poll(() => remoteTile(provider, patientName).getByText(th('call.remote.microphoneOff'), { exact: true }).count(), { timeout: 20_000 }).toBe(0);
  }, 90_000);

  it('the provider ends the visit, and completes the appointment from the ended visit’s page', async () => {
    // Completing needs the appointment to have started (it may still be a few minutes away).
    const complete = provider.getByRole('button', { name: th('end.complete'), exact: true });
    await complete.waitFor({ timeout: Math.max(0, startsAt - Date.now()) + 30_000 });
    await complete.click();
    const dialog = provider.getByRole('alertdialog', { name: th('end.completeTitle') });
    await dialog.waitFor();
    await expectAxeClean(provider);
    // Not now: the provider only ends the visit ("End visit"), and completes the appointment later.
    await dialog.getByRole('button', { name: th('end.cancel') }).click();
    await endVisit(provider);
    await provider.getByRole('link', { name: th('page.backToVisits') }).waitFor();
    await patient.getByText(th('phase.ended'), { exact: true }).first().waitFor({ timeout: 20_000 });
    await expectFocused(patient.getByRole('heading', { level: 2, name: th('phase.ended') }));
    // The call's chat stays readable on the ended visit's page: each message with who wrote it and when.
    const patientTranscript = patient.getByRole('region', { name: th('chat.transcriptTitle') });
    const patientSaid = patientTranscript.getByRole('listitem').filter({ hasText: 'I can see and hear you.' });
    await patientSaid.getByText(new RegExp(`^${escapeRegExp(th('chat.you'))} · `)).waitFor();
    expect(await patientSaid.locator('time').count()).toBe(1);
    expect(await patientTranscript.getByRole('textbox').count()).toBe(0);
    // The patient's appointments say the video visit has ended (the status stays as the visit left
    // it: checked in, its outcome the practice's to record), with the way to the ended visit.
    const list = await patient.context().newPage();
    try {
      await list.goto(`${server.url}/appointments`);
      const card = list.getByRole('main').getByRole('listitem').filter({ has: list.locator(`a[href="/appointments/telehealth/${appointmentId}"]`) });
      await card.getByText(appt('telehealth.ended'), { exact: true }).waitFor();
      await card.getByText(appt('status.checked_in'), { exact: true }).waitFor();
      await card.getByRole('link', { name: new RegExp(`^${escapeRegExp(appt('telehealth.seeVisit'))}\\s*:\\s*Demo Provider$`) }).waitFor();
      expect(await card.getByRole('link', { name: new RegExp(`^${escapeRegExp(appt('telehealth.join'))}`) }).count()).toBe(0);
      await expectAxeClean(list);
    } finally {
      await list.close();
    }

    // The day's list says it ended with no outcome yet, and leads to the calendar's day to record one.
    const day = today();
    await provider.goto(`${server.url}/provider/telehealth?date=${day}`);
    await h1(provider, th('day.title'));
    const item = provider.getByRole('main').getByRole('listitem').filter({ hasText: patientName });
    await item.getByText(th('day.phases.ended'), { exact: true }).waitFor();
    await item.getByText(th('day.outcomeMissing')).waitFor();
    const record = item.getByRole('link', { name: new RegExp(`^${escapeRegExp(th('day.recordOutcome'))}\\s*:\\s*${escapeRegExp(patientName)}$`) });
    expect(await record.getAttribute('href')).toBe(`/provider/appointments?view=day&date=${day}`);
    expect(await item.getByRole('link', { name: new RegExp(`^${th('day.start')}`) }).count()).toBe(0);
    await expectAxeClean(provider);
    // A day that does not exist, from an edited link, shows today's list, not an error.
    await provider.goto(`${server.url}/provider/telehealth?date=2026-13-45`);
    await provider.getByRole('main').getByRole('listitem').filter({ hasText: patientName }).getByText(th('day.phases.ended'), { exact: true }).waitFor();
    expect(await provider.getByLabel(th('day.date')).inputValue()).toBe(day);

    // Opened again later, the ended visit still lets its provider complete the appointment, and
    // message the patient as its text says.
    await provider.goto(`${server.url}/appointments/telehealth/${appointmentId}`);
    await h1(provider, SERVICE);
    await provider.getByText(th('phase.endedHelpProvider')).waitFor();
    // "The visit's chat is kept", as the help says: there to read, the patient's words under their name.
    const transcript = provider.getByRole('region', { name: th('chat.transcriptTitle') });
    const said = transcript.getByRole('listitem').filter({ hasText: 'I can see and hear you.' });
    await said.getByText(new RegExp(`^${escapeRegExp(patientName)} · `)).waitFor();
    expect(await said.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await transcript.getByRole('button', { name: th('chat.send') }).count()).toBe(0);
    const message = provider.getByRole('link', { name: new RegExp(`^${escapeRegExp(th('phase.messagePatient'))}\\s*:\\s*${escapeRegExp(patientName)}$`) });
    expect(await message.getAttribute('href')).toBe(`/provider/messages?appointment=${appointmentId}`);
    const completeNow = provider.getByRole('button', { name: th('phase.complete'), exact: true });
    await expectAxeClean(provider);
    // It asks first, as the call's button does: "Not now" leaves the appointment as it was.
    await completeNow.click();
    const completeDialog = provider.getByRole('alertdialog', { name: th('phase.completeTitle') });
    await completeDialog.getByText(interpolate(th('phase.completeBody'), { patient: patientName })).waitFor();
    await expectAxeClean(provider);
    await completeDialog.getByRole('button', { name: th('phase.completeCancel') }).click();
    await expect.poll(() => completeDialog.count()).toBe(0);
    await expectFocused(completeNow);
    await completeNow.click();
    await completeDialog.getByRole('button', { name: th('phase.completeConfirm'), exact: true }).click();
    await expect.poll(() => completeNow.count(), { timeout: 20_000 }).toBe(0);
    await expectFocused(provider.getByRole('heading', { level: 2, name: th('phase.ended') }));
    await provider.getByText(th('end.completedDone')).waitFor();
    // Each side is told what it can do next: the provider is not asked to book an appointment.
    await provider.getByText(th('phase.endedHelpProvider')).waitFor();
    expect(await provider.getByText(th('phase.endedHelp')).count()).toBe(0);
    // Ended by the provider and completed: nothing to start again.
    expect(await provider.getByRole('button', { name: th('phase.startAgain') }).count()).toBe(0);
    await patient.getByText(th('phase.ended'), { exact: true }).first().waitFor({ timeout: 20_000 });
    await patient.getByText(th('phase.endedHelp')).waitFor();
    await patient.getByRole('link', { name: th('page.backToAppointments') }).waitFor();
    // The patient can message the practice, as the help says: the inbox, about this appointment.
    const messagePractice = patient.getByRole('link', { name: new RegExp(`^${escapeRegExp(th('phase.messagePractice'))}\\s*:\\s*${escapeRegExp('Demo Provider')}`) });
    expect(await messagePractice.getAttribute('href')).toBe(`/messages?appointment=${appointmentId}`);
    expect(await patient.getByRole('link', { name: new RegExp(escapeRegExp(th('phase.messagePatient'))) }).count()).toBe(0);
    expect(await patient.getByRole('button', { name: th('phase.complete') }).count()).toBe(0);
    // The call is over on both sides.
    expect(await remoteVideo(patient, 'Demo Provider').count()).toBe(0);
    await provider.mouse.move(0, 0);
    await settleToasts(provider);
    await expectAxeClean(provider);
    await expectAxeClean(patient);

    // The ended visit, right to left in Arabic.
    await patient.goto(`${server.url}/appointments/telehealth/${appointmentId}?lang=ar`);
    await h1(patient, SERVICE);
    expect(await patient.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await patient.getByText(translation('ar', 'phase.ended', 'telehealth'), { exact: true }).waitFor();
    await expectAxeClean(patient);
    await provider.goto(`${server.url}/provider/telehealth?lang=ar`);
    await h1(provider, translation('ar', 'day.title', 'telehealth'));
    await provider.getByRole('main').getByRole('listitem').filter({ hasText: patientName }).getByText(translation('ar', 'day.phases.ended', 'telehealth')).waitFor();
    await expectAxeClean(provider);

    await patient.goto(`${server.url}/appointments?lang=en`);
    await patient.getByRole('button', { name: appt('list.past'), exact: true }).click();
    await patient.getByRole('main').getByRole('listitem').filter({ hasText: SERVICE }).getByText(appt('status.completed'), { exact: true }).waitFor();
    await patient.context().close();
    await provider.context().close();
  }, 20 * 60_000); // waits for the appointment's start: usually under five minutes, up to twenty when a visit that could not be moved pushed the first free time back

  it('anyone else is told the visit does not exist; a later visit says when it opens', async () => {
    const other = await demo('patient');
    await other.goto(`${server.url}/appointments/telehealth/${appointmentId}`);
    await h1(other, common('notFound.title'));
    await expectAxeClean(other);
    const api = await other.request.get(`${server.url}/api/v1/telehealth/visits/${appointmentId}`);
    expect(api.status()).toBe(404);
    expect(((await api.json()) as { code: string }).code).toBe('visit.not-found');

    // A video consultation an hour or more away: the page says when it opens, and joining waits.
    const profile = (await (await other.request.get(`${server.url}/api/v1/providers?query=${encodeURIComponent('Demo Provider')}`)).json()) as { providers: { id: string; displayName: string }[] };
    const providerId = profile.providers.find((p) => p.displayName === 'Demo Provider')!.id;
    const detail = (await (await other.request.get(`${server.url}/api/v1/providers/${providerId}`)).json()) as { services: { id: string; mode: string }[]; locations: { id: string; kind: string }[] };
    const service = detail.services.find((s) => s.mode === 'telehealth')!;
    const location = detail.locations.find((l) => l.kind === 'practice')!;
    const slots = (await (
      await other.request.get(`${server.url}/api/v1/providers/${providerId}/slots?serviceId=${service.id}&locationId=${location.id}&from=${encodeURIComponent(new Date(Date.now() + 60 * 60_000).toISOString())}&days=2`)
    ).json()) as { slots: { start: string }[] };
    const later = await other.request.post(`${server.url}/api/v1/appointments`, {
      data: { providerId, serviceId: service.id, locationId: location.id, startsAt: slots.slots[0]!.start },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(later.status()).toBe(201);
    const laterId = ((await later.json()) as { id: string }).id;
    // Its card says from when it can be joined, and leads to the visit's page already.
    await other.goto(`${server.url}/appointments`);
    const prepare = other.locator(`a[href="/appointments/telehealth/${laterId}"]`);
    const card = other.getByRole('listitem').filter({ has: prepare });
    await card.getByText(/^You can join from .+, 15 minutes before the start\.$/).waitFor();
    expect(await prepare.getAttribute('href')).toBe(`/appointments/telehealth/${laterId}`);
    expect((await prepare.textContent())?.startsWith(translation('en', 'telehealth.prepare', 'appointments'))).toBe(true);
    expect(await card.getByRole('link', { name: translation('en', 'telehealth.join', 'appointments') }).count()).toBe(0);
    await expectAxeClean(other);
    await prepare.click();
    await other.waitForURL(`${server.url}/appointments/telehealth/${laterId}`);
    await h1(other, SERVICE);
    await other.getByText(th('phase.notOpenHelp')).waitFor();
    await other.getByText(/^It opens in \d+ (minutes|hours?)\./).waitFor();
    expect(await other.getByRole('button', { name: th('join.join'), exact: true }).count()).toBe(0);
    await expectAxeClean(other);
    // The camera and microphone can be tried already (Chromium's fake devices here): a live preview.
    await other.getByRole('button', { name: th('phase.testDevices') }).click();
    await other.getByRole('heading', { level: 2, name: th('devices.title') }).waitFor();
    await expect.poll(() => other.locator('video').evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0), { timeout: 20_000 }).toBe(true);
    expect(await other.getByRole('button', { name: th('join.join'), exact: true }).count()).toBe(0);
    await expectAxeClean(other);
    await other.getByRole('button', { name: th('phase.stopTest') }).click();
    await other.getByRole('heading', { level: 2, name: th('devices.title') }).waitFor({ state: 'detached' });

    // An in-person appointment has no video visit: its page says so and where it is held.
    const inPersonService = detail.services.find((s) => s.mode === 'in_person')!;
    const inPersonSlots = (await (
      await other.request.get(`${server.url}/api/v1/providers/${providerId}/slots?serviceId=${inPersonService.id}&locationId=${location.id}&from=${encodeURIComponent(new Date(Date.now() + 26 * 60 * 60_000).toISOString())}&days=7`)
    ).json()) as { slots: { start: string }[] };
    const inPerson = await other.request.post(`${server.url}/api/v1/appointments`, {
      data: { providerId, serviceId: inPersonService.id, locationId: location.id, startsAt: inPersonSlots.slots[0]!.start },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(inPerson.status()).toBe(201);
    await other.goto(`${server.url}/appointments/telehealth/${((await inPerson.json()) as { id: string }).id}`);
    await other.getByRole('heading', { name: th('phase.unavailable') }).waitFor();
    await other.getByText(th('phase.inPersonHelp')).waitFor();
    await expectAxeClean(other);
    await other.context().close();

    // The provider's day lists it with the time it opens, and no button to start it yet; the day
    // chosen is in the address, so a reload shows the same day.
    const provider = await demo('provider');
    const startsAt = slots.slots[0]!.start;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(startsAt));
    await provider.goto(`${server.url}/provider/telehealth?date=${day}`);
    await h1(provider, th('day.title'));
    const opensAt = formatDateFns(new Date(Date.parse(startsAt) - 15 * 60_000), 'p', { in: tz(ZONE) });
    const item = provider.getByRole('main').getByRole('listitem').filter({ hasText: interpolate(th('day.opensAt'), { time: opensAt }) });
    await item.first().waitFor();
    expect(await item.first().getByRole('link', { name: new RegExp(`^${th('day.start')}`) }).count()).toBe(0);
    await expectAxeClean(provider);
    const next = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const heading = provider.getByRole('main').getByRole('heading', { level: 2 }).first();
    const before = await heading.textContent();
    await provider.getByLabel(th('day.date')).fill(next);
    await expect.poll(() => new URL(provider.url()).searchParams.get('date')).toBe(next);
    // The heading names the new day once the page has read the address.
    await expect.poll(() => heading.textContent()).not.toBe(before);
    const shown = await heading.textContent();
    await provider.reload();
    await h1(provider, th('day.title'));
    await expect.poll(() => heading.textContent()).toBe(shown);
    expect(await provider.getByLabel(th('day.date')).inputValue()).toBe(next);
    // Previous day and Next day move the day by one; Today goes back to today.
    const dateInAddress = () => new URL(provider.url()).searchParams.get('date');
    await provider.getByRole('button', { name: th('day.previousDay'), exact: true }).click();
    await expect.poll(dateInAddress).toBe(day);
    await item.first().waitFor();
    await provider.getByRole('button', { name: th('day.nextDay'), exact: true }).click();
    await expect.poll(dateInAddress).toBe(next);
    await provider.getByRole('button', { name: th('day.today'), exact: true }).click();
    await expect.poll(dateInAddress).toBe(today());
    // A day without visits leads to the next day with one: found here through the API, for the demo's own days.
    let empty: { date: string; next: { date: string } } | null = null;
    for (let back = 1; back <= 30 && !empty; back++) {
      const date = today(-back);
      const answer = (await (await provider.request.get(`${server.url}/api/v1/practice/telehealth?timeZone=${encodeURIComponent(ZONE)}&date=${date}`)).json()) as {
        visits: unknown[];
        next: { date: string } | null;
      };
      if (answer.visits.length === 0 && answer.next) empty = { date, next: answer.next };
    }
    expect(empty).not.toBeNull();
    await provider.goto(`${server.url}/provider/telehealth?date=${empty!.date}`);
    await h1(provider, th('day.title'));
    await provider.getByText(th('day.none')).waitFor();
    await provider.getByText(th('day.nextVisit').split('{{date}}')[0]!).waitFor();
    await expectAxeClean(provider);
    await provider.getByRole('button', { name: th('day.showNext'), exact: true }).click();
    await expect.poll(dateInAddress).toBe(empty!.next.date);
    await provider.getByRole('main').getByRole('listitem').first().waitFor();
    expect(await provider.getByText(th('day.none')).count()).toBe(0);
    await provider.context().close();
  }, 90_000);
});
