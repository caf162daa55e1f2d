import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriesStarts } from '../src/shared/appointment-series.js';
import { startSmtpListener, type SmtpListener } from '../src/testing/smtp-listener.js';
import { expectToast } from './support/auth-flows.js';
import { expectAxeClean, launchBrowser, newPage, startTestServer, type TestServer } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * The front desk books for a patient: the demo provider opens "New appointment" from the calendar,
 * finds the demo patient by a part of their name, chooses a service and a time; a time a colleague
 * took meanwhile answers clearly with fresh times; the booking then lands in the calendar's
 * day and the patient's mail says the practice booked it, with a valid calendar file. A link of a
 * card's "Book again" starts with the patient chosen. axe checks every page state.
 */
let smtp: SmtpListener;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpListener();
  [server, browser] = await Promise.all([startTestServer({ SMTP_URL: smtp.url, AUTH_IP_LIMIT_PER_MINUTE: '1000', DEMO_MODE: 'true' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const appt = (key: string) => translation('en', key, 'appointments');
const common = (key: string) => translation('en', key);
const DEMO_PATIENT_EMAIL = 'patient@demo.tendwell.app';

async function signedIn(role: string): Promise<Page> {
  const { page } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
  const response = await page.request.post(`${server.url}/api/auth/demo/sign-in`, { data: { role } });
  expect(response.status()).toBe(200);
  return page;
}

/** The free times (not the chosen one) of the page's time step. */
function freeTimes(page: Page) {
  return page.getByRole('group', { name: appt('practiceBooking.step3') }).locator('[role="radio"][aria-checked="false"]');
}

describe('the practice books for a patient', () => {
  it('finds the patient, books a time (one taken meanwhile answers with fresh times), and the patient is mailed', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/appointments`);
    await page.getByRole('heading', { level: 1, name: appt('practice.calendarTitle') }).waitFor();
    await page.getByRole('link', { name: appt('practiceBooking.newAppointment') }).click();
    await page.waitForURL(`${server.url}/provider/appointments/new`);
    await page.getByRole('heading', { level: 1, name: appt('practiceBooking.title') }).waitFor();
    // With nothing typed, the practice's patients are listed, the most recently seen first.
    const patients = page.getByRole('group', { name: appt('practiceBooking.patients') });
    await patients.getByRole('radio').first().waitFor();
    await expectAxeClean(page);

    const search = page.getByRole('searchbox', { name: appt('practiceBooking.findPatient') });
    await search.fill('zzqxw');
    await page.getByText(interpolate(appt('practiceBooking.noPatientMatch'), { query: 'zzqxw' })).waitFor();
    await expectAxeClean(page);
    // A part of an email finds its one patient.
    await search.fill('history-patient-3@');
    await expect.poll(() => patients.getByRole('radio').count()).toBe(1);
    expect(await patients.getByRole('radio').first().getAttribute('value')).toBeTruthy();
    // Words of the name in any order and case: whoever's name holds them all comes first (the
    // demo's other patients' emails hold them too).
    await search.fill('patient DEMO');
    await expect.poll(() => patients.locator('label').first().textContent()).toMatch(/^Demo Patient/);
    const demo = patients.getByRole('radio', { name: /^Demo Patient/ });
    await demo.check();

    await page.getByRole('radio', { name: /^Follow-up consultation/ }).check();
    const availability = (await (await page.request.get(`${server.url}/api/v1/practice/availability`)).json()) as {
      locations: { id: string; kind: string }[];
      services: { id: string; name: string }[];
    };
    const serviceId = availability.services.find((s) => s.name === 'Follow-up consultation')!.id;
    const locationId = availability.locations.find((l) => l.kind === 'practice')!.id;
    // The practice's own free times: online booking's notice does not bind the front desk.
    const slots = (await (await page.request.get(`${server.url}/api/v1/practice/slots?serviceId=${serviceId}&locationId=${locationId}&days=14`)).json()) as { slots: { start: string }[] };
    const first = slots.slots[0]!.start;
    const others = (await (await page.request.get(`${server.url}/api/v1/practice/patients?query=history-patient-3`)).json()) as { patients: { id: string }[] };

    // The first free time is chosen here, and a colleague books it for another patient meanwhile.
    await freeTimes(page).first().click();
    const colleague = await page.request.post(`${server.url}/api/v1/practice/appointments`, {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: { patientId: others.patients[0]!.id, serviceId, locationId, startsAt: first },
    });
    expect(colleague.status(), await colleague.text()).toBe(201);
    const bookFor = page.getByRole('button', { name: interpolate(appt('practiceBooking.confirmFor'), { patient: 'Demo Patient' }) });
    await bookFor.click();
    const alert = page.getByRole('alert').filter({ hasText: common('errors.booking.slot-taken') });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(appt('book.freshTimes'));
    expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(page);

    // Another time, with a reason: booked, and the calendar opens on its day.
    await freeTimes(page).first().click();
    await page.getByLabel(appt('book.reason')).fill('Results review, booked by phone');
    await bookFor.click();
    await page.waitForURL(/\/provider\/appointments\?view=day&date=\d{4}-\d{2}-\d{2}$/);
    await expectToast(page, interpolate(appt('practiceBooking.booked').split('{{when}}')[0]!, { patient: 'Demo Patient' }));
    const card = page.getByRole('listitem').filter({ hasText: 'Results review, booked by phone' });
    await card.waitFor();
    expect(await card.textContent()).toContain(appt('status.confirmed'));
    await expectAxeClean(page);

    const mail = await smtp.waitFor((m) => m.to.includes(DEMO_PATIENT_EMAIL) && m.subject.startsWith('Booked') && m.text.includes('booked this appointment for you'), 20_000);
    expect(mail.text).toContain('Follow-up consultation');
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    const vevent = new ICAL.Component(ICAL.parse(ics!.content)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('summary')).toContain('Follow-up consultation');
    await page.context().close();

    // The patient's bell says the practice booked it for them (not "Demo Patient booked …").
    const patient = await signedIn('patient');
    await patient.goto(`${server.url}/appointments`);
    await patient.getByRole('banner').getByRole('button', { name: new RegExp(`^${interpolate(common('notifications.unread_other'), { count: 'X' }).replace('X', '\\d+')}$`) }).click();
    const notice = interpolate(common('notifications.kinds.appointment_booked_byPractice').split('{{when}}')[0]!, { service: 'Follow-up consultation', provider: 'Demo Provider' });
    await patient.getByRole('dialog').getByRole('link', { name: notice }).first().waitFor();
    await expectAxeClean(patient);
    await patient.context().close();
  });

  it('a card’s Book again link starts with its patient chosen; someone who is not the practice’s patient is not offered', async () => {
    const page = await signedIn('provider');
    // The demo provider saw the demo patient ten days ago ("Blood test results"): the list from two weeks back holds that visit.
    const twoWeeksAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() - 14 * 86_400_000));
    await page.goto(`${server.url}/provider/appointments?view=list&date=${twoWeeksAgo}`);
    const visit = page.getByRole('listitem').filter({ hasText: 'Blood test results' });
    await visit.getByRole('link', { name: new RegExp(`^${appt('practiceBooking.bookAgain')}\\s*: Demo Patient$`) }).click();
    await page.waitForURL(/\/provider\/appointments\/new\?patient=[0-9a-f-]+&provider=[0-9a-f-]+$/);
    await page.getByRole('heading', { level: 1, name: appt('practiceBooking.title') }).waitFor();
    const chosen = page.getByRole('group', { name: appt('practiceBooking.patients') }).getByRole('radio', { name: /^Demo Patient/ });
    await chosen.waitFor();
    await expect.poll(() => chosen.isChecked()).toBe(true);
    await expectAxeClean(page);

    // An id that is not one of the practice's patients chooses nobody.
    await page.goto(`${server.url}/provider/appointments/new?patient=${crypto.randomUUID()}`);
    await page.getByRole('group', { name: appt('practiceBooking.patients') }).getByRole('radio').first().waitFor();
    expect(await page.getByRole('group', { name: appt('practiceBooking.patients') }).getByRole('radio', { checked: true }).count()).toBe(0);
    // Booking without a patient says to choose one first.
    await page.getByRole('radio', { name: /^Follow-up consultation/ }).check();
    await freeTimes(page).first().click();
    await page.getByRole('button', { name: appt('practiceBooking.confirm'), exact: true }).click();
    await page.getByRole('alert').filter({ hasText: appt('practiceBooking.pickPatient') }).waitFor();
    await page.context().close();
  });

  it('a practice manager books with the provider they choose', async () => {
    const page = await signedIn('practice_manager');
    const providers = (await (await page.request.get(`${server.url}/api/v1/practice/providers`)).json()) as { providers: { id: string; displayName: string }[] };
    const demoProvider = providers.providers.find((p) => p.displayName === 'Demo Provider')!;
    expect(demoProvider).toBeDefined();
    await page.goto(`${server.url}/provider/appointments/new`);
    await page.getByRole('heading', { level: 1, name: appt('practiceBooking.title') }).waitFor();
    if (providers.providers.length > 1) await page.getByLabel(appt('practiceBooking.provider'), { exact: true }).selectOption(demoProvider.id);
    await page.getByRole('heading', { level: 2, name: interpolate(appt('practiceBooking.step2'), { provider: 'Demo Provider' }) }).waitFor();
    await page.getByRole('searchbox', { name: appt('practiceBooking.findPatient') }).fill(DEMO_PATIENT_EMAIL);
    const demo = page.getByRole('group', { name: appt('practiceBooking.patients') }).getByRole('radio', { name: /^Demo Patient/ });
    await demo.check();
    await page.getByRole('radio', { name: /^Follow-up consultation/ }).check();
    await freeTimes(page).first().click();
    await expectAxeClean(page);
    await page.getByRole('button', { name: interpolate(appt('practiceBooking.confirmFor'), { patient: 'Demo Patient' }) }).click();
    await page.waitForURL(/\/provider\/appointments\?view=day&date=\d{4}-\d{2}-\d{2}$/);
    await expectToast(page, interpolate(appt('practiceBooking.booked').split('{{when}}')[0]!, { patient: 'Demo Patient' }));
    await page.context().close();
  });
});

describe('the practice narrows its calendar', () => {
  it('to a patient and a status, kept in the address, and says when nothing matches', async () => {
    const page = await signedIn('provider');
    // The list from two weeks back holds the demo patient's completed visit of ten days ago ("Blood test results").
    const twoWeeksAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() - 14 * 86_400_000));
    await page.goto(`${server.url}/provider/appointments?view=list&date=${twoWeeksAgo}`);
    const filters = page.getByRole('search', { name: appt('practice.filters.label') });
    await filters.waitFor();
    const cards = page.getByRole('main').getByRole('listitem');
    const bloodTest = cards.filter({ hasText: 'Blood test results' });
    await bloodTest.first().waitFor();
    // A provider sees their own appointments: there is no provider to choose.
    expect(await filters.getByLabel(appt('practice.filters.provider'), { exact: true }).count()).toBe(0);
    await expectAxeClean(page);

    const search = filters.getByRole('searchbox', { name: appt('practice.filters.patient') });
    await search.fill('zzqxw');
    await search.press('Enter');
    await page.getByText(appt('practice.filters.noneMatch')).waitFor();
    expect(new URL(page.url()).searchParams.get('patient')).toBe('zzqxw');
    await expectAxeClean(page);
    // A reload keeps the search.
    await page.reload();
    await page.getByText(appt('practice.filters.noneMatch')).waitFor();
    expect(await filters.getByRole('searchbox', { name: appt('practice.filters.patient') }).inputValue()).toBe('zzqxw');
    // Clearing goes back to every appointment, and the focus to the search box (the button goes).
    await filters.getByRole('button', { name: appt('practice.filters.clear') }).click();
    await bloodTest.first().waitFor();
    expect(new URL(page.url()).searchParams.has('patient')).toBe(false);
    expect(await search.inputValue()).toBe('');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);

    // Words of the name in another order and case: only that patient's appointments.
    await search.fill('PATIENT demo');
    await filters.getByRole('button', { name: appt('practice.filters.search'), exact: true }).click();
    await expect.poll(() => cards.filter({ hasNotText: 'Demo Patient' }).count()).toBe(0);
    await bloodTest.first().waitFor();
    // And a status: the list holds only completed ones, the visit among them.
    await filters.getByLabel(appt('practice.filters.status'), { exact: true }).selectOption('completed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'completed' && url.searchParams.get('patient') === 'PATIENT demo');
    await expect.poll(() => cards.filter({ hasNotText: appt('status.completed') }).count()).toBe(0);
    await bloodTest.first().waitFor();
    await expectAxeClean(page);
    // Cancelled: none of the demo patient's in this period is, or those listed are cancelled.
    await filters.getByLabel(appt('practice.filters.status'), { exact: true }).selectOption('cancelled');
    await expect.poll(() => bloodTest.count()).toBe(0);
    await expect.poll(() => cards.filter({ hasNotText: appt('status.cancelled') }).count()).toBe(0);
    await page.context().close();
  });

  it('staff of the organisation see every provider’s appointments, and may choose one', async () => {
    const twoWeeksAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() - 14 * 86_400_000));
    const manager = await signedIn('practice_manager');
    await manager.goto(`${server.url}/provider/appointments?view=list&date=${twoWeeksAgo}`);
    const staffFilters = manager.getByRole('search', { name: appt('practice.filters.label') });
    const staffCards = manager.getByRole('main').getByRole('listitem');
    await staffCards.filter({ hasText: 'Blood test results' }).first().waitFor();
    const providerChoice = staffFilters.getByLabel(appt('practice.filters.provider'), { exact: true });
    await providerChoice.waitFor();
    const options = await providerChoice.locator('option').evaluateAll((els) => els.map((el) => ({ value: (el as HTMLOptionElement).value, label: el.textContent ?? '' })));
    expect(options[0]).toEqual({ value: '', label: appt('practice.filters.anyProvider') });
    const demoProvider = options.find((o) => o.label === 'Demo Provider')!;
    const someoneElse = options.find((o) => o.value !== '' && o.label !== 'Demo Provider')!;
    await providerChoice.selectOption(demoProvider.value);
    await manager.waitForURL((url) => url.searchParams.get('provider') === demoProvider.value);
    await staffCards.filter({ hasText: 'Blood test results' }).first().waitFor();
    await expectAxeClean(manager);
    await providerChoice.selectOption(someoneElse.value);
    await manager.waitForURL((url) => url.searchParams.get('provider') === someoneElse.value);
    await expect.poll(() => staffCards.filter({ hasText: 'Blood test results' }).count()).toBe(0);
    // The week's time grid (a wide screen) says so too when the filters match nothing.
    await manager.goto(`${server.url}/provider/appointments?patient=zzqxw`);
    await manager.getByText(appt('practice.filters.noneMatch')).waitFor();
    await expectAxeClean(manager);
    await manager.context().close();
  });

  it('books a weekly series: a time taken in it is named, the free ones are booked, and the first is cancelled with the later ones', async () => {
    const page = await signedIn('provider');
    const availability = (await (await page.request.get(`${server.url}/api/v1/practice/availability`)).json()) as {
      locations: { id: string; kind: string; timeZone: string }[];
      services: { id: string; name: string }[];
    };
    const serviceId = availability.services.find((s) => s.name === 'Follow-up consultation')!.id;
    const location = availability.locations.find((l) => l.kind === 'practice')!;
    await page.goto(`${server.url}/provider/appointments/new`);
    await page.getByRole('heading', { level: 1, name: appt('practiceBooking.title') }).waitFor();
    await page.getByRole('searchbox', { name: appt('practiceBooking.findPatient') }).fill('patient DEMO');
    const patients = page.getByRole('group', { name: appt('practiceBooking.patients') });
    await expect.poll(() => patients.locator('label').first().textContent()).toMatch(/^Demo Patient/);
    await patients.getByRole('radio', { name: /^Demo Patient/ }).check();
    await page.getByRole('radio', { name: /^Follow-up consultation/ }).check();
    const slots = (await (await page.request.get(`${server.url}/api/v1/practice/slots?serviceId=${serviceId}&locationId=${location.id}&days=14`)).json()) as { slots: { start: string }[] };
    const first = slots.slots[0]!.start;
    await freeTimes(page).first().click();

    // Every week, six visits: the confirmation lists the six, a week apart at the same time of day.
    await page.getByLabel(appt('practiceBooking.repeat'), { exact: true }).selectOption({ label: appt('practiceBooking.repeatEvery1') });
    await page.getByLabel(appt('practiceBooking.visits'), { exact: true }).selectOption('6');
    const starts = seriesStarts(first, location.timeZone, 1, 6);
    const confirm = page.getByRole('region', { name: appt('practiceBooking.step5') });
    await expect.poll(() => confirm.locator('ol > li').count()).toBe(6);
    await expectAxeClean(page);

    // A colleague books the third visit's time for another patient meanwhile.
    const others = (await (await page.request.get(`${server.url}/api/v1/practice/patients?query=history-patient-3`)).json()) as { patients: { id: string }[] };
    const colleague = await page.request.post(`${server.url}/api/v1/practice/appointments`, {
      headers: { 'idempotency-key': crypto.randomUUID() },
      data: { patientId: others.patients[0]!.id, serviceId, locationId: location.id, startsAt: starts[2] },
    });
    expect(colleague.status(), await colleague.text()).toBe(201);
    // A reason of this attempt's own finds its card (a retry books another series).
    const reason = `Weekly knee rehabilitation ${crypto.randomUUID().slice(0, 8)}`;
    await page.getByLabel(appt('book.reason')).fill(reason);
    const seriesAnswer = () => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/practice/appointments/series' && r.request().method() === 'POST');
    const refusedAnswer = seriesAnswer();
    await page.getByRole('button', { name: interpolate(appt('practiceBooking.confirmSeriesFor_other'), { count: '6', patient: 'Demo Patient' }) }).click();
    // Nothing is booked yet: the times that are not free are named (the colleague's among them, as
    // taken; the demo calendar may hold others), with the focus on them.
    const refusal = await refusedAnswer;
    expect(refusal.status()).toBe(409);
    const { unavailable } = (await refusal.json()) as { unavailable: { startsAt: string; code: string }[] };
    expect(unavailable).toContainEqual({ startsAt: starts[2], code: 'booking.slot-taken' });
    const refused = page.getByRole('alert').filter({ hasText: appt('practiceBooking.refusal.taken') });
    await refused.waitFor();
    expect(await refused.getByRole('listitem').count()).toBe(unavailable.length);
    expect(await refused.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(page);
    const mine = async () => {
      const from = encodeURIComponent(starts[0]!);
      const to = encodeURIComponent(new Date(Date.parse(starts[5]!) + 3_600_000).toISOString());
      const list = (await (await page.request.get(`${server.url}/api/v1/practice/appointments?from=${from}&to=${to}`)).json()) as {
        appointments: { startsAt: string; status: string; reason: string }[];
      };
      return list.appointments.filter((a) => a.reason === reason && a.status !== 'cancelled').map((a) => a.startsAt);
    };
    expect(await mine()).toEqual([]);

    // Book the free ones only: the calendar opens on the first visit's day, and the toast says how many were left out.
    const freeCount = starts.length - unavailable.length;
    expect(freeCount).toBeGreaterThanOrEqual(2);
    const plural = (n: number) => new Intl.PluralRules('en').select(n);
    const bookedAnswer = seriesAnswer();
    await refused.getByRole('button', { name: interpolate(appt(`practiceBooking.bookFreeOnly_${plural(freeCount)}`), { count: String(freeCount) }) }).click();
    expect((await bookedAnswer).status()).toBe(201);
    await page.waitForURL(/\/provider\/appointments\?view=day&date=\d{4}-\d{2}-\d{2}$/);
    await expectToast(page, interpolate(appt(`practiceBooking.seriesSkipped_${plural(unavailable.length)}`), { count: String(unavailable.length) }));
    const booked = await mine();
    expect(booked).toEqual(starts.filter((start) => !unavailable.some((u) => u.startsAt === start)));
    // The first visit's card says which of the series it is.
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: reason });
    await card.getByText(interpolate(appt('series.visitOf'), { visit: '1', visits: String(booked.length) }), { exact: false }).waitFor();
    await expectAxeClean(page);

    // The patient's own list says it too.
    const patient = await signedIn('patient');
    await patient.goto(`${server.url}/appointments`);
    const patientCard = patient.getByRole('main').getByRole('listitem').filter({ hasText: reason });
    await patientCard.getByText(interpolate(appt('series.visitOf'), { visit: '1', visits: String(booked.length) })).waitFor();
    await expectAxeClean(patient);
    await patient.context().close();

    // The patient stops: the practice cancels the first visit and, with one box ticked, the later ones.
    await card.getByRole('button', { name: new RegExp(`^${appt('practice.actions.cancel')}\\b`) }).click();
    await card.getByLabel(appt('practice.cancelReason')).fill('Therapy finished early');
    const later = booked.length - 1;
    const withLater = card.getByLabel(interpolate(appt(`practice.cancelLater_${plural(later)}`), { count: String(later) }));
    await withLater.check();
    await expectAxeClean(page);
    await card.getByRole('button', { name: appt('practice.confirmCancel') }).click();
    await expectToast(page, interpolate(appt('practice.cancelledVisits_other'), { count: String(booked.length), patient: 'Demo Patient' }));
    await expect.poll(() => mine()).toEqual([]);
    await page.context().close();
  });
});
