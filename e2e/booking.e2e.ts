import { TZDate } from '@date-fns/tz';
import { format as formatDate } from 'date-fns';
import { enAU } from 'date-fns/locale';
import ICAL from 'ical.js';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../src/testing/smtp-listener.js';
import { createVerifiedPerson, expectToast, settleToasts } from './support/auth-flows.js';
import { expectAxeClean, launchBrowser, newPage, startTestServer, type TestServer } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * Booking end to end against the real server and its demo directory, with mail from a real SMTP
 * listener: a patient searches (with a typo), filters, opens a profile and books the demo
 * provider; the confirmation mail carries a valid calendar file; the same time chosen in another
 * tab meanwhile gets the "just booked" message; the patient reschedules and cancels; the provider
 * sees the booking in the calendar, confirms it and takes a day off; an admin verifies a waiting
 * provider, who then appears in the directory. axe checks every page state.
 */
let smtp: SmtpListener;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpListener();
  [server, browser] = await Promise.all([startTestServer({ SMTP_URL: smtp.url, AUTH_IP_LIMIT_PER_MINUTE: '1000', DEMO_MODE: 'true', WAITLIST_INTERVAL_SECONDS: '2' }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const prov = (key: string) => translation('en', key, 'providers');
const appt = (key: string) => translation('en', key, 'appointments');
const common = (key: string) => translation('en', key);
const DEMO_PATIENT_EMAIL = 'patient@demo.tendwell.app';

async function signedIn(role: string, timezoneId = 'Australia/Sydney'): Promise<Page> {
  const { page } = await newPage(browser, { timezoneId });
  const response = await page.request.post(`${server.url}/api/auth/demo/sign-in`, { data: { role } });
  expect(response.status()).toBe(200);
  return page;
}

async function h1(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** The free times in the booking page's time step. */
function times(page: Page) {
  return freeTimes(page.getByRole('group', { name: appt('book.step3') }));
}

/** What has the focus: 'BODY' when nothing does (it was lost), else the element's tag and text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return !element || element === document.body ? 'BODY' : `${element.tagName}: ${element.textContent?.trim() ?? ''}`;
  });
}

/** The free times (not the chosen one) of the time pickers inside a part of the page. */
function freeTimes(scope: Locator | Page) {
  return scope.locator('[role="radio"][aria-checked="false"]');
}

/** Shows the next two weeks (outside the 24-hour cancellation window, so the booking can be changed later). */
async function laterTimes(page: Page) {
  const before = await times(page).first().textContent();
  await page.getByRole('button', { name: appt('slots.later') }).click();
  await page.waitForFunction(
    ([label, text]) => {
      const group = [...document.querySelectorAll('[role="group"]')].find((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent === label);
      const first = group?.querySelector('[role="radio"][aria-checked="false"]');
      return Boolean(first && first.textContent !== text);
    },
    [appt('book.step3'), before] as const,
  );
}

/** 'HH:MM' `hours` later (the demo hours end well before midnight). */
function addHour(time: string, hours: number): string {
  return `${String(Number(time.slice(0, 2)) + hours).padStart(2, '0')}:${time.slice(3)}`;
}

/** The demo provider's own availability, their practice and their follow-up service. */
async function demoPracticeAndFollowUp(provider: Page) {
  const availability = (await (await provider.request.get(`${server.url}/api/v1/practice/availability`)).json()) as {
    providerId: string;
    locations: { id: string; kind: string }[];
    services: { id: string; name: string }[];
  };
  const location = availability.locations.find((l) => l.kind === 'practice')!;
  const followUp = availability.services.find((s) => s.name === 'Follow-up consultation')!;
  return { availability, location, followUp };
}

/**
 * A new patient, signed in in a browser in Sydney, who has booked the demo provider's follow-up
 * more than four days ahead (outside the cancellation window: they may change it online).
 */
async function newPatientBookedAhead(provider: Page, tag: string, reasonPrefix: string) {
  const person = await createVerifiedPerson(server.url, smtp, tag);
  const { page: patient } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
  expect((await patient.request.post(`${server.url}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password }, headers: { origin: server.url } })).status()).toBe(200);
  return { ...(await bookedAhead(provider, patient, reasonPrefix)), person, patient };
}

/**
 * The signed-in `patient` books the demo provider's follow-up more than four days ahead, with a
 * reason of its own (`reasonPrefix` and a random part): a booking a retried test makes afresh.
 */
async function bookedAhead(provider: Page, patient: Page, reasonPrefix: string) {
  const { availability, location, followUp } = await demoPracticeAndFollowUp(provider);
  const slots = (await (await patient.request.get(`${server.url}/api/v1/providers/${availability.providerId}/slots?serviceId=${followUp.id}&locationId=${location.id}&days=14`)).json()) as { slots: { start: string }[] };
  const slot = slots.slots.find((s) => Date.parse(s.start) > Date.now() + 4 * 86_400_000)!;
  expect(slot).toBeDefined();
  const visitReason = `${reasonPrefix} ${crypto.randomUUID().slice(0, 8)}`;
  const booked = await patient.request.post(`${server.url}/api/v1/appointments`, {
    data: { providerId: availability.providerId, serviceId: followUp.id, locationId: location.id, startsAt: slot.start, reason: visitReason },
    headers: { origin: server.url, 'idempotency-key': crypto.randomUUID() },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = ((await booked.json()) as { id: string }).id;
  return { availability, location, followUp, slot, visitReason, id };
}

/**
 * A cancellation's inline form, open with the focus in `field`: Escape closes it, and so does
 * `keep` ("Keep the appointment") once `toggle` opened it again; each time the focus is back on
 * `toggle`, which says it is collapsed.
 */
async function closesByEscapeAndKeep(page: Page, toggle: Locator, field: Locator, keep: Locator) {
  await page.keyboard.press('Escape');
  await field.waitFor({ state: 'detached' });
  await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  await keep.click();
  await field.waitFor({ state: 'detached' });
  await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
}

/** The demo provider's directory entry. */
async function demoProvider(page: Page): Promise<{ id: string; displayName: string }> {
  const body = (await (await page.request.get(`${server.url}/api/v1/providers?query=${encodeURIComponent('Demo Provider')}`)).json()) as { providers: { id: string; displayName: string }[] };
  const demo = body.providers.find((p) => p.displayName === 'Demo Provider');
  expect(demo).toBeDefined();
  return demo!;
}

/** Attempts of the waitlist test so far (each takes a day of its own). */
let waitlistAttempts = 0;
/** The demo provider's weekly hours and breaks as the weekly-hours test first found them. */
let demoHours: { id: string; weeklyHours: object[]; breaks: object[] }[] | undefined;

describe('booking', () => {
  // Each test makes the bookings it changes (the browser tier retries a failed test once, and a
  // retry must not find the last attempt's confirmed, moved or cancelled booking instead).
  it('finds a provider with a typo and filters, books a time, gets the mail with a valid calendar file, and a time taken in another tab answers clearly', async () => {
    const reason = `E2E check-up ${Date.now()}`;
    const page = await signedIn('patient');
    // The home page's AI Matching tab shows real best matches near the region, each a profile link.
    await page.goto(`${server.url}/?region=AU`);
    const preview = page.getByRole('region', { name: translation('en', 'hero.previewLabel', 'home') });
    await preview.locator('a[href^="/providers/"]').first().waitFor();
    await preview.getByText(interpolate(translation('en', 'hero.matching.near', 'home'), { place: 'Sydney' })).waitFor();
    // The site's own parameters (?region=, ?lang=) in a shared address do not upset the search.
    await page.goto(`${server.url}/providers?region=AU&lang=en&specialty=cardiology`);
    await page.getByRole('main').getByRole('listitem').getByText(prov('specialties.cardiology')).first().waitFor();
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
    // Allied health: free text finds it by its everyday words, and the specialty filter offers it.
    await page.goto(`${server.url}/providers?query=speech%20therapy`);
    await page.getByRole('main').getByRole('listitem').getByText(prov('specialties.speech-pathology')).first().waitFor();
    await page.getByRole('searchbox', { name: prov('directory.query') }).fill('');
    await page.getByLabel(prov('directory.specialty'), { exact: true }).selectOption('physiotherapy');
    await page.getByRole('button', { name: prov('directory.search'), exact: true }).click();
    await page.waitForURL(/specialty=physiotherapy/);
    await page.getByRole('main').getByRole('listitem').getByText(prov('specialties.physiotherapy')).first().waitFor();
    await page.goto(`${server.url}/providers`);
    await h1(page, prov('directory.title'));
    await page.getByRole('heading', { level: 2, name: /providers?$/ }).waitFor();
    await expectAxeClean(page);
    // A misspelt specialty still finds cardiologists; the URL holds the query.
    await page.getByRole('searchbox', { name: prov('directory.query') }).fill('cardiolgist');
    await page.getByRole('button', { name: prov('directory.search'), exact: true }).click();
    await page.waitForURL(/query=cardiolgist/);
    await page.getByRole('main').getByRole('listitem').getByText(prov('specialties.cardiology')).first().waitFor();
    await page.getByText(prov('directory.moreFilters')).click();
    await page.getByLabel(prov('directory.mode')).selectOption('telehealth');
    await page.getByRole('button', { name: prov('directory.search'), exact: true }).click();
    await page.waitForURL(/mode=telehealth/);
    const firstCard = page.getByRole('main').getByRole('listitem').first();
    await firstCard.getByText(prov('modes.telehealth')).first().waitFor();
    await firstCard.getByText(/Why this match/).click();
    // Every part of best match with its points, weight and share; the typed slip is explained.
    const fitPart = firstCard.locator('[data-match-part="fit"]');
    await expect.poll(() => fitPart.textContent()).toMatch(new RegExp(`^${prov('matchParts.fit')}: [\\d.]+ of 100 × 30% = [\\d.]+`));
    await expect.poll(() => fitPart.textContent()).toContain('“cardiolgist” read as a slip, found in');
    expect(await firstCard.locator('[data-match-part]').count()).toBe(6);
    // The visitor's region is a part too (its weight shown as the others').
    await expect.poll(() => firstCard.locator('[data-match-part="region"]').textContent()).toMatch(new RegExp(`^${prov('matchParts.region')}: [\\d.]+ of 100 × 20%`));
    // No place was given: the distance part says why it adds nothing.
    await firstCard.locator('[data-match-part="distance"]').getByText(prov('reasons.noPlace')).waitFor();
    await expectAxeClean(page);

    // /appointments/book without a provider: find one there, and choose it.
    await page.goto(`${server.url}/appointments/book`);
    await h1(page, appt('book.title'));
    // A search nobody matches says so (it showed nothing at all).
    await page.getByRole('searchbox', { name: appt('book.findProvider') }).fill('Qxzvwyk');
    await page.getByRole('button', { name: appt('book.search'), exact: true }).click();
    await page.getByRole('status').filter({ hasText: interpolate(appt('book.noMatch'), { query: 'Qxzvwyk' }) }).waitFor();
    await expectAxeClean(page);
    await page.getByRole('searchbox', { name: appt('book.findProvider') }).fill('Demo Provider');
    await page.getByRole('button', { name: appt('book.search'), exact: true }).click();
    const choose = page.getByRole('link', { name: new RegExp(`^${appt('book.choose')}.*Demo Provider$`) }).first();
    await choose.waitFor();
    await expectAxeClean(page);
    await choose.click();
    await page.waitForURL(/\/appointments\/book\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 2, name: /Demo Provider/ }).waitFor();
    // A link with a time that is not one of the free times: not chosen, and the page says so.
    await page.goto(`${page.url()}?time=2020-01-01T00:00:00Z`);
    await page.getByRole('status').filter({ hasText: appt('book.linkGone') }).waitFor();
    await page.getByText(appt('book.pickTime')).waitFor();
    expect(await page.getByRole('button', { name: appt('book.confirm') }).isDisabled()).toBe(true);
    await expectAxeClean(page);

    // The demo provider: profile, then book.
    await page.goto(`${server.url}/providers?query=${encodeURIComponent('Demo Provider')}`);
    await page.getByRole('link', { name: 'Demo Provider', exact: true }).first().click();
    await h1(page, 'Demo Provider');
    await page.getByRole('heading', { level: 2, name: prov('profile.nextTimes') }).waitFor();
    await expectAxeClean(page);
    await page.getByRole('link', { name: prov('profile.book') }).click();
    await h1(page, appt('book.title'));
    await times(page).first().waitFor();
    // The times are one Tab stop a day (a radio group each, not ~300 buttons): the arrow keys move
    // and choose within the day, wrapping; Home and End go to its first and last; Tab to the next day.
    const step3 = page.getByRole('group', { name: appt('book.step3') });
    const dayGroups = step3.getByRole('radiogroup');
    const counts = await dayGroups.evaluateAll((groups) => groups.map((g) => g.querySelectorAll('[role="radio"]').length));
    expect(counts.length).toBeGreaterThan(1);
    expect(await step3.locator('[role="radio"][tabindex="0"]').count()).toBe(counts.length);
    const d = counts.findIndex((n) => n >= 3);
    expect(d, 'a day with three free times').toBeGreaterThanOrEqual(0);
    const dayTimes = dayGroups.nth(d).getByRole('radio');
    const focusedAndChosen = (n: number) => expect.poll(() => dayTimes.nth(n).evaluate((el) => el === document.activeElement && el.getAttribute('aria-checked') === 'true')).toBe(true);
    await dayTimes.first().focus();
    await page.keyboard.press('ArrowRight');
    await focusedAndChosen(1);
    await page.keyboard.press('End');
    await focusedAndChosen(counts[d]! - 1);
    await page.keyboard.press('ArrowDown');
    await focusedAndChosen(0);
    await page.keyboard.press('ArrowUp');
    await focusedAndChosen(counts[d]! - 1);
    await page.keyboard.press('Home');
    await focusedAndChosen(0);
    expect(await dayGroups.nth(d).locator('[tabindex="0"]').count()).toBe(1);
    if (d + 1 < counts.length) {
      await page.keyboard.press('Tab');
      expect(await dayGroups.nth(d + 1).evaluate((g) => g.contains(document.activeElement))).toBe(true);
    }
    await expectAxeClean(page);
    await laterTimes(page);

    // The same choice in a second tab of the same person.
    const { page: other } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
    await other.context().addCookies(await page.context().cookies());
    await other.goto(page.url());
    await times(other).first().waitFor();
    await laterTimes(other);

    const chosen = (await times(page).first().textContent())?.trim() ?? '';
    await times(page).first().click();
    // A later day: outside the 24-hour window, the confirm step gives the policy.
    await page.getByText(interpolate(appt('book.cancellationPolicy'), { hours: '24' })).waitFor();
    await page.getByLabel(appt('book.reason')).fill(reason);
    await expectAxeClean(page);
    await times(other).first().click();
    await page.getByRole('button', { name: appt('book.confirm') }).click();
    await page.getByRole('heading', { name: appt('book.done') }).waitFor();
    // The form gave way to the confirmation: the focus is on its heading, not lost to the page's body.
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe(`H2: ${appt('book.done')}`);
    // Scrolled to by the focus from further down the page, it stops below the sticky header, not under it (WCAG 2.4.11).
    const doneHeading = page.getByRole('heading', { name: appt('book.done') });
    await doneHeading.evaluate((el) => {
      (el as HTMLElement).blur();
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 10);
      (el as HTMLElement).focus();
    });
    const headerBottom = await page.locator('header').first().evaluate((el) => el.getBoundingClientRect().bottom);
    expect(await doneHeading.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom);
    await expectAxeClean(page);

    await other.getByRole('button', { name: appt('book.confirm') }).click();
    await other.getByRole('alert').filter({ hasText: common('errors.booking.slot-taken') }).waitFor();
    // Said once: "Please choose another" was said twice (the server's message, then the fresh times' note).
    const takenMessage = (await other.getByRole('alert').filter({ hasText: common('errors.booking.slot-taken') }).textContent()) ?? '';
    expect(takenMessage.match(/choose another/gi)?.length, takenMessage).toBe(1);
    // The focused Confirm button is disabled now (no time chosen): the focus is on the message.
    await expect.poll(() => focused(other), { timeout: 10_000 }).toContain(`P: ${common('errors.booking.slot-taken')}`);
    await expectAxeClean(other);
    await other.context().close();

    const mail = await smtp.waitFor((m) => m.to.includes(DEMO_PATIENT_EMAIL) && m.subject.startsWith('Booked'));
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics).toBeDefined();
    const calendar = new ICAL.Component(ICAL.parse(ics!.content));
    const event = calendar.getFirstSubcomponent('vevent')!;
    expect(event.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Australia/Sydney');
    expect(String(event.getFirstPropertyValue('summary'))).toContain('Demo Provider');
    expect(chosen.length).toBeGreaterThan(0);
  }, 240_000); // the longest walk of the suite: search, filters, profile, two tabs, mail, calendar file (120 s under load on 2 cores)

  it('a provider’s profile rendered on the server hydrates without a mismatch for a visitor in a zone other than UTC, and then names their zone', async () => {
    const { context, page } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const demo = await demoProvider(page);
    // Nobody signed in, so no saved zone: the server cannot know the browser's.
    await page.goto(`${server.url}/providers/${demo.id}`);
    await h1(page, 'Demo Provider');
    await page.getByText(/, shown in Australian Eastern (Daylight|Standard) Time\.$/).waitFor();
    await page.getByRole('complementary').getByRole('link', { name: new RegExp(`^${prov('profile.bookAt')} `) }).first().waitFor();
    expect(errors).toEqual([]);
    await expectAxeClean(page);
    await context.close();
  });

  it('in Arabic, a profile keeps the practice’s own text in its order (address, price, bio) and writes lists as Arabic does', async () => {
    const { context, page } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
    const demo = await demoProvider(page);
    const detail = (await (await page.request.get(`${server.url}/api/v1/providers/${demo.id}?lang=ar`)).json()) as {
      bio: string;
      languages: string[];
      locations: { kind: string; street: string | null }[];
      services: { priceMinor: number; currency: string }[];
    };
    await page.goto(`${server.url}/providers/${demo.id}?lang=ar`);
    await page.getByRole('heading', { level: 1, name: 'Demo Provider' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const street = detail.locations.find((l) => l.kind === 'practice')!.street!;
    const price = new Intl.NumberFormat('ar', { style: 'currency', currency: detail.services[0]!.currency, minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(detail.services[0]!.priceMinor / 100);
    const bio = detail.bio.trim();
    expect(bio.endsWith('.')).toBe(true);
    // Where each character is drawn: in a left-to-right text, one written later is drawn to the right.
    const order = await page.evaluate(
      ([streetText, priceText, bioText]) => {
        const nodes: Text[] = [];
        const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) nodes.push(walker.currentNode as Text);
        const x = (needle: string, offset: number) => {
          const node = nodes.find((n) => n.data.includes(needle))!;
          const range = document.createRange();
          const at = node.data.indexOf(needle) + offset;
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          return range.getBoundingClientRect().left;
        };
        const p = priceText.replace(/\u200f/g, '');
        return {
          // "1 High Street": the number before the street's name, not after "Australia".
          address: x(streetText, 0) < x(streetText, streetText.indexOf(' ') + 1),
          // "96 AU$": the "$" after its "AU".
          price: x(p, p.indexOf('$') - 1) < x(p, p.indexOf('$')),
          // The bio's full stop at its end, after the word before it.
          bio: x(bioText.slice(-8), 6) < x(bioText.slice(-8), 7),
        };
      },
      [street, price, bio] as const,
    );
    expect(order).toEqual({ address: true, price: true, bio: true });
    // The languages as an Arabic list: no Latin comma.
    const names = detail.languages.map((code) => ({ en: 'English', ar: 'العربية', zh: '中文', es: 'Español', fr: 'Français', pt: 'Português' })[code] ?? code);
    const languages = page.getByRole('main').locator('dd').filter({ hasText: names[0]! }).first();
    expect(names.length).toBeGreaterThan(1);
    expect(await languages.textContent()).not.toContain(', ');
    await expectAxeClean(page);

    // A patient's appointment card: the address alone in its line, at the start of a right-to-left one.
    expect((await page.request.post(`${server.url}/api/auth/demo/sign-in`, { data: { role: 'patient' }, headers: { origin: server.url } })).status()).toBe(200);
    await page.goto(`${server.url}/appointments?lang=ar`);
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    const cardAddress = await page.evaluate(() => {
      const nodes: Text[] = [];
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) nodes.push(walker.currentNode as Text);
      const node = nodes.find((n) => /^\d+ [A-Za-z]/.test(n.data) && n.parentElement?.closest('dd'));
      if (!node) return null;
      const x = (at: number) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return range.getBoundingClientRect().left;
      };
      return { text: node.data, inOrder: x(0) < x(node.data.indexOf(' ') + 1) };
    });
    expect(cardAddress?.inOrder, cardAddress?.text).toBe(true);
    await expectAxeClean(page);
    await context.close();
  });

  it('suggests towns and suburbs while a place is typed, reads a slip as the nearest match and keeps the place it read in the address', async () => {
    const { page } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
    await page.goto(`${server.url}/providers?region=AU`);
    await h1(page, prov('directory.title'));
    await page.getByText(prov('directory.moreFilters')).click();
    const near = page.getByRole('combobox', { name: prov('directory.near') });
    await near.fill('Chatsw');
    // The browser's own list offers the gazetteer's places, the visitor's region first.
    await expect.poll(() => page.locator('datalist option').first().getAttribute('value')).toBe('Chatswood, NSW, AU');
    expect(await page.locator('datalist option').first().getAttribute('label')).toBe('NSW, Australia');
    await expectAxeClean(page);
    // Not one of the demo's cities, and misspelt: read as Bondi Beach, a few km from the demo's Sydney practices.
    await near.fill('bondi beech');
    await page.getByRole('button', { name: prov('directory.search'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('near') === 'Bondi Beach, NSW, AU');
    await page.getByRole('heading', { level: 2, name: new RegExp(interpolate(prov('directory.nearPlace'), { place: 'Bondi Beach, NSW, AU' })) }).waitFor();
    await expect.poll(() => near.inputValue()).toBe('Bondi Beach, NSW, AU');
    const first = page.getByRole('main').getByRole('listitem').first();
    await first.getByText(/km away/).first().waitFor();
    expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
    await expectAxeClean(page);
    // Kilometres in Australia; the same search from the United Kingdom is in miles, radius and all.
    const radius = page.getByLabel(prov('directory.radius'), { exact: true });
    expect(await radius.locator('option:checked').textContent()).toBe('25 km');
    const kmAway = Number(/([\d.]+) km away/.exec((await first.getByText(/km away/).first().textContent()) ?? '')?.[1]);
    await page.goto(`${server.url}/providers?near=${encodeURIComponent('Bondi Beach, NSW, AU')}&region=GB`);
    await expect.poll(() => radius.locator('option:checked').textContent()).toBe('16 mi');
    expect(await radius.locator('option').allTextContents()).toEqual(['3 mi', '5 mi', '10 mi', '16 mi', '30 mi', '60 mi']);
    const miAway = Number(/([\d.]+) mi away/.exec((await first.getByText(/ mi away/).first().textContent()) ?? '')?.[1]);
    expect(Math.abs(miAway - kmAway / 1.609344)).toBeLessThanOrEqual(0.4);
    // A radius chosen in miles is held in kilometres in the address.
    await radius.selectOption({ label: '5 mi' });
    await page.getByRole('button', { name: prov('directory.search'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('radiusKm') === '8');
    await expectAxeClean(page);
    await page.goto(`${server.url}/providers?near=${encodeURIComponent('Bondi Beach, NSW, AU')}&region=AU`);
    // A place nobody knows says so and searches without distance.
    await near.fill('Qxzvwyk');
    await page.getByRole('button', { name: prov('directory.search'), exact: true }).click();
    await page.getByRole('alert').getByText(interpolate(prov('directory.placeNotFound'), { place: 'Qxzvwyk' })).waitFor();
    await expectAxeClean(page);
    await page.context().close();
  });

  it('a shared directory link with unreadable parts searches without them, a page past the end shows the last page, and times name the zone', async () => {
    const { page } = await newPage(browser, { timezoneId: 'Europe/London' });
    // ?page=-1 and ?radiusKm=abc cannot be read: they are left out, and the page says so.
    await page.goto(`${server.url}/providers?query=heart&page=-1&radiusKm=abc`);
    await h1(page, prov('directory.title'));
    await page.getByText(prov('directory.linkPartsDropped')).waitFor();
    await page.waitForURL((url) => url.searchParams.get('query') === 'heart' && !url.searchParams.has('page') && !url.searchParams.has('radiusKm'));
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    await page.getByText(interpolate(prov('directory.timesIn'), { zone: 'Greenwich Mean Time', id: 'Europe/London' })).waitFor();
    await expectAxeClean(page);
    // Page 999 of a few: the last page, with its number in the address. While the last page loads
    // (held here), the page says there is no such page and links to the last one, without a pager.
    const everyone = (await (await page.request.get(`${server.url}/api/v1/providers`)).json()) as { total: number; pageSize: number };
    const lastOfAll = Math.ceil(everyone.total / everyone.pageSize);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/v1/providers' && url.searchParams.get('page') === String(lastOfAll),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`${server.url}/providers?page=999`);
    const toLast = page.getByRole('link', { name: interpolate(prov('directory.lastPage'), { page: String(lastOfAll) }) });
    await page.getByText(interpolate(prov('directory.pastEnd'), { pages: String(lastOfAll) })).waitFor();
    expect(new URL((await toLast.getAttribute('href')) ?? '', server.url).searchParams.get('page')).toBe(String(lastOfAll));
    expect(await page.getByRole('navigation', { name: prov('directory.pages') }).count()).toBe(0);
    await expectAxeClean(page);
    release();
    await page.getByText(interpolate(prov('directory.pageOf'), { page: String(lastOfAll), pages: String(lastOfAll) })).waitFor();
    expect(await toLast.count()).toBe(0);
    await page.unrouteAll();
    await page.goto(`${server.url}/providers?query=heart&page=999`);
    await page.waitForURL((url) => url.searchParams.get('page') !== '999');
    const last = new URL(page.url()).searchParams.get('page') ?? '1';
    await page.getByText(interpolate(prov('directory.pageOf'), { page: last, pages: last })).waitFor();
    // (Moving there, the page never says that nothing matched; a search that matches nobody does.)
    expect(await page.getByText(prov('directory.empty')).count()).toBe(0);
    // Words alone that match nobody ask for other words; with a filter too, for fewer filters.
    await page.goto(`${server.url}/providers?query=qwxzt`);
    await page.getByText(interpolate(prov('directory.emptyWords'), { query: 'qwxzt' })).waitFor();
    await page.goto(`${server.url}/providers?query=qwxzt&ndis=true`);
    await page.getByText(prov('directory.empty')).waitFor();
    await page.goto(`${server.url}/providers?query=heart&page=999`);
    await page.waitForURL((url) => url.searchParams.get('page') !== '999');
    // Next to the last page: the focus goes to the results' heading and count (Next is disabled there).
    const all = (await (await page.request.get(`${server.url}/api/v1/providers`)).json()) as { total: number; pageSize: number };
    const pages = Math.ceil(all.total / all.pageSize);
    expect(pages).toBeGreaterThan(2);
    await page.goto(`${server.url}/providers?page=${pages - 1}`);
    await page.getByText(interpolate(prov('directory.pageOf'), { page: String(pages - 1), pages: String(pages) })).waitFor();
    await page.getByRole('button', { name: prov('directory.next'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === String(pages));
    await expect.poll(() => focused(page), { timeout: 10_000 }).toMatch(/^H2: \d+ providers$/);
    await expect.poll(() => page.getByRole('button', { name: prov('directory.next'), exact: true }).isDisabled()).toBe(true);
    expect(await focused(page)).toMatch(/^H2: \d+ providers$/);
    // Paging and sorting keep the search made: text typed over it without pressing Search is not applied.
    await page.goto(`${server.url}/providers?query=family`);
    const queryBox = page.getByRole('searchbox', { name: prov('directory.query') });
    await page.getByRole('button', { name: prov('directory.next'), exact: true }).waitFor();
    await queryBox.fill('dentist');
    await page.getByRole('button', { name: prov('directory.next'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(new URL(page.url()).searchParams.get('query')).toBe('family');
    await expect.poll(() => queryBox.inputValue()).toBe('family');
    await queryBox.fill('dentist');
    await page.getByLabel(prov('directory.sort'), { exact: true }).selectOption('rating');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'rating');
    expect(new URL(page.url()).searchParams.get('query')).toBe('family');
    // A radius that is not one of the list's keeps its value in the form.
    await page.goto(`${server.url}/providers?near=Sydney&radiusKm=7`);
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    expect(await page.getByLabel(prov('directory.radius'), { exact: true }).inputValue()).toBe('7');
    // A provider not taking new patients: the profile says who can still book.
    let closed: { id: string; displayName: string } | undefined;
    for (let n = 1; !closed && n <= 30; n++) {
      const body = (await (await page.request.get(`${server.url}/api/v1/providers?page=${n}`)).json()) as { providers: { id: string; displayName: string; acceptingNewPatients: boolean }[] };
      if (body.providers.length === 0) break;
      closed = body.providers.find((p) => !p.acceptingNewPatients);
    }
    expect(closed).toBeDefined();
    await page.goto(`${server.url}/providers/${closed!.id}`);
    await page.getByText(interpolate(prov('profile.returningOnly'), { provider: closed!.displayName })).waitFor();
    await expectAxeClean(page);
    await page.context().close();
  });

  it('a search of words no provider holds all of reads a place among them, else lists those holding some, and says so next to the count', async () => {
    const { page } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
    await page.goto(`${server.url}/providers?region=AU`);
    await h1(page, prov('directory.title'));
    const searchFor = async (query: string) => {
      await page.getByRole('searchbox', { name: prov('directory.query') }).fill(query);
      await page.getByRole('button', { name: prov('directory.search'), exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('query') === query);
    };
    // No demo orthopaedist practises in Sydney: nobody holds all three words, and "sydney" is a
    // place, so those treating back pain are listed, nearest to Sydney first.
    await searchFor('back pain sydney');
    const place = 'Sydney, NSW, AU';
    await page.getByRole('status').getByText(interpolate(prov('directory.nearWords'), { query: '\u2068back pain\u2069', place: `\u2068${place}\u2069` })).waitFor();
    await page.getByRole('heading', { level: 2, name: new RegExp(`^\\d+ providers · ${interpolate(prov('directory.nearPlace'), { place })}$`) }).waitFor();
    expect(await page.getByRole('combobox', { name: prov('directory.sort') }).inputValue()).toBe('distance');
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    await expectAxeClean(page);
    // Two conditions no provider treats both of, and no place: those holding either, and the note says so.
    await searchFor('eczema migraine');
    await page.getByRole('status').getByText(interpolate(prov('directory.someWords'), { query: 'eczema migraine' })).waitFor();
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    await page.getByRole('heading', { level: 2, name: /^\d+ providers$/ }).waitFor();
    await expectAxeClean(page);
    // Words some provider holds all of: the list as before, no note.
    await searchFor('back pain');
    await page.getByRole('main').getByRole('listitem').first().waitFor();
    await expect.poll(() => page.getByText(interpolate(prov('directory.someWords'), { query: 'back pain' })).count()).toBe(0);
    expect(await page.getByText(interpolate(prov('directory.nearWords'), { query: '\u2068back pain\u2069', place: '\u2068Sydney, NSW, AU\u2069' })).count()).toBe(0);
    await page.context().close();
  });

  it('an unknown provider’s booking page is the not-found page with HTTP 404, as their profile is, signed in or not', async () => {
    const visitor = (await newPage(browser, { timezoneId: 'Australia/Sydney' })).page;
    const patient = await signedIn('patient');
    for (const page of [visitor, patient]) {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      // A UUID no provider has, and an id no provider can have.
      for (const id of [crypto.randomUUID(), 'not-a-provider']) {
        for (const path of [`/providers/${id}`, `/appointments/book/${id}`]) {
          const response = await page.goto(server.url + path);
          expect(response?.status(), path).toBe(404);
          await h1(page, common('notFound.title'));
          await expect.poll(() => page.title()).toBe(`${common('notFound.title')} · Tendwell`);
          await page.getByText(common('notFound.message')).waitFor();
          // The way on from a provider who is not listed: the directory.
          expect(await page.getByRole('link', { name: common('notFound.directory'), exact: true }).getAttribute('href')).toBe('/providers');
          expect(await page.getByRole('button', { name: common('queryState.retry') }).count()).toBe(0);
          await expect.poll(() => errors.some((e) => e.includes('404 Error: User attempted to access non-existent route:') && e.endsWith(path))).toBe(true);
        }
      }
      await expectAxeClean(page);
      // Only the not-found logs and the 404 answers themselves: no hydration mismatch.
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    }
    // A listed provider's booking page is still the booking page.
    const demo = await demoProvider(patient);
    const known = await patient.goto(`${server.url}/appointments/book/${demo.id}`);
    expect(known?.status()).toBe(200);
    await h1(patient, appt('book.title'));
    await patient.getByText(interpolate(appt('book.step2'), { provider: demo.displayName })).waitFor();
    // The steps start at 1 with the chosen provider, who can be changed.
    const chosen = patient.getByRole('region', { name: appt('book.providerChosen') });
    await chosen.getByText(demo.displayName, { exact: true }).waitFor();
    await expectAxeClean(patient);
    await chosen.getByRole('link', { name: appt('book.changeProvider') }).click();
    await patient.waitForURL((url) => url.pathname === '/appointments/book');
    await patient.getByRole('heading', { name: appt('book.step1'), level: 2 }).waitFor();
    await visitor.context().close();
    await patient.context().close();
  });

  it('the provider sees the booking in the calendar and confirms it, and takes a day off', async () => {
    const page = await signedIn('provider');
    // A booking of its own, made afresh on each attempt: a retry after a late failure would find
    // the last attempt's booking confirmed and moved already (no Confirm, not where it was).
    const booking = await newPatientBookedAhead(page, 'confirms', 'Confirm and move');
    await booking.patient.context().close();
    const patientName = booking.person.name;
    // The account menu's Dashboard is the practice's for someone who works in it.
    await page.goto(`${server.url}/profile`);
    await page.getByRole('banner').getByRole('button', { name: interpolate(common('header.accountMenu'), { name: 'Demo Provider' }) }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: common('header.dashboard') }).click();
    await page.waitForURL(`${server.url}/provider/dashboard`);
    await h1(page, appt('practice.dashboardTitle'));
    await page.getByRole('heading', { level: 2, name: appt('practice.week') }).waitFor();
    await expectAxeClean(page);
    await page.goto(`${server.url}/provider/appointments`);
    await h1(page, appt('practice.calendarTitle'));
    // The week (the first view) is a time grid: each appointment a block in its day's column, where
    // its time is, none covering another (overlapping ones side by side).
    const days = page.getByRole('main').getByRole('list');
    expect(await days.count()).toBe(7);
    const blocks = days.getByRole('button');
    await blocks.first().waitFor();
    const overlaps = await page.getByRole('main').locator('ul[aria-labelledby]').evaluateAll((columns) =>
      columns.flatMap((column) => {
        const box = column.getBoundingClientRect();
        const rects = [...column.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
        const outside = rects.filter((r) => r.left < box.left - 1 || r.right > box.right + 1).map(() => 'outside its day');
        const covering = rects.flatMap((a, i) =>
          rects.slice(i + 1).filter((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1).map(() => 'covers another'),
        );
        return [...outside, ...covering];
      }),
    );
    expect(overlaps).toEqual([]);
    await expectAxeClean(page);
    // A red line marks now in today's column: at 10:30 in Sydney (the browser's clock set to it),
    // half an hour below the 10 AM label.
    const [year, month, date] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date()).split('-').map(Number);
    const clocked = await signedIn('provider');
    await clocked.clock.setFixedTime(new Date(new TZDate(year!, month! - 1, date!, 10, 30, 'Australia/Sydney').getTime()));
    await clocked.goto(`${server.url}/provider/appointments`);
    const line = clocked.getByTestId('now-line');
    await line.waitFor();
    expect(await line.count()).toBe(1);
    const todayHeading = await line.evaluate((el) => document.getElementById(el.parentElement!.querySelector('ul')!.getAttribute('aria-labelledby')!)!.textContent);
    expect(todayHeading).toContain(String(date));
    // Today's heading says so to assistive technology too, and only today's. The hours read as Australia
    // writes them ("10 am": the browser is in Sydney).
    expect(await clocked.locator('h3[aria-current="date"]').allTextContents()).toEqual([todayHeading]);
    const ten = (await clocked.getByRole('main').locator('[aria-hidden="true"] > span', { hasText: /^10\sAM$/i }).boundingBox())!;
    const lineBox = (await line.boundingBox())!;
    expect(Math.abs(lineBox.y - (ten.y + ten.height / 2 + 48))).toBeLessThanOrEqual(3);
    await clocked.context().close();
    // A block opens the appointment's card in a dialog, with what can be done now; a cancellation's
    // reason field and its confirm button lie within the card.
    let cancellable = false;
    for (let i = 0; i < Math.min(await blocks.count(), 12) && !cancellable; i++) {
      const block = blocks.nth(i);
      await block.click();
      const dialog = page.getByRole('dialog', { name: /^Appointment with .+ on / });
      const card = dialog.locator('div.rounded-lg').first();
      await card.getByRole('link', { name: new RegExp(appt('messaging.messagePatient')) }).waitFor();
      const cancelToggle = card.getByRole('button', { name: new RegExp(`^${appt('practice.actions.cancel')}`) });
      if ((await cancelToggle.count()) > 0) {
        cancellable = true;
        await cancelToggle.click();
        const reasonBox = await card.getByLabel(appt('practice.cancelReason')).boundingBox();
        const confirmBox = await card.getByRole('button', { name: appt('practice.confirmCancel') }).boundingBox();
        const cardBox = await card.boundingBox();
        for (const box of [reasonBox!, confirmBox!]) {
          expect(box.x).toBeGreaterThanOrEqual(cardBox!.x - 1);
          expect(box.x + box.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 1);
          expect(box.y + box.height).toBeLessThanOrEqual(cardBox!.y + cardBox!.height + 1);
        }
        await expectAxeClean(page);
        await cancelToggle.click();
      }
      // Escape closes it, and the focus is back on the block.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => block.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    expect(cancellable).toBe(true);
    // On a narrow screen the week's days are one under another, each appointment a card.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('main').locator('li div.rounded-lg').first().getByRole('link', { name: new RegExp(appt('messaging.messagePatient')) }).waitFor();
    expect(await page.getByRole('main').locator('ul[aria-labelledby]').first().isVisible()).toBe(false);
    await expectAxeClean(page);
    await page.setViewportSize(wide);
    // The day view names its day once, as the section's heading.
    await page.getByRole('button', { name: appt('practice.views.day'), exact: true }).click();
    await page.getByRole('button', { name: appt('practice.views.day'), exact: true, pressed: true }).waitFor();
    const dayCards = page.getByRole('main').locator('li div.rounded-lg');
    // On to a day with appointments (the demo calendar has some on each of the next days).
    for (let i = 0; i < 8 && (await dayCards.count()) === 0; i++) {
      await page.getByRole('button', { name: appt('practice.next'), exact: true }).click();
      await page.waitForLoadState('networkidle');
    }
    expect(await dayCards.count()).toBeGreaterThan(0);
    expect(await page.getByRole('main').getByRole('heading', { level: 3 }).count()).toBe(0);
    await expectAxeClean(page);
    // The view and the day are in the address: a reload shows the same day.
    const dayHeading = await page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent();
    expect(new URL(page.url()).searchParams.get('view')).toBe('day');
    await page.reload();
    await page.getByRole('button', { name: appt('practice.views.day'), exact: true, pressed: true }).waitFor();
    await expect.poll(() => page.getByRole('main').getByRole('heading', { level: 2 }).first().textContent()).toBe(dayHeading);
    await page.getByRole('button', { name: appt('practice.today_button'), exact: true }).click();
    await page.getByRole('button', { name: appt('practice.views.list'), exact: true }).click();
    const card = page.getByRole('main').locator('div.rounded-lg').filter({ hasText: booking.visitReason });
    await card.waitFor();
    await expectAxeClean(page);
    await card.getByRole('button', { name: new RegExp(`^${appt('practice.actions.confirm')}`) }).click();
    await expectToast(page, interpolate(appt('practice.done.confirm'), { patient: patientName }));
    await card.getByText(appt('status.confirmed'), { exact: true }).waitFor();
    // Confirm is gone with the change; the focus stays in the card (on its time, patient and status), not on the page's body.
    await expect.poll(() => card.evaluate((c) => c.contains(document.activeElement) && document.activeElement !== c)).toBe(true);

    // The practice moves it two weeks on: it stays confirmed, and the patient is emailed the new time.
    await card.getByRole('button', { name: new RegExp(`^${appt('practice.move')}`) }).click();
    const movePanel = card.getByRole('region', { name: interpolate(appt('practice.moveTitle'), { patient: patientName }) });
    const firstDay = movePanel.locator('h4').first();
    await firstDay.waitFor();
    const dayBefore = await firstDay.textContent();
    await movePanel.getByRole('button', { name: appt('slots.later') }).click();
    await expect.poll(() => firstDay.textContent(), { timeout: 15_000 }).not.toBe(dayBefore);
    // The list names each day once, above its cards (as the picker names its days): the card's day.
    const cardDay = () => card.evaluate((c) => c.closest('li')?.parentElement?.previousElementSibling?.textContent ?? '');
    const dayOfCard = await cardDay();
    // A free time on another day than the card's (the card then moves under that day's heading).
    const otherDay = movePanel.locator('div', { has: page.locator('h4') }).filter({ has: page.getByRole('radio') }).filter({ hasNot: page.locator('h4', { hasText: dayOfCard }) });
    await freeTimes(otherDay.first()).first().click();
    await expectAxeClean(page);
    const mailsBefore = smtp.received.length;
    await movePanel.getByRole('button', { name: /^Move to / }).click();
    await expectToast(page, interpolate(appt('practice.moved').split('{{when}}')[0]!, { patient: patientName }));
    await movePanel.waitFor({ state: 'detached' });
    // It shows again under its new day (a new card there), still confirmed, and the focus went with it.
    await expect.poll(cardDay).not.toBe(dayOfCard);
    await card.getByText(appt('status.confirmed'), { exact: true }).waitFor();
    await expect.poll(() => card.evaluate((c) => c.contains(document.activeElement) && document.activeElement !== c)).toBe(true);
    await smtp.waitFor((m) => smtp.received.indexOf(m) >= mailsBefore && m.to.includes(booking.person.email) && m.subject.startsWith('Moved'));

    await page.goto(`${server.url}/provider/availability`);
    await h1(page, appt('availability.title'));
    await page.getByRole('heading', { level: 3, name: appt('availability.preview') }).waitFor();
    // The breaks' own button says what it adds.
    await page.getByRole('group', { name: appt('availability.breaks') }).first().getByRole('button', { name: new RegExp(`^${appt('availability.addBreak')}`) }).first().waitFor();
    await expectAxeClean(page);
    // Monday ending before it starts: refused before saving, with the day and the part named.
    const mondayTo = page.getByRole('group', { name: appt('availability.weekly') }).first().getByLabel(`Monday ${appt('availability.to')}`).first();
    const mondayEnd = await mondayTo.inputValue();
    await mondayTo.fill('06:00');
    await page.getByRole('button', { name: appt('availability.saveHours') }).first().click();
    await page.getByRole('alert').getByText(interpolate(appt('availability.problems.endBeforeStart'), { day: 'Monday', part: appt('availability.weekly') })).waitFor();
    await expectAxeClean(page);
    await mondayTo.fill(mondayEnd);
    // Saved, the focus is still on Save hours (not dropped to the body while it was working).
    const saveHours = page.getByRole('button', { name: appt('availability.saveHours') }).first();
    await saveHours.click();
    await expectToast(page, appt('availability.hoursSaved'));
    await expect.poll(() => saveHours.evaluate((el) => el === document.activeElement)).toBe(true);
    // Six weeks ahead, after every booked time of the demo calendar and of this suite.
    await page.getByLabel(appt('availability.date'), { exact: true }).fill(new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + 42 * 86_400_000)));
    await page.getByRole('textbox', { name: appt('availability.note') }).fill('Conference');
    await page.getByRole('button', { name: appt('availability.saveOverride') }).click();
    await expectToast(page, appt('availability.overrideSaved'));
    await page.getByRole('main').getByText(/Conference/).first().waitFor();
    // No date: the field says so (nothing is sent to …/overrides/ without one).
    const dateField = page.getByLabel(appt('availability.date'), { exact: true });
    await dateField.fill('');
    await page.getByRole('button', { name: appt('availability.saveOverride') }).click();
    await page.getByText(appt('availability.problems.dateRequired')).waitFor();
    expect(await dateField.getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(page);
    // A second change, removed again: a toast says so and the row goes.
    await dateField.fill(new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + 43 * 86_400_000)));
    await page.getByRole('textbox', { name: appt('availability.note') }).fill('Training');
    await page.getByRole('button', { name: appt('availability.saveOverride') }).click();
    await expectToast(page, appt('availability.overrideSaved'));
    const training = page.getByRole('main').getByRole('listitem').filter({ hasText: /Training/ });
    await training.getByRole('button', { name: new RegExp(`^${appt('availability.remove')}`) }).click();
    await expectToast(page, appt('availability.overrideRemoved'));
    await training.waitFor({ state: 'detached' });
    await page.mouse.move(0, 0);
    await settleToasts(page);
    await expectAxeClean(page);
  }, 150_000);

  it('a day off over booked times lists them on /provider/availability and the dashboard; the provider keeps one and cancels one, whose patient gets the reason by mail', async () => {
    const provider = await signedIn('provider');
    const { availability, location, followUp } = await demoPracticeAndFollowUp(provider);
    // A retry after a late failure: the last attempt's day off goes first, so its day is open again.
    const locations = ((await (await provider.request.get(`${server.url}/api/v1/practice/availability`)).json()) as { locations: { id: string; overrides: { date: string; note: string }[] }[] }).locations;
    for (const left of locations.find((l) => l.id === location.id)!.overrides.filter((o) => o.note === 'Unwell')) {
      expect((await provider.request.delete(`${server.url}/api/v1/practice/locations/${location.id}/overrides/${left.date}`)).status()).toBe(200);
    }
    // The demo calendar keeps to the demo hours: nothing is outside them before the day off.
    expect(((await (await provider.request.get(`${server.url}/api/v1/practice/availability`)).json()) as { outsideHours: unknown[] }).outsideHours).toEqual([]);
    // A day two to nine days ahead on which the demo calendar has a booked time at the practice.
    const zone = 'Australia/Sydney';
    const dateOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));
    const from = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 9 * 86_400_000).toISOString();
    const calendar = (await (await provider.request.get(`${server.url}/api/v1/practice/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).json()) as {
      appointments: { startsAt: string; status: string; location: { id: string }; patient: { name: string } }[];
    };
    const seeded = calendar.appointments.find((a) => ['booked', 'confirmed'].includes(a.status) && a.location.id === location.id);
    expect(seeded, 'a booked time in the demo calendar').toBeDefined();
    const day = dateOf(seeded!.startsAt);

    // Two new patients book other times that day (new on each attempt: a retry would find the last
    // attempt's kept for good, and a kept time is not listed again): one is kept, one cancelled.
    const bookThatDay = async (tag: string) => {
      const who = await createVerifiedPerson(server.url, smtp, tag);
      const { page: patient } = await newPage(browser, { timezoneId: zone });
      expect((await patient.request.post(`${server.url}/api/auth/sign-in/email`, { data: { email: who.email, password: who.password }, headers: { origin: server.url } })).status()).toBe(200);
      const slots = (await (await patient.request.get(`${server.url}/api/v1/providers/${availability.providerId}/slots?serviceId=${followUp.id}&locationId=${location.id}&from=${encodeURIComponent(from)}&days=8`)).json()) as { slots: { start: string }[] };
      const free = slots.slots.find((slot) => dateOf(slot.start) === day);
      expect(free, `a free time on ${day}`).toBeDefined();
      const booked = await patient.request.post(`${server.url}/api/v1/appointments`, {
        data: { providerId: availability.providerId, serviceId: followUp.id, locationId: location.id, startsAt: free!.start, reason: 'Day off check' },
        headers: { origin: server.url, 'idempotency-key': crypto.randomUUID() },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      await patient.context().close();
      return who;
    };
    const person = await bookThatDay('dayoff');
    const keeper = await bookThatDay('dayoffkeep');

    // The provider takes that day off on the page: the save says how many booked times it leaves outside the hours.
    await provider.goto(`${server.url}/provider/availability`);
    await h1(provider, appt('availability.title'));
    await provider.getByLabel(appt('availability.date'), { exact: true }).fill(day);
    await provider.getByRole('textbox', { name: appt('availability.note') }).fill('Unwell');
    await provider.getByRole('button', { name: appt('availability.saveOverride') }).click();
    const outside = ((await (await provider.request.get(`${server.url}/api/v1/practice/availability`)).json()) as { outsideHours: { patient: { name: string } }[] }).outsideHours;
    expect(outside.map((a) => a.patient.name)).toEqual(expect.arrayContaining([keeper.name, person.name]));
    const plural = (key: string) => interpolate(appt(`${key}_${outside.length === 1 ? 'one' : 'other'}`), { count: String(outside.length) });
    await expectToast(provider, appt('availability.overrideSaved'), plural('availability.outside.nowOutside'));
    const panel = provider.getByRole('region', { name: plural('availability.outside.heading') });
    await panel.waitFor();
    // The panel is at the top of the page, out of view from the date changes; the toast leads there.
    const panelHeading = panel.getByRole('heading', { level: 2 });
    const inView = () => panelHeading.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight);
    expect(await inView()).toBe(false);
    await provider
      .getByRole('region', { name: common('toasts.region') })
      .locator('li')
      .filter({ hasText: appt('availability.overrideSaved') })
      .getByRole('button', { name: appt('availability.outside.review') })
      .click();
    await expect.poll(() => panelHeading.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await inView()).toBe(true);
    await provider.mouse.move(0, 0);
    await settleToasts(provider);
    await expectAxeClean(provider);

    // The dashboard says so too and leads back here.
    await provider.goto(`${server.url}/provider/dashboard`);
    await h1(provider, appt('practice.dashboardTitle'));
    await provider.getByText(plural('practice.outsideHours')).waitFor();
    await expectAxeClean(provider);
    await provider.getByRole('link', { name: appt('practice.reviewOutside') }).click();
    await h1(provider, appt('availability.title'));

    // The new patient's time is cancelled with a reason; their mail gives it and a link to book again.
    const card = (name: string) => panel.getByRole('listitem').filter({ hasText: name });
    await card(person.name).getByRole('button', { name: new RegExp(`^${appt('practice.actions.cancel')}`) }).click();
    // The reason is required (the patient's email gives it): without one, the field says so and nothing is sent.
    await card(person.name).getByRole('button', { name: appt('practice.confirmCancel') }).click();
    await card(person.name).getByText(appt('practice.cancelReasonRequired')).waitFor();
    expect(await card(person.name).getByLabel(appt('practice.cancelReason')).getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(provider);
    await card(person.name).getByLabel(appt('practice.cancelReason')).fill('The practice is closed that day');
    await card(person.name).getByRole('button', { name: appt('practice.confirmCancel') }).click();
    await expectToast(provider, interpolate(appt('practice.done.cancel'), { patient: person.name }));
    await card(person.name).waitFor({ state: 'detached' });
    const mail = await smtp.waitFor((m) => m.to.includes(person.email) && m.subject.startsWith('Cancelled'));
    expect(mail.text).toContain('The practice cancelled it.');
    expect(mail.text).toContain('Reason: The practice is closed that day');
    expect(mail.text).toContain(`/appointments/book/${availability.providerId}`);

    // Every other time is kept: the list empties and the appointments stay booked.
    while ((await panel.getByRole('listitem').count()) > 0) {
      const name = (await panel.getByRole('listitem').first().locator('bdi').first().textContent()) ?? '';
      await panel.getByRole('listitem').first().getByRole('button', { name: new RegExp(`^${appt('availability.outside.keep')}`) }).click();
      await expectToast(provider, interpolate(appt('availability.outside.kept'), { patient: name }));
      await settleToasts(provider);
    }
    await panel.waitFor({ state: 'detached' });
    const after = (await (await provider.request.get(`${server.url}/api/v1/practice/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).json()) as { appointments: { startsAt: string; status: string; patient: { name: string } }[] };
    expect(after.appointments.find((a) => a.patient.name === seeded!.patient.name && a.startsAt === seeded!.startsAt)?.status).toBe(seeded!.status);
    expect(after.appointments.find((a) => a.patient.name === keeper.name)?.status).toBe('booked');
    await expectAxeClean(provider);
    // Back to the usual hours that day.
    const overrides = provider.getByRole('list', { name: appt('availability.overrides') });
    await overrides.getByRole('listitem').filter({ hasText: 'Unwell' }).getByRole('button', { name: new RegExp(`^${appt('availability.remove')}`) }).click();
    await overrides.getByRole('listitem').filter({ hasText: 'Unwell' }).waitFor({ state: 'detached' });
    await provider.context().close();
  });

  it('the provider changes a service’s free time after visits on /provider/availability; the week preview and /provider/profile show it', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/availability`);
    await h1(page, appt('availability.title'));
    const preview = page.getByRole('group', { name: appt('availability.preview') }).first();
    /** Free times of the shown week as the preview counts them, once it has its answer. */
    const shownWeek = async (): Promise<number> => {
      await expect.poll(() => preview.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
      const counts = await preview.locator('p').allTextContents();
      return counts.reduce((sum, text) => sum + (Number(/\d+/.exec(text)?.[0]) || 0), 0);
    };
    /** This week's and next week's free times (the demo calendar's coming visits fall in them). */
    const twoWeeks = async (): Promise<number> => {
      const firstDay = preview.locator('h4').first();
      await firstDay.waitFor();
      const thisWeek = await shownWeek();
      const heading = await firstDay.textContent();
      await page.getByRole('button', { name: appt('practice.next'), exact: true }).first().click();
      await expect.poll(() => firstDay.textContent(), { timeout: 15_000 }).not.toBe(heading);
      const nextWeek = await shownWeek();
      await page.getByRole('button', { name: appt('practice.previous'), exact: true }).first().click();
      await expect.poll(() => firstDay.textContent(), { timeout: 15_000 }).toBe(heading);
      return thisWeek + nextWeek;
    };
    await page.getByRole('combobox', { name: appt('book.service'), exact: true }).first().selectOption({ label: 'Follow-up consultation' });
    const minutes = (count: number) => interpolate(appt(count === 1 ? 'availability.minutes_one' : 'availability.minutes_other'), { count: String(count) });
    const timing = (after: number) => interpolate(appt('availability.previewTiming'), { minutes: minutes(20), before: minutes(0), after: minutes(after) });
    await page.getByText(timing(0)).waitFor();
    const before = await twoWeeks();
    expect(before).toBeGreaterThan(0);
    // This week's days gone by (in the practice's zone, Sydney) say so, rather than 0 free times.
    const daysGoneBy = (new TZDate(Date.now(), 'Australia/Sydney').getDay() + 6) % 7;
    expect(await preview.locator('p').filter({ hasText: new RegExp(`^${appt('availability.pastDay')}$`) }).count()).toBe(daysGoneBy);
    // The demo practice has no hours on Sundays: the last day says it is closed (it is never past).
    expect(await preview.locator('p').last().textContent()).toBe(appt('availability.closed'));
    await expectAxeClean(page);

    // 40 minutes kept free after each follow-up: a follow-up can no longer start just before a booked visit.
    const form = page.getByRole('form', { name: 'Follow-up consultation' });
    await form.getByLabel(new RegExp(`^${appt('directoryProfile.services.bufferAfter').replace(/[()]/g, '\\$&')}`)).fill('40');
    await form.getByRole('button', { name: new RegExp(`^${appt('availability.saveBuffers')}`) }).click();
    await expectToast(page, interpolate(appt('availability.buffersSaved'), { name: 'Follow-up consultation' }));
    await page.getByText(timing(40)).waitFor();
    await expect.poll(twoWeeks, { timeout: 30_000 }).toBeLessThan(before);
    await page.mouse.move(0, 0);
    await settleToasts(page);
    await expectAxeClean(page);

    // One source of truth: the services manager on /provider/profile shows the same free time.
    await page.goto(`${server.url}/provider/profile`);
    await page.getByText(interpolate(appt('directoryProfile.services.buffers'), { before: '0', after: '40' })).first().waitFor();
    await expectAxeClean(page);
  });

  it('the patient reschedules and then cancels from My appointments', async () => {
    const page = await signedIn('patient');
    // A booking of its own, made afresh on each attempt (a retry would find the last one's moved and cancelled).
    const provider = await signedIn('provider');
    const { visitReason: reason } = await bookedAhead(provider, page, 'Reschedule then cancel');
    await provider.context().close();
    await page.goto(`${server.url}/appointments`);
    await h1(page, appt('list.title'));
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: reason });
    await card.waitFor();
    await expectAxeClean(page);
    await card.getByRole('button', { name: appt('list.reschedule') }).click();
    // A time two weeks on, so the moved appointment can still be cancelled online.
    const firstDay = card.locator('h4').first();
    await firstDay.waitFor();
    const dayBefore = await firstDay.textContent();
    await card.getByRole('button', { name: appt('slots.later') }).click();
    await expect.poll(() => firstDay.textContent(), { timeout: 15_000 }).not.toBe(dayBefore);
    const slot = freeTimes(card).nth(1);
    await slot.click();
    const mailsBefore = smtp.received.length;
    await card.getByRole('button', { name: /^Move to / }).click();
    await expectToast(page, appt('list.rescheduledDone'));
    // The panel closed under the focused button: the focus is on the card's heading.
    await expect.poll(() => page.evaluate((r) => document.activeElement?.tagName === 'H3' && Boolean(document.activeElement.closest('li')?.textContent?.includes(r)), reason), { timeout: 10_000 }).toBe(true);
    // Its own email.
    await smtp.waitFor((m) => smtp.received.indexOf(m) >= mailsBefore && m.to.includes(DEMO_PATIENT_EMAIL) && m.subject.startsWith('Moved'));
    const moved = page.getByRole('main').getByRole('listitem').filter({ hasText: reason });
    await moved.getByRole('button', { name: appt('list.cancel') }).click();
    // The opened form takes the focus: a keyboard user types the reason at once.
    await expect.poll(() => moved.getByLabel(appt('list.cancelReason')).evaluate((el) => el === document.activeElement)).toBe(true);
    await moved.getByLabel(appt('list.cancelReason')).fill('Feeling better');
    await moved.getByRole('button', { name: appt('list.confirmCancel') }).click();
    await expectToast(page, appt('list.cancelledDone'));
    // The cancelled visit leaves the upcoming list, and its card with the focus: the focus goes to the list's heading.
    await moved.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe(`H2: ${appt('list.upcoming')}`);
    await smtp.waitFor((m) => m.to.includes(DEMO_PATIENT_EMAIL) && m.subject.startsWith('Cancelled'));
    await page.getByRole('button', { name: appt('list.past'), exact: true }).click();
    await page.getByRole('main').getByRole('listitem').filter({ hasText: reason }).getByText(appt('status.cancelled'), { exact: true }).first().waitFor();
    // The tab is in the address: a reload keeps it, and Back returns to the coming ones.
    expect(new URL(page.url()).search).toBe('?show=past');
    await page.reload();
    await page.getByRole('button', { name: appt('list.past'), exact: true, pressed: true }).waitFor();
    await page.getByRole('main').getByRole('listitem').filter({ hasText: reason }).first().waitFor();
    await page.goBack();
    await page.getByRole('button', { name: appt('list.upcoming'), exact: true, pressed: true }).waitFor();
    // A page past the end of the list shows its last page.
    await page.goto(`${server.url}/appointments?show=past&page=99`);
    await page.waitForURL((url) => url.search === '?show=past');
    await page.getByRole('main').getByRole('listitem').filter({ hasText: reason }).first().waitFor();
    await page.mouse.move(0, 0);
    await settleToasts(page);
    await expectAxeClean(page);
    // A visit gone by can be booked again: the same provider and service, a new time.
    const gone = page.getByRole('main').getByRole('listitem').filter({ hasText: reason }).first();
    await gone.getByRole('link', { name: new RegExp(`^${appt('dashboard.bookAgain')}`) }).click();
    await page.waitForURL(/\/appointments\/book\/[0-9a-f-]{36}\?service=[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 2, name: /Demo Provider/ }).waitFor();
    await times(page).first().waitFor();
    expect(await page.locator('input[name="service"]:checked').getAttribute('value')).toBe(new URL(page.url()).searchParams.get('service'));

    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { level: 2, name: appt('dashboard.next') }).waitFor();
    await page.getByRole('heading', { level: 2, name: appt('dashboard.recent') }).waitFor();
    await expectAxeClean(page);

    // The practice sees who cancelled and why.
    const practice = await signedIn('provider');
    await practice.goto(`${server.url}/provider/appointments`);
    await h1(practice, appt('practice.calendarTitle'));
    await practice.getByRole('button', { name: appt('practice.views.list'), exact: true }).click();
    await practice
      .getByRole('main')
      .locator('div.rounded-lg')
      .filter({ hasText: reason })
      .getByText(`${appt('practice.cancelledByPatient')} — Feeling better`)
      .waitFor();
    await expectAxeClean(practice);
    await practice.context().close();
  });

  it('the patient rates a completed visit once: no stars are chosen for them, and an untouched form says what is missing', async () => {
    const page = await signedIn('patient');
    await page.goto(`${server.url}/appointments?show=past`);
    await h1(page, appt('list.title'));
    const unrated = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('button', { name: appt('list.rate') }) }).first();
    await unrated.waitFor();
    // The same card throughout, once rated too (it is named by its heading).
    const card = page.locator(`li[aria-labelledby="${await unrated.getAttribute('aria-labelledby')}"]`);
    await card.getByRole('button', { name: appt('list.rate') }).click();
    const score = card.getByLabel(appt('list.score'));
    // The form opens on its first field, with nothing chosen.
    await expect.poll(() => score.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await score.inputValue()).toBe('');
    // Sending it untouched says what is missing and sends nothing.
    await card.getByRole('button', { name: appt('list.sendRating') }).click();
    await card.getByText(appt('list.scoreRequired')).waitFor();
    expect(await score.getAttribute('aria-invalid')).toBe('true');
    expect(await score.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(page);
    await score.selectOption('4');
    await expect.poll(() => card.getByText(appt('list.scoreRequired')).count()).toBe(0);
    await card.getByLabel(appt('list.comment')).fill('Clear and kind.');
    await card.getByRole('button', { name: appt('list.sendRating') }).click();
    await expectToast(page, appt('list.ratedDone'));
    // Rated once: the card says so and offers no second rating.
    await card.getByText(appt('list.rated'), { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: appt('list.rate') }).count()).toBe(0);
    await expectAxeClean(page);
    await page.context().close();
  });

  it('a patient waits for a full day; when a time frees up the waitlist mail arrives and its link books the held time', async () => {
    const provider = await signedIn('provider');
    const { availability, location, followUp } = await demoPracticeAndFollowUp(provider);
    // One 20-minute opening on a day three weeks ahead; a retry takes the next day (the last
    // attempt's day is booked by its waiter, with no time left to take).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + (21 + waitlistAttempts++) * 86_400_000));
    const set = await provider.request.put(`${server.url}/api/v1/practice/locations/${location.id}/overrides/${day}`, { data: { hours: [{ start: '10:00', end: '10:20' }], note: '' } });
    expect(set.status()).toBe(200);
    await provider.context().close();

    // The demo patient takes the only time.
    const taker = await signedIn('patient');
    const slots = (await (await taker.request.get(`${server.url}/api/v1/providers/${availability.providerId}/slots?serviceId=${followUp.id}&locationId=${location.id}&from=${encodeURIComponent(`${day}T00:00:00+11:00`)}&days=1`)).json()) as { slots: { start: string }[] };
    expect(slots.slots).toHaveLength(1);
    const taken = await taker.request.post(`${server.url}/api/v1/appointments`, {
      data: { providerId: availability.providerId, serviceId: followUp.id, locationId: location.id, startsAt: slots.slots[0]!.start },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(taken.status()).toBe(201);

    // Another person joins the waitlist for that day on the booking page.
    const person = await createVerifiedPerson(server.url, smtp, 'waiter');
    const { page } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
    const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password }, headers: { origin: server.url } });
    expect(signIn.status()).toBe(200);
    await page.goto(`${server.url}/appointments/book/${availability.providerId}?service=${followUp.id}`);
    await h1(page, appt('book.title'));
    await page.getByText(appt('waitlist.open')).click();
    // The days offered are the full ones: that day is one of them, named with its weekday, day first
    // as English is written in Australia (the browser's zone is Sydney): "Monday, 7 December 2026".
    const dayLabel = formatDate(new Date(`${day}T12:00:00Z`), 'PPPP', { locale: enAU });
    const dayField = page.getByLabel(appt('waitlist.day'), { exact: true });
    await dayField.locator('option', { hasText: dayLabel }).waitFor({ state: 'attached' });
    await page.getByText(appt('waitlist.daysHint')).waitFor();
    await expectAxeClean(page);
    await dayField.selectOption(day);
    // A double click joins once: one request, the success said, no "already waiting" error, and the
    // focus on what was said (the button may be disabled now), not on the page's body.
    const joins: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/waitlist') joins.push(r.url());
    });
    await page.getByRole('button', { name: appt('waitlist.join') }).dblclick();
    await page.getByRole('status').filter({ hasText: appt('waitlist.joined') }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    expect(joins).toHaveLength(1);
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
    // Now it says they are waiting for it, and it cannot be chosen again.
    const waitingOption = dayField.locator(`option[value="${day}"]`);
    await expect.poll(() => waitingOption.textContent()).toBe(interpolate(appt('waitlist.dayWaiting'), { day: dayLabel }));
    expect(await waitingOption.isDisabled()).toBe(true);
    await expectAxeClean(page);

    // The time frees up: the first person waiting is mailed a link that holds it for them.
    const id = ((await taken.json()) as { id: string }).id;
    expect((await taker.request.post(`${server.url}/api/v1/appointments/${id}/cancel`, { data: {} })).status()).toBe(200);
    const offer = await smtp.waitFor((m) => m.to.includes(person.email.toLowerCase()) && m.subject.startsWith('A time has opened'), 30_000);
    const link = /https?:\/\/\S+\/appointments\/book\/\S+/.exec(offer.text)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await h1(page, appt('book.title'));
    await page.getByRole('button', { name: appt('book.confirm') }).click();
    await page.getByRole('heading', { name: appt('book.done') }).waitFor();
    await expectAxeClean(page);

    // The day is full again: the first patient waits for it too, and leaves the waitlist on
    // /appointments. A message says which day was left, and the focus (on the button that went
    // with the entry) moves to the section's heading, or to the page's when the section went too.
    const joined = await taker.request.post(`${server.url}/api/v1/waitlist`, { data: { providerId: availability.providerId, serviceId: followUp.id, locationId: location.id, date: day } });
    expect(joined.status(), await joined.text()).toBe(201);
    await taker.goto(`${server.url}/appointments`);
    await h1(taker, appt('list.title'));
    const waiting = taker.getByRole('region', { name: appt('waitlist.title') }).getByRole('listitem').filter({ hasText: formatDate(new Date(`${day}T12:00:00Z`), 'EEEE PPP', { locale: enAU }) });
    await waiting.getByRole('button', { name: new RegExp(`^${appt('waitlist.leave')}`) }).click();
    await expectToast(taker, interpolate(appt('waitlist.left'), { day: formatDate(new Date(`${day}T12:00:00Z`), 'EEEE PPP', { locale: enAU }) }));
    await waiting.waitFor({ state: 'detached' });
    const left = ((await (await taker.request.get(`${server.url}/api/v1/waitlist`)).json()) as { entries: unknown[] }).entries.length;
    await expect.poll(() => focused(taker), { timeout: 10_000 }).toBe(left === 0 ? `H1: ${appt('list.title')}` : `H2: ${appt('waitlist.title')}`);
    await taker.mouse.move(0, 0);
    await settleToasts(taker);
    await expectAxeClean(taker);
    // Two people, a mail, two bookings and five axe runs: about a minute on a busy machine.
  }, 120_000);

  it('a booking rule left empty or not a whole number says so, keeps what was typed and saves nothing', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/availability`);
    await h1(page, appt('availability.title'));
    const rules = page.getByRole('region', { name: appt('availability.rules') });
    const windowHours = rules.getByLabel(appt('availability.window'));
    const settings = async () => ((await (await page.request.get(`${server.url}/api/v1/practice/availability`)).json()) as { settings: { cancellationWindowHours: number } }).settings;
    const saved = async () => (await settings()).cancellationWindowHours;
    // The demo's 24 hours, which a retry puts back if a failed attempt left its 48.
    if ((await saved()) !== 24) {
      expect((await page.request.put(`${server.url}/api/v1/practice/availability/settings`, { data: { ...(await settings()), cancellationWindowHours: 24 } })).status()).toBe(200);
      await page.reload();
      await h1(page, appt('availability.title'));
    }
    const save = rules.getByRole('button', { name: appt('availability.saveRules') });
    const problem = rules.getByText(appt('availability.errors.cancellationWindowHours'));

    // Emptied, it is not 0 (patients could change a visit until it starts): it is refused.
    await windowHours.fill('');
    await save.click();
    await problem.waitFor();
    await expect.poll(() => windowHours.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await windowHours.getAttribute('aria-invalid')).toBe('true');
    expect(await windowHours.inputValue()).toBe('');
    await rules.getByRole('alert').getByText(appt('directoryProfile.form.invalid')).waitFor();
    await expectAxeClean(page);
    // Half an hour is not rounded up to an hour behind the provider's back.
    await windowHours.fill('2.5');
    await save.click();
    await problem.waitFor();
    expect(await windowHours.inputValue()).toBe('2.5');
    expect(await saved()).toBe(24);

    await windowHours.fill('48');
    await save.click();
    await expectToast(page, appt('availability.saved'));
    expect(await problem.count()).toBe(0);
    expect(await saved()).toBe(48);
    await page.reload();
    await h1(page, appt('availability.title'));
    expect(await windowHours.inputValue()).toBe('48');
    // Back to the default the next test counts on.
    await windowHours.fill('24');
    await save.click();
    await expectToast(page, appt('availability.saved'));
    expect(await saved()).toBe(24);
    await page.context().close();
  });

  it('weekly hours: a refused time is marked and takes the focus, Add hours and Add a break start at free times, and a refused free time takes the focus', async () => {
    const page = await signedIn('provider');
    // A retry starts from the hours the first attempt found (a failed one may have saved its own).
    type Hours = { id: string; weeklyHours: object[]; breaks: object[] };
    const locationsNow = ((await (await page.request.get(`${server.url}/api/v1/practice/availability`)).json()) as { locations: Hours[] }).locations;
    demoHours ??= locationsNow.map(({ id, weeklyHours, breaks }) => ({ id, weeklyHours, breaks }));
    for (const { id, weeklyHours, breaks } of demoHours) {
      const now = locationsNow.find((l) => l.id === id);
      if (JSON.stringify([now?.weeklyHours, now?.breaks]) === JSON.stringify([weeklyHours, breaks])) continue;
      expect((await page.request.put(`${server.url}/api/v1/practice/locations/${id}/hours`, { data: { weeklyHours, breaks } })).status()).toBe(200);
    }
    await page.goto(`${server.url}/provider/availability`);
    await h1(page, appt('availability.title'));
    /** Every location's hours and breaks as stored, in one order. */
    const stored = async () =>
      ((await (await page.request.get(`${server.url}/api/v1/practice/availability`)).json()) as { locations: { weeklyHours: object[]; breaks: object[] }[] }).locations
        .map((l) => [l.weeklyHours, l.breaks].map((ranges) => ranges.map((r) => JSON.stringify(r)).sort().join()).join(' | '))
        .join(' || ');
    const before = await stored();
    const weekly = page.getByRole('group', { name: appt('availability.weekly') }).first();
    const breaks = page.getByRole('group', { name: appt('availability.breaks') }).first();
    const saveHours = page.getByRole('button', { name: appt('availability.saveHours') }).first();
    const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

    // Monday ending before it starts: the end is marked, described by the message, and takes the focus.
    const mondayTo = weekly.getByLabel(`Monday ${appt('availability.to')}`).first();
    const mondayEnd = await mondayTo.inputValue();
    await mondayTo.fill('06:00');
    await saveHours.click();
    const problem = page.getByRole('alert').getByText(interpolate(appt('availability.problems.endBeforeStart'), { day: 'Monday', part: appt('availability.weekly') }));
    await problem.waitFor();
    expect(await mondayTo.getAttribute('aria-invalid')).toBe('true');
    expect(await mondayTo.getAttribute('aria-describedby')).toBe(await page.getByRole('alert').filter({ hasText: interpolate(appt('availability.problems.endBeforeStart'), { day: 'Monday', part: appt('availability.weekly') }) }).getAttribute('id'));
    await expect.poll(() => isFocused(mondayTo)).toBe(true);
    await expectAxeClean(page);
    await mondayTo.fill(mondayEnd);

    // Add hours on Monday: after the day's hours, not inside them; Add a break: within them, clear of the lunch break.
    const mondayFrom = weekly.getByLabel(`Monday ${appt('availability.from')}`);
    await weekly.getByRole('button', { name: new RegExp(`^${appt('availability.add')}\\s*: Monday$`) }).click();
    expect(await mondayFrom.nth(1).inputValue()).toBe(addHour(mondayEnd, 1));
    const breakFrom = breaks.getByLabel(`Monday ${appt('availability.from')}`);
    const breakTo = breaks.getByLabel(`Monday ${appt('availability.to')}`);
    const lunch = [await breakFrom.first().inputValue(), await breakTo.first().inputValue()];
    await breaks.getByRole('button', { name: new RegExp(`^${appt('availability.addBreak')}\\s*: Monday$`) }).click();
    const added = [await breakFrom.nth(1).inputValue(), await breakTo.nth(1).inputValue()];
    expect(added[0]! >= (await mondayFrom.first().inputValue()) && added[1]! <= mondayEnd, `break ${added.join('–')} within the hours`).toBe(true);
    expect(added[1]! <= lunch[0]! || added[0]! >= lunch[1]!, `break ${added.join('–')} clear of ${lunch.join('–')}`).toBe(true);
    // Both save as they are.
    await saveHours.click();
    await expectToast(page, appt('availability.hoursSaved'));
    await expect.poll(stored).not.toBe(before);
    // Back to the demo hours.
    await weekly.getByRole('button', { name: new RegExp(`^${appt('availability.remove')}\\s*: Monday ${await mondayFrom.nth(1).inputValue()}$`) }).click();
    await breaks.getByRole('button', { name: new RegExp(`^${appt('availability.remove')}\\s*: Monday ${added[0]}$`) }).click();
    await saveHours.click();
    await expect.poll(stored).toBe(before);

    // A free time left empty: the field is marked and takes the focus (not the Save button).
    const form = page.getByRole('form', { name: 'Follow-up consultation' });
    const bufferAfter = form.getByLabel(new RegExp(`^${appt('directoryProfile.services.bufferAfter').replace(/[()]/g, '\\$&')}`));
    const bufferValue = await bufferAfter.inputValue();
    await bufferAfter.fill('');
    await form.getByRole('button', { name: new RegExp(`^${appt('availability.saveBuffers')}`) }).click();
    await form.getByText(appt('directoryProfile.errors.bufferAfterMinutes')).waitFor();
    expect(await bufferAfter.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => isFocused(bufferAfter)).toBe(true);
    await expectAxeClean(page);
    await bufferAfter.fill(bufferValue);
    await page.context().close();
  });

  it('a date change’s long note wraps inside its row at any width and in Arabic; a note over the limit is refused on the page and by the API', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/availability`);
    await h1(page, appt('availability.title'));
    const { location } = await demoPracticeAndFollowUp(page);
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + 44 * 86_400_000));
    const note = page.getByRole('textbox', { name: appt('availability.note') });
    // As long as a note may be, in one word.
    const word = 'W'.repeat(200);
    await page.getByLabel(appt('availability.date'), { exact: true }).fill(date);
    await note.fill(word);
    await page.getByRole('button', { name: appt('availability.saveOverride') }).click();
    await expectToast(page, appt('availability.overrideSaved'));
    const row = page.getByRole('main').getByRole('listitem').filter({ hasText: word });
    await row.waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const rowInside = () => row.evaluate((li) => [...li.querySelectorAll('*')].every((el) => el.getBoundingClientRect().right <= li.getBoundingClientRect().right + 1 && el.getBoundingClientRect().left >= li.getBoundingClientRect().left - 1));
    expect(await overflow()).toBe(0);
    expect(await rowInside()).toBe(true);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await overflow()).toBe(0);
    expect(await rowInside()).toBe(true);
    await page.goto(`${server.url}/provider/availability?lang=ar`);
    await page.getByRole('heading', { level: 1, name: translation('ar', 'availability.title', 'appointments') }).waitFor();
    await row.waitFor();
    expect(await overflow()).toBe(0);
    expect(await rowInside()).toBe(true);
    await page.goto(`${server.url}/provider/availability?lang=en`);
    await h1(page, appt('availability.title'));
    await page.setViewportSize({ width: 1280, height: 800 });

    // Longer than that (pasted past the field's limit): the field says so and takes the focus; nothing is sent.
    await note.evaluate((el) => el.removeAttribute('maxlength'));
    await note.fill(`${word}W`);
    await page.getByRole('button', { name: appt('availability.saveOverride') }).click();
    await page.getByText(interpolate(appt('availability.problems.noteLength'), { max: '200' })).waitFor();
    expect(await note.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(page);
    // The API refuses it as a validation problem.
    const refused = await page.request.put(`${server.url}/api/v1/practice/locations/${location.id}/overrides/${date}`, { data: { hours: [], note: `${word}W` }, headers: { origin: server.url } });
    expect(refused.status()).toBe(400);
    expect(refused.headers()['content-type']).toMatch(/^application\/problem\+json/);
    expect(((await refused.json()) as { code: string }).code).toBe('request.invalid');
    // Removed again.
    await row.getByRole('button', { name: new RegExp(`^${appt('availability.remove')}`) }).click();
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('inside the cancellation window, /appointments says why and gives the phone and email the provider keeps on /provider/profile', async () => {
    const dp = (key: string) => appt(`directoryProfile.${key}`);
    const provider = await signedIn('provider');
    await provider.goto(`${server.url}/provider/profile`);
    await h1(provider, dp('title'));
    const locations = provider.getByRole('region', { name: dp('locations.heading') });
    await locations.getByRole('listitem').first().getByRole('button', { name: new RegExp(`^${dp('locations.edit')}`) }).click();
    const form = locations.getByRole('form', { name: dp('locations.editHeading') });
    const phone = form.getByLabel(dp('locations.contactPhone'));
    await phone.fill('call us');
    await form.getByLabel(dp('locations.contactEmail')).fill('front-desk@harbourview.example');
    await form.getByRole('button', { name: dp('locations.save') }).click();
    await form.getByText(dp('errors.contactPhone')).waitFor();
    await expectAxeClean(provider);
    await phone.fill('+61 2 5550 0199');
    await form.getByRole('button', { name: dp('locations.save') }).click();
    await expectToast(provider, dp('locations.saved'));
    await locations.getByText(/\+61 2 5550 0199/).waitFor();

    // A time a few hours ahead (inside the 24-hour window): the day is opened all day for it.
    const { availability, location, followUp } = await demoPracticeAndFollowUp(provider);
    const soon = new Date(Date.now() + 4 * 3_600_000);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(soon);
    expect((await provider.request.put(`${server.url}/api/v1/practice/locations/${location.id}/overrides/${day}`, { data: { hours: [{ start: '00:00', end: '24:00' }], note: '' } })).status()).toBe(200);
    await provider.context().close();
    const person = await createVerifiedPerson(server.url, smtp, 'late');
    const { page } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
    const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password }, headers: { origin: server.url } });
    expect(signIn.status()).toBe(200);
    const slots = (await (await page.request.get(`${server.url}/api/v1/providers/${availability.providerId}/slots?serviceId=${followUp.id}&locationId=${location.id}&from=${encodeURIComponent(soon.toISOString())}&days=1`)).json()) as { slots: { start: string }[] };
    const start = slots.slots.find((s) => new Date(s.start).getTime() < Date.now() + 20 * 3_600_000)!;
    expect(start).toBeDefined();
    // Booked on the page: before confirming, it says this time could not be changed online.
    await page.goto(`${server.url}/appointments/book/${availability.providerId}?service=${followUp.id}&location=${location.id}&time=${encodeURIComponent(start.start)}`);
    await page.getByText(interpolate(appt('book.cancellationInside'), { hours: '24' })).waitFor();
    expect(await page.getByText(interpolate(appt('book.cancellationPolicy'), { hours: '24' })).count()).toBe(0);
    // With a long unbroken word in it, which must wrap on /appointments, not widen the page.
    await page.getByLabel(appt('book.reason')).fill(`Inside the window ${'x'.repeat(300)}`);
    await expectAxeClean(page);
    await page.getByRole('button', { name: appt('book.confirm') }).click();
    await page.getByRole('heading', { name: appt('book.done') }).waitFor();

    await page.goto(`${server.url}/appointments`);
    await h1(page, appt('list.title'));
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Inside the window' });
    await card.getByText(interpolate(appt('list.insideWindow'), { hours: '24', organisation: 'Harbourview Allied Health' })).waitFor();
    await card.getByText(appt('list.reason'), { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await card.getByRole('button', { name: appt('list.cancel') }).count()).toBe(0);
    expect(await card.getByRole('link', { name: '+61 2 5550 0199' }).getAttribute('href')).toBe('tel:+61255500199');
    expect(await card.getByRole('link', { name: 'front-desk@harbourview.example' }).getAttribute('href')).toBe('mailto:front-desk@harbourview.example');
    await expectAxeClean(page);

    // Another of their appointments, two weeks on, can still be moved: a new time inside the
    // window (the open day above) is warned of in the reschedule panel before moving, as booking does.
    const twoWeeks = (await (await page.request.get(`${server.url}/api/v1/providers/${availability.providerId}/slots?serviceId=${followUp.id}&locationId=${location.id}&from=${encodeURIComponent(new Date(Date.now() + 14 * 86_400_000).toISOString())}&days=7`)).json()) as { slots: { start: string }[] };
    const movable = await page.request.post(`${server.url}/api/v1/appointments`, {
      data: { providerId: availability.providerId, serviceId: followUp.id, locationId: location.id, startsAt: twoWeeks.slots[0]!.start, reason: 'Move me later' },
      headers: { origin: server.url, 'idempotency-key': crypto.randomUUID() },
    });
    expect(movable.status(), await movable.text()).toBe(201);
    await page.reload();
    const moveCard = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Move me later' });
    await moveCard.getByRole('button', { name: appt('list.reschedule') }).click();
    const moveWarning = moveCard.getByText(interpolate(appt('list.moveInside'), { hours: '24' }));
    const soonest = freeTimes(moveCard).first();
    await soonest.waitFor();
    const fromNow = (await (await page.request.get(`${server.url}/api/v1/providers/${availability.providerId}/slots?serviceId=${followUp.id}&locationId=${location.id}&days=2`)).json()) as { slots: { start: string }[] };
    expect(new Date(fromNow.slots[0]!.start).getTime()).toBeLessThan(Date.now() + 24 * 3_600_000);
    await soonest.click();
    await moveWarning.waitFor();
    await moveCard.getByRole('button', { name: /^Move to / }).waitFor();
    await expectAxeClean(page);
    // A time two weeks on: no warning.
    const firstDay = moveCard.locator('h4').first();
    const dayBefore = await firstDay.textContent();
    await moveCard.getByRole('button', { name: appt('slots.later') }).click();
    await expect.poll(() => firstDay.textContent(), { timeout: 15_000 }).not.toBe(dayBefore);
    await freeTimes(moveCard).first().click();
    await moveWarning.waitFor({ state: 'detached' });
  }, 120_000);

  it('an admin verifies a waiting provider, who then appears in the directory', async () => {
    const page = await signedIn('admin');
    await page.goto(`${server.url}/admin/providers`);
    await h1(page, common('adminProviders.title'));
    const items = page.getByRole('main').getByRole('listitem');
    await items.first().waitFor();
    // The first of the demo's waiting providers still waiting (a retry verifies the next one: the
    // last attempt's may be verified already).
    let name = '';
    for (const waiting of ['Dr Harriet Okonkwo', 'Dr Tomás Lindqvist', 'Dr Mei Whitaker']) {
      if ((await items.filter({ hasText: waiting }).count()) > 0) {
        name = waiting;
        break;
      }
    }
    expect(name, 'a demo provider waiting for verification').not.toBe('');
    const item = items.filter({ hasText: name });
    await expectAxeClean(page);
    await item.getByRole('button', { name: new RegExp(`^${common('adminProviders.verify')}`) }).click();
    await page.getByRole('status').filter({ hasText: interpolate(common('adminProviders.verifiedDone'), { name }) }).waitFor();
    await page.goto(`${server.url}/providers?query=${encodeURIComponent(name.split(' ').at(-1)!)}`);
    await page.getByRole('link', { name, exact: true }).first().waitFor();
  });

  // Late in the file: it changes the demo provider's rules (five-minute steps, no notice, no breaks today), which the tests after it rely on.
  it('two tabs of the practice: a change made in one is refused in the other with what happened, and the card shows it as it is; Escape or "Keep the appointment" closes a cancellation', async () => {
    // A new patient books a time days ahead (outside the cancellation window: they may cancel online).
    const provider = await signedIn('provider');
    const { person, patient, slot, visitReason } = await newPatientBookedAhead(provider, 'twotabs', 'Two tabs');

    // The patient's cancellation panel: Escape closes it, as "Keep the appointment" does, and the focus is back on its button.
    await patient.goto(`${server.url}/appointments`);
    await h1(patient, appt('list.title'));
    const mine = patient.getByRole('main').getByRole('listitem').filter({ hasText: visitReason });
    const cancelMine = mine.getByRole('button', { name: appt('list.cancel'), exact: true });
    await cancelMine.click();
    const myReason = mine.getByLabel(appt('list.cancelReason'));
    await expect.poll(() => myReason.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(patient);
    await closesByEscapeAndKeep(patient, cancelMine, myReason, mine.getByRole('button', { name: appt('list.keepAppointment') }));
    await patient.context().close();

    // Two tabs of the provider show the same day.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(slot.start));
    const other = await signedIn('provider');
    const cardIn = (page: Page) => page.getByRole('main').locator('li div.rounded-lg').filter({ hasText: visitReason });
    for (const page of [provider, other]) {
      await page.goto(`${server.url}/provider/appointments?view=day&date=${day}`);
      await h1(page, appt('practice.calendarTitle'));
      await cardIn(page).getByText(appt('status.booked'), { exact: true }).waitFor();
    }
    const [cardA, cardB] = [cardIn(provider), cardIn(other)];
    const button = (card: Locator, key: string) => card.getByRole('button', { name: new RegExp(`^${appt(key)}\\s*:`) });

    // Confirmed in the first tab; the second, which still shows it booked, is told what happened and shows it confirmed.
    await button(cardA, 'practice.actions.confirm').click();
    await expectToast(provider, interpolate(appt('practice.done.confirm'), { patient: person.name }));
    await button(cardB, 'practice.actions.confirm').click();
    await cardB.getByRole('alert').getByText(common('errors.appointment.invalid-transition'), { exact: true }).waitFor();
    await cardB.getByText(appt('status.confirmed'), { exact: true }).waitFor();
    await expectAxeClean(other);

    // The second tab opens the move and picks a time.
    await button(cardB, 'practice.move').click();
    const movePanel = cardB.getByRole('region', { name: interpolate(appt('practice.moveTitle'), { patient: person.name }) });
    await freeTimes(movePanel).first().click();

    // The first tab cancels it. Escape in the reason's form closes it, as "Keep the appointment" does, and the focus is back on Cancel.
    const cancelA = button(cardA, 'practice.actions.cancel');
    await cancelA.click();
    const reasonA = cardA.getByLabel(appt('practice.cancelReason'));
    await expect.poll(() => reasonA.evaluate((el) => el === document.activeElement)).toBe(true);
    await closesByEscapeAndKeep(provider, cancelA, reasonA, cardA.getByRole('button', { name: appt('practice.keepAppointment') }));
    await cancelA.click();
    await reasonA.fill('Provider unwell');
    await expectAxeClean(provider);
    await cardA.getByRole('button', { name: appt('practice.confirmCancel') }).click();
    await expectToast(provider, interpolate(appt('practice.done.cancel'), { patient: person.name }));

    // The second tab moves it: refused with the reason in words, the card shows it cancelled, and the
    // move's panel, which can do nothing more, goes; the reason stays, with the focus on it.
    await movePanel.getByRole('button', { name: /^Move to / }).click();
    const refused = cardB.getByRole('alert').getByText(common('errors.appointment.not-movable'), { exact: true });
    await refused.waitFor();
    await cardB.getByText(appt('status.cancelled'), { exact: true }).waitFor();
    await movePanel.waitFor({ state: 'detached' });
    await refused.waitFor();
    await expect.poll(() => refused.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(other);
    await other.context().close();
    await provider.context().close();
  }, 120_000);

  it('once a visit has started, marking it as missed asks first, and going back leaves it as it was', async () => {
    const provider = await signedIn('provider');
    const availability = (await (await provider.request.get(`${server.url}/api/v1/practice/availability`)).json()) as {
      providerId: string;
      settings: Record<string, unknown>;
      locations: { id: string; kind: string; weeklyHours: unknown[] }[];
      services: { id: string; name: string }[];
    };
    const location = availability.locations.find((l) => l.kind === 'practice')!;
    const followUp = availability.services.find((s) => s.name === 'Follow-up consultation')!;
    // The patient first (signing up takes a few seconds), so the visit can start soon after it is booked.
    const person = await createVerifiedPerson(server.url, smtp, 'missed');
    const { page: patient } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
    expect((await patient.request.post(`${server.url}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password }, headers: { origin: server.url } })).status()).toBe(200);
    const put = async (path: string, data: unknown) => expect((await provider.request.put(`${server.url}${path}`, { data })).status()).toBe(200);
    await put('/api/v1/practice/availability/settings', { ...availability.settings, slotIntervalMinutes: 5, minimumNoticeMinutes: 0 });
    await put(`/api/v1/practice/locations/${location.id}/hours`, { weeklyHours: location.weeklyHours, breaks: [] });
    // Open from the coming minute today (times step from the opening), and all of tomorrow: the
    // first free time is under a minute and a half away, not up to a whole 5-minute step; at least
    // 30 s, for the few requests before it is booked.
    const dayOf = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(at));
    const opening = Math.ceil((Date.now() + 30_000) / 60_000) * 60_000;
    const openingTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Australia/Sydney', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(opening));
    const today = dayOf(Date.now());
    await put(`/api/v1/practice/locations/${location.id}/overrides/${today}`, { hours: [{ start: dayOf(opening) === today ? openingTime : '00:00', end: '24:00' }], note: '' });
    await put(`/api/v1/practice/locations/${location.id}/overrides/${dayOf(Date.now() + 86_400_000)}`, { hours: [{ start: '00:00', end: '24:00' }], note: '' });
    // What the demo calendar holds now gives way: cancelled if not started, else marked missed.
    const from = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const busy = (await (await provider.request.get(`${server.url}/api/v1/practice/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).json()) as { appointments: { id: string; actions: string[]; endsAt: string }[] };
    for (const a of busy.appointments) {
      const action = a.actions.includes('cancel') ? 'cancel' : a.actions.includes('mark_no_show') && Date.parse(a.endsAt) > Date.now() ? 'mark_no_show' : null;
      if (action) expect((await provider.request.post(`${server.url}/api/v1/practice/appointments/${a.id}/actions`, { data: { action, reason: 'Room needed for a test' } })).status()).toBe(200);
    }

    // A new patient books the first free time: a minute or so away.
    const slots = (await (await patient.request.get(`${server.url}/api/v1/providers/${availability.providerId}/slots?serviceId=${followUp.id}&locationId=${location.id}&days=2`)).json()) as { slots: { start: string }[] };
    const start = Date.parse(slots.slots[0]!.start);
    expect(start - Date.now()).toBeLessThan(6 * 60_000);
    const booked = await patient.request.post(`${server.url}/api/v1/appointments`, {
      data: { providerId: availability.providerId, serviceId: followUp.id, locationId: location.id, startsAt: slots.slots[0]!.start, reason: 'Did not come' },
      headers: { origin: server.url, 'idempotency-key': crypto.randomUUID() },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const id = ((await booked.json()) as { id: string }).id;
    const status = async () => ((await (await patient.request.get(`${server.url}/api/v1/appointments/${id}`)).json()) as { status: string }).status;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - Date.now()) + 1000));

    const startDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(start));
    await provider.goto(`${server.url}/provider/appointments?view=day&date=${startDay}`);
    await h1(provider, appt('practice.calendarTitle'));
    const card = provider.getByRole('main').locator('li div.rounded-lg').filter({ hasText: person.name });
    const missed = card.getByRole('button', { name: new RegExp(`^${appt('practice.actions.mark_no_show')}\\s*:\\s*${person.name}$`) });
    await missed.click();
    const dialog = provider.getByRole('alertdialog', { name: interpolate(appt('practice.missed.title'), { patient: person.name }) });
    await dialog.getByText(appt('practice.missed.body')).waitFor();
    await expectAxeClean(provider);
    await dialog.getByRole('button', { name: appt('practice.missed.cancel') }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => missed.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await status()).toBe('booked');

    // By keyboard: Tab to the red confirm button, Enter. The button pressed goes with the change:
    // the focus lands in the card (its time, patient and status), not on the page's body.
    await missed.click();
    const confirmMissed = dialog.getByRole('button', { name: appt('practice.missed.confirm') });
    await dialog.getByRole('button', { name: appt('practice.missed.cancel') }).waitFor();
    for (let i = 0; i < 3 && !(await confirmMissed.evaluate((el) => el === document.activeElement)); i++) await provider.keyboard.press('Tab');
    expect(await confirmMissed.evaluate((el) => el === document.activeElement)).toBe(true);
    await provider.keyboard.press('Enter');
    await expectToast(provider, interpolate(appt('practice.done.mark_no_show'), { patient: person.name }));
    await card.getByText(appt('status.no_show'), { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(provider)).not.toBe('BODY');
    await expect.poll(() => card.evaluate((c) => c.contains(document.activeElement) && document.activeElement !== c)).toBe(true);
    expect(await status()).toBe('no_show');
    await expectAxeClean(provider);
    await patient.context().close();
    await provider.context().close();
  }, 10 * 60_000);

  it('a patient’s open Reschedule goes when the practice moves the visit inside the cancellation window, and the card leaves the list when the practice cancels it, without a reload', async () => {
    const provider = await signedIn('provider');
    const { availability, location, followUp, patient, visitReason, id } = await newPatientBookedAhead(provider, 'livelist', 'Live list');
    const query = `serviceId=${followUp.id}&locationId=${location.id}`;

    // The patient has Reschedule open, a new time chosen.
    await patient.goto(`${server.url}/appointments`);
    await h1(patient, appt('list.title'));
    const mine = patient.getByRole('main').getByRole('listitem').filter({ hasText: visitReason });
    await mine.getByRole('button', { name: appt('list.reschedule'), exact: true }).click();
    await freeTimes(mine).first().click();
    const choice = mine.locator('[role="radio"][aria-checked="true"]');
    await expect.poll(() => choice.evaluate((el) => el === document.activeElement)).toBe(true);

    // The practice moves the visit to a few hours ahead (inside the 24-hour window) from elsewhere;
    // that day is opened all day for it, whatever the day and hour of the run.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + 4 * 3_600_000));
    expect((await provider.request.put(`${server.url}/api/v1/practice/locations/${location.id}/overrides/${day}`, { data: { hours: [{ start: '00:00', end: '24:00' }], note: '' } })).status()).toBe(200);
    const practiceSlots = (await (await provider.request.get(`${server.url}/api/v1/practice/slots?providerId=${availability.providerId}&${query}&days=2`)).json()) as { slots: { start: string }[] };
    const soon = practiceSlots.slots.find((s) => Date.parse(s.start) > Date.now() + 3_600_000 && Date.parse(s.start) < Date.now() + 20 * 3_600_000)!;
    expect(soon).toBeDefined();
    const moved = await provider.request.post(`${server.url}/api/v1/practice/appointments/${id}/reschedule`, { data: { startsAt: soon.start }, headers: { origin: server.url } });
    expect(moved.status(), await moved.text()).toBe(200);

    // Without a reload: the card says it can no longer be changed online, the panel is gone, and the
    // focus that was in it is on the card's heading.
    await mine.getByText(interpolate(appt('list.insideWindow'), { hours: '24', organisation: 'Harbourview Allied Health' })).waitFor({ timeout: 15_000 });
    await mine.getByRole('button', { name: appt('list.reschedule'), exact: true }).waitFor({ state: 'detached' });
    await choice.waitFor({ state: 'detached' });
    await expect.poll(() => mine.evaluate((card) => document.activeElement?.tagName === 'H3' && card.contains(document.activeElement))).toBe(true);
    await expectAxeClean(patient);

    // The practice cancels it: the card leaves the upcoming list, the focus goes to the list's heading.
    const cancelled = await provider.request.post(`${server.url}/api/v1/practice/appointments/${id}/actions`, { data: { action: 'cancel', reason: 'Clinic closed' }, headers: { origin: server.url } });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await mine.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => focused(patient), { timeout: 10_000 }).toBe(`H2: ${appt('list.upcoming')}`);
    await patient.context().close();
    await provider.context().close();
  }, 120_000);
});
