import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../src/server/testing/multipart.js';
import { startSmtpListener, type SmtpListener } from '../src/testing/smtp-listener.js';
import { expectToast, fictionalPerson, postJson, settleToasts, verifyByMail } from './support/auth-flows.js';
import { expectAxeClean, launchBrowser, newPage, startTestServer, type TestServer } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * A provider keeps their own directory profile, against the real server and its demo directory:
 * the demo provider edits the bio and languages, adds a service and a location (and is told why a
 * location with appointments cannot be removed), reloads and finds everything saved; a patient
 * then sees and books the new service. A newly registered provider creates a profile, which waits
 * for review; an admin rejects it with a reason at /admin/providers, the provider reads the reason
 * and submits the profile for review again, and it waits in the admin's list once more. A
 * verified provider is told before and after saving that a new registration number sends the
 * profile back for verification. The page renders right to left in Arabic. axe checks every page state.
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
const prov = (key: string) => translation('en', key, 'providers');
const dp = (key: string) => appt(`directoryProfile.${key}`);
const common = (key: string) => translation('en', key);

async function signedIn(role: string): Promise<Page> {
  const { page } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
  const response = await page.request.post(`${server.url}/api/auth/demo/sign-in`, { data: { role } });
  expect(response.status()).toBe(200);
  return page;
}

/**
 * A provider registered the way a person does it (sign-up, the link in the mail, sign-in), with an
 * organisation of their own ("<name> Clinic"), in a new page in Sydney's time zone.
 */
async function newProviderWithOrganisation(label: string, name: string): Promise<{ person: ReturnType<typeof fictionalPerson>; page: Page }> {
  const person = fictionalPerson(label);
  const signUp = await postJson(server.url, '/api/auth/sign-up/email', { ...person, role: 'provider', locale: 'en', callbackURL: '/auth/login?verified=1' });
  expect(signUp.status).toBe(200);
  await verifyByMail(smtp, person.email);
  const { page } = await newPage(browser, { timezoneId: 'Australia/Sydney' });
  const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, { data: { email: person.email, password: person.password }, headers: { origin: server.url } });
  expect(signIn.status()).toBe(200);
  const org = await page.request.post(`${server.url}/api/v1/tenants`, { data: { name: `${name} Clinic ${randomUUID().slice(0, 4)}`, slug: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}` } });
  expect(org.status()).toBe(201);
  return { person, page };
}

async function h1(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** A section of the page by its heading. */
function section(page: Page, heading: string) {
  return page.getByRole('region', { name: heading, exact: true });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A button's name: its label, then what it acts on (read after a colon). */
function actionOn(label: string, item: string): RegExp {
  return new RegExp(`^${escapeRegExp(label)}\\s*:\\s*${escapeRegExp(item)}$`);
}

/** Opens the header's bell once it has something unread, checks the open list with axe, and follows the notice. */
async function openNotice(page: Page, text: string) {
  const bell = page.getByRole('banner').getByRole('button', { name: new RegExp(`^${escapeRegExp(interpolate(common('notifications.unread_other'), { count: 'X' })).replace('X', '\\d+')}$`) });
  await bell.waitFor({ timeout: 20_000 });
  await bell.click();
  const notice = page.getByRole('dialog').getByRole('link', { name: new RegExp(escapeRegExp(text)) });
  await notice.waitFor();
  await expectAxeClean(page);
  await notice.click();
}

async function settled(page: Page) {
  await page.mouse.move(0, 0);
  await settleToasts(page);
  await expectAxeClean(page);
}

describe('the directory profile screen', () => {
  // What the demo provider adds, named afresh by each attempt (a retried test adds its own).
  const added = { bioWord: '', condition: '', service: '', location: '', providerPath: '' };
  const fresh = () => randomUUID().replace(/[^a-f]/g, '').slice(0, 8);

  it('is linked from the dashboard and the account menu; a missing name is shown next to the field; the bio and languages are saved', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/dashboard`);
    await h1(page, appt('practice.dashboardTitle'));
    await page.getByRole('main').getByRole('link', { name: appt('practice.profileLink') }).click();
    await h1(page, dp('title'));
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: translation('en', 'header.directoryProfile') }).waitFor();
    await page.keyboard.press('Escape');

    const status = section(page, dp('status.heading'));
    await status.getByText(dp('status.verified'), { exact: true }).waitFor();
    added.providerPath = (await status.getByRole('link', { name: dp('status.viewPublic') }).getAttribute('href')) ?? '';
    expect(added.providerPath).toMatch(/^\/providers\/[0-9a-f-]{36}$/);
    const profile = section(page, dp('form.heading'));
    await profile.getByLabel(dp('form.bio')).waitFor();
    await section(page, dp('services.heading')).getByRole('listitem').first().waitFor();
    await section(page, dp('locations.heading')).getByRole('listitem').first().waitFor();
    await expectAxeClean(page);

    // A name is required: the error is shown next to the field and tied to it.
    const name = profile.getByLabel(dp('form.displayName'));
    await name.fill('');
    await profile.getByRole('button', { name: dp('form.save') }).click();
    const nameError = interpolate(dp('errors.displayName'), { max: '120' });
    await profile.getByText(nameError).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).textContent()).toBe(nameError);
    await expectAxeClean(page);

    added.bioWord = `kookaburra${fresh()}`;
    added.condition = `Sleep ${fresh()}`;
    await name.fill('Demo Provider');
    await profile.getByLabel(dp('form.bio')).fill(`A family doctor in Sydney who also treats ${added.bioWord} cases.`);
    await profile.getByRole('checkbox', { name: 'Français' }).check();
    // Typed but not added: saving includes it.
    await profile.getByLabel(dp('form.conditionNew')).fill(added.condition);
    await profile.getByRole('button', { name: dp('form.save') }).click();
    await expectToast(page, dp('form.saved'));
    await profile.getByRole('listitem').filter({ hasText: added.condition }).waitFor();
    await settled(page);
    // Removing a condition (not saved here) hands the focus to the next one's Remove, else the previous one's.
    const conditions = profile.getByRole('group', { name: dp('form.conditions') });
    const chips = conditions.getByRole('listitem');
    const count = await chips.count();
    expect(count).toBeGreaterThan(1);
    await chips.nth(count - 2).getByRole('button').click();
    await expect.poll(() => chips.count()).toBe(count - 1);
    await expect.poll(() => chips.nth(count - 2).getByRole('button').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('adds a service, and asks before deactivating one', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/profile`);
    await h1(page, dp('title'));
    added.service = `Video check-in ${fresh()}`;
    const services = section(page, dp('services.heading'));
    await services.getByRole('listitem').first().waitFor();
    await services.getByRole('button', { name: dp('services.add') }).click();
    const serviceForm = services.getByRole('form', { name: dp('services.newHeading') });
    await serviceForm.getByLabel(dp('services.name'), { exact: true }).fill(added.service);
    await serviceForm.getByLabel(dp('services.mode')).selectOption('telehealth');
    await serviceForm.getByLabel(dp('services.duration')).fill('25');
    // A third decimal is not a price: refused with the field named, never rounded silently.
    await serviceForm.getByLabel(/^Price/).fill('99.999');
    await serviceForm.getByRole('button', { name: dp('services.save') }).click();
    await serviceForm.getByText(dp('errors.priceMinor')).waitFor();
    // The field to put right takes the focus, not the Save button.
    const priceField = serviceForm.getByLabel(/^Price/);
    await expect.poll(() => priceField.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await priceField.getAttribute('aria-invalid')).toBe('true');
    // Over the most a service may cost: the message names that most, as the page writes prices.
    await priceField.fill('1000000000');
    await serviceForm.getByRole('button', { name: dp('services.save') }).click();
    const beforeMax = dp('errors.priceMax').split('{{max}}')[0]!;
    await serviceForm.getByText(new RegExp(`^${beforeMax}.*1,000,000\\b`)).waitFor();
    await expect.poll(() => priceField.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(page);
    await serviceForm.getByLabel(/^Price/).fill('55');
    await expectAxeClean(page);
    await serviceForm.getByRole('button', { name: dp('services.save') }).click();
    await expectToast(page, dp('services.created'));
    const serviceItem = services.getByRole('listitem').filter({ hasText: added.service });
    await serviceItem.getByText(dp('services.active'), { exact: true }).waitFor();
    // The form's Cancel hands the focus back to "Add a service" (disabled while the form was open).
    const addService = services.getByRole('button', { name: dp('services.add') });
    await addService.click();
    await serviceForm.getByRole('button', { name: dp('services.cancel'), exact: true }).click();
    await serviceForm.waitFor({ state: 'detached' });
    await expect.poll(() => addService.evaluate((el) => el === document.activeElement)).toBe(true);
    await serviceItem.getByRole('button', { name: actionOn(dp('services.deactivate'), added.service) }).click();
    const dialog = page.getByRole('alertdialog', { name: interpolate(dp('services.deactivateTitle'), { name: added.service }) });
    await dialog.getByText(dp('services.deactivateBody')).waitFor();
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: dp('services.cancel') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await serviceItem.getByText(dp('services.active'), { exact: true }).waitFor();
    // Focus is back on the button that asked, so the keyboard carries on where it was; from the
    // keyboard too: Enter opens the dialog again, Escape closes it.
    const deactivate = serviceItem.getByRole('button', { name: actionOn(dp('services.deactivate'), added.service) });
    await expect.poll(() => deactivate.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => deactivate.evaluate((el) => el === document.activeElement)).toBe(true);
    await settled(page);
    await page.context().close();
  });

  it('adds a location placed from its suburb, and explains why a practice with coming appointments cannot be removed', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/profile`);
    await h1(page, dp('title'));
    added.location = `Southbank rooms ${fresh()}`;
    const locations = section(page, dp('locations.heading'));
    await locations.getByRole('listitem').first().waitFor();
    await locations.getByRole('button', { name: dp('locations.add') }).click();
    const locationForm = locations.getByRole('form', { name: dp('locations.newHeading') });
    await locationForm.getByLabel(dp('locations.name'), { exact: true }).fill(added.location);
    await locationForm.getByLabel(dp('locations.street')).fill('5 Test Lane');
    // The suburb field suggests the country's suburbs and towns.
    await locationForm.getByLabel(dp('locations.suburb')).fill('Southba');
    await expect.poll(() => locationForm.locator('datalist option[value="Southbank, VIC"]').getAttribute('label')).toBe('Australia');
    // Picking it (the browser puts the option's value in the field) fills the suburb and the state.
    await locationForm.getByLabel(dp('locations.suburb')).fill('Southbank, VIC');
    await expect.poll(() => locationForm.getByLabel(dp('locations.suburb')).inputValue()).toBe('Southbank');
    expect(await locationForm.getByLabel(dp('locations.state')).inputValue()).toBe('VIC');
    await locationForm.getByLabel(dp('locations.city')).fill('Melbourne');
    await locationForm.getByLabel(dp('locations.postalCode')).fill('3006');
    // Placed and zoned for the provider from the suburb's place, shown before saving.
    await expect.poll(() => locationForm.getByLabel(dp('locations.latitude')).inputValue()).toBe('-37.8228');
    expect(await locationForm.getByLabel(dp('locations.longitude')).inputValue()).toBe('144.96434');
    expect(await locationForm.getByLabel(dp('locations.timeZone')).inputValue()).toBe('Australia/Melbourne');
    await expectAxeClean(page);
    await locationForm.getByRole('button', { name: dp('locations.save') }).click();
    await expectToast(page, dp('locations.created'));
    await locations.getByRole('listitem').filter({ hasText: added.location }).getByText(/Melbourne/).waitFor();

    const busy = locations.getByRole('listitem').filter({ hasText: dp('locations.upcoming').split(':')[0]! }).first();
    const busyName = (await busy.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
    // A location with visits still to come says at once why it can't be removed (no confirmation first).
    await busy.getByRole('button', { name: actionOn(dp('locations.remove'), busyName) }).click();
    const refusal = escapeRegExp(interpolate(dp('locations.inUse'), { name: busyName, count: 'COUNT' })).replace('COUNT', '[1-9]\\d*');
    await locations.getByRole('alert').filter({ hasText: new RegExp(`^${refusal}$`) }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await locations.getByRole('listitem').filter({ hasText: busyName }).waitFor();
    // One with none asks first; going back keeps it (the next test books there).
    const newPlace = locations.getByRole('listitem').filter({ hasText: added.location });
    const newPlaceName = (await newPlace.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
    await newPlace.getByRole('button', { name: actionOn(dp('locations.remove'), newPlaceName) }).click();
    const removeDialog = page.getByRole('alertdialog', { name: interpolate(dp('locations.removeTitle'), { name: newPlaceName }) });
    await removeDialog.getByText(dp('locations.removeBody')).waitFor();
    await expectAxeClean(page);
    await removeDialog.getByRole('button', { name: dp('locations.cancel') }).click();
    await removeDialog.waitFor({ state: 'detached' });
    await newPlace.waitFor();
    await settled(page);
    await page.context().close();
  });

  it('finds everything again after a reload, and a patient books the new service', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/profile`);
    await h1(page, dp('title'));
    await page.reload();
    await h1(page, dp('title'));
    const profile = section(page, dp('form.heading'));
    await expect.poll(() => profile.getByLabel(dp('form.bio')).inputValue()).toContain(added.bioWord);
    expect(await profile.getByRole('checkbox', { name: 'Français' }).isChecked()).toBe(true);
    expect(await profile.getByRole('checkbox', { name: 'Español' }).isChecked()).toBe(true);
    await profile.getByRole('listitem').filter({ hasText: added.condition }).waitFor();
    await section(page, dp('services.heading')).getByRole('listitem').filter({ hasText: added.service }).waitFor();
    await section(page, dp('locations.heading')).getByRole('listitem').filter({ hasText: added.location }).waitFor();
    await expectAxeClean(page);
    const mine = (await (await page.request.get(`${server.url}/api/v1/practice/services`)).json()) as { services: { id: string; name: string }[] };
    const serviceId = mine.services.find((s) => s.name === added.service)?.id;
    expect(serviceId).toBeDefined();
    await page.context().close();

    const patient = await signedIn('patient');
    await patient.goto(`${server.url}${added.providerPath}`);
    await h1(patient, 'Demo Provider');
    await patient.getByRole('heading', { level: 2, name: prov('profile.services') }).waitFor();
    await patient.getByText(added.service).waitFor();
    // Each price stays on its service's first line, at the end, however long the description.
    const services = patient.getByRole('region', { name: prov('profile.services') }).getByRole('listitem');
    expect(await services.count()).toBeGreaterThan(1);
    const misplaced = await services.evaluateAll((items) =>
      items
        .filter((li) => {
          const name = li.querySelector('p')!.getBoundingClientRect();
          const price = li.lastElementChild!.getBoundingClientRect();
          return Math.abs(price.top - name.top) > 4 || price.left < name.right;
        })
        .map((li) => li.textContent),
    );
    expect(misplaced).toEqual([]);
    await patient.getByText(added.bioWord, { exact: false }).waitFor();
    await expectAxeClean(patient);
    await patient.goto(`${server.url}/appointments/book/${added.providerPath.split('/').pop()}?service=${serviceId}`);
    await h1(patient, appt('book.title'));
    const times = patient.getByRole('group', { name: appt('book.step3') }).locator('[role="radio"][aria-checked="false"]');
    await times.first().click();
    await patient.getByRole('button', { name: appt('book.confirm') }).click();
    await patient.getByRole('heading', { name: appt('book.done') }).waitFor();
    await expectAxeClean(patient);
    await patient.context().close();
  });

  it('turning "accepting new patients" off in the booking rules survives a later profile save', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/profile`);
    await h1(page, dp('title'));
    const profile = section(page, dp('form.heading'));
    await expect.poll(() => profile.getByRole('checkbox', { name: dp('form.acceptingNew') }).isChecked()).toBe(true);
    await page.getByRole('main').getByRole('link', { name: dp('hoursLink') }).first().click();
    await h1(page, appt('availability.title'));
    const rules = section(page, appt('availability.rules'));
    await rules.getByRole('checkbox', { name: appt('availability.acceptingNew') }).uncheck();
    await rules.getByRole('button', { name: appt('availability.saveRules') }).click();
    await expectToast(page, appt('availability.saved'));

    // Back on the profile (client-side, from the cache): the box follows the booking rules, and a
    // save of the bio leaves the rule alone.
    await page.goBack();
    await h1(page, dp('title'));
    const accepting = profile.getByRole('checkbox', { name: dp('form.acceptingNew') });
    await expect.poll(() => accepting.isChecked()).toBe(false);
    await profile.getByLabel(dp('form.bio')).fill(`A family doctor in Sydney who also treats ${added.bioWord || 'kookaburra'} cases. Rules kept.`);
    const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/practice/profile'));
    await profile.getByRole('button', { name: dp('form.save') }).click();
    expect((await sent).postDataJSON()).not.toMatchObject({ acceptingNewPatients: true });
    await expectToast(page, dp('form.saved'));
    const after = await page.request.get(`${server.url}/api/v1/practice/profile`);
    expect(((await after.json()) as { profile: { acceptingNewPatients: boolean } }).profile.acceptingNewPatients).toBe(false);

    // Ticked again here, it is sent and saved (the next tests book as new patients).
    await accepting.check();
    const again = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/v1/practice/profile'));
    await profile.getByRole('button', { name: dp('form.save') }).click();
    expect((await again).postDataJSON()).toMatchObject({ acceptingNewPatients: true });
    await expectToast(page, dp('form.saved'));
    await settled(page);
    await page.context().close();
  });

  it('a photo saved on the profile screen is what patients see in the directory and on the public profile', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/profile`);
    await h1(page, dp('title'));
    const photo = section(page, common('profile.avatar.directoryHeading'));
    await photo.getByLabel(common('profile.avatar.chooseLabel')).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await photo.getByRole('button', { name: common('profile.avatar.upload') }).click();
    await photo.getByText(common('profile.avatar.uploaded')).waitFor();
    await photo.getByRole('button', { name: common('profile.avatar.remove') }).waitFor();
    await settled(page);
    await page.context().close();

    // Nobody signed in: the card and the profile show the picture, loaded from the directory's public address.
    const { context, page: visitor } = await newPage(browser);
    await visitor.goto(`${server.url}/providers?query=${encodeURIComponent('Demo Provider')}`);
    const card = visitor.getByRole('main').getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: 'Demo Provider' }) }).first();
    const cardImage = card.locator('[data-provider-photo] img');
    await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    expect(await cardImage.getAttribute('src')).toMatch(/^\/api\/v1\/providers\/[0-9a-f-]{36}\/photo\?v=[0-9a-f]{8}$/);
    await expectAxeClean(visitor);
    await card.getByRole('link', { name: 'Demo Provider' }).first().click();
    await h1(visitor, 'Demo Provider');
    const profileImage = visitor.locator('[data-provider-photo] img');
    await expect.poll(() => profileImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await expectAxeClean(visitor);
    await context.close();
  });

  it('renders right to left in Arabic, axe-clean', async () => {
    const page = await signedIn('provider');
    await page.goto(`${server.url}/provider/profile?lang=ar`);
    await h1(page, translation('ar', 'directoryProfile.title', 'appointments'));
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('region', { name: translation('ar', 'directoryProfile.services.heading', 'appointments') }).getByRole('listitem').first().waitFor();
    await page.getByRole('region', { name: translation('ar', 'directoryProfile.locations.heading', 'appointments') }).getByRole('listitem').first().waitFor();
    await expectAxeClean(page);
    // Each service's price keeps its own order (left to right, isolated), as on the patient's pages.
    const services = page.getByRole('region', { name: translation('ar', 'directoryProfile.services.heading', 'appointments') }).getByRole('listitem');
    const serviceCount = await services.count();
    expect(serviceCount).toBeGreaterThan(0);
    for (let i = 0; i < serviceCount; i++) {
      expect(await services.nth(i).locator('bdi[dir="ltr"]').filter({ hasText: /[0-9\u0660-\u0669]/ }).count(), (await services.nth(i).textContent()) ?? undefined).toBe(1);
    }
    // A practice's address is isolated (its own direction) and names a suburb that is its city once.
    const addresses = page.getByRole('region', { name: translation('ar', 'directoryProfile.locations.heading', 'appointments') }).locator('bdi[dir="auto"]');
    expect(await addresses.count()).toBeGreaterThan(0);
    for (const text of await addresses.allTextContents()) {
      const parts = text.split(', ');
      expect(parts.filter((part, i) => i > 0 && part.toLowerCase() === parts[i - 1]!.toLowerCase()), text).toEqual([]);
    }
    // The provider's own text takes its direction from what is typed.
    const form = page.getByRole('region', { name: translation('ar', 'directoryProfile.form.heading', 'appointments') });
    for (const label of ['form.bio', 'form.displayName', 'form.title', 'form.conditionNew']) {
      expect(await form.getByLabel(translation('ar', `directoryProfile.${label}`, 'appointments'), { exact: true }).getAttribute('dir'), label).toBe('auto');
    }
    // A form open, right to left too.
    await page.getByRole('button', { name: translation('ar', 'directoryProfile.locations.add', 'appointments') }).click();
    await page.getByRole('form', { name: translation('ar', 'directoryProfile.locations.newHeading', 'appointments') }).waitFor();
    await expectAxeClean(page);
    // The dashboard's week revenue: each currency's amount isolated left to right.
    await page.goto(`${server.url}/provider/dashboard?lang=ar`);
    const revenue = page.locator('dt', { hasText: translation('ar', 'practice.figures.revenue', 'appointments') }).locator('xpath=following-sibling::dd[1]');
    await revenue.waitFor();
    const revenueText = ((await revenue.textContent()) ?? '').trim();
    if (revenueText !== '—') expect(await revenue.locator('bdi[dir="ltr"]').count(), revenueText).toBeGreaterThan(0);
    expect(await revenue.evaluate((dd) => [...dd.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && /[0-9\u0660-\u0669]/.test(n.textContent ?? '')).length)).toBe(0);
    await expectAxeClean(page);
    // The hours page's buffer fields name their service after an Arabic comma, never a Latin one.
    await page.goto(`${server.url}/provider/availability?lang=ar`);
    await h1(page, translation('ar', 'availability.title', 'appointments'));
    const bufferLabel = page.locator('label', { hasText: translation('ar', 'directoryProfile.services.bufferBefore', 'appointments') }).first();
    const labelText = (await bufferLabel.textContent()) ?? '';
    expect(labelText).toContain('، ');
    expect(labelText).not.toContain(', ');
    await page.context().close();
  });

  it('a rejected provider reads the reason, submits the profile for review again and waits; the admin finds it waiting again', async () => {
    // A newly registered provider with a profile waiting for review (creating one through the screen is the next test).
    const { person, page: provider } = await newProviderWithOrganisation('rejected-provider', 'Wren');
    const displayName = `Dr Wren ${fresh()}`;
    const created = await provider.request.post(`${server.url}/api/v1/practice/profile`, {
      data: {
        displayName, title: 'MBBS', bio: 'A general practitioner.', specialty: 'family-medicine', otherSpecialties: [], languages: ['en'], conditions: [], qualifications: ['MBBS'],
        registrationNumber: 'MED-0001', offersTelehealth: true, offersInPerson: true, acceptingNewPatients: true, ndisRegistered: false,
      },
    });
    expect(created.status()).toBe(201);

    // The admin finds it waiting and rejects it with a reason the provider is told.
    const reason = `The registration number MED-0001 is not on the medical board's register (${fresh()}).`;
    const admin = await signedIn('admin');
    await admin.goto(`${server.url}/admin/providers`);
    await h1(admin, common('adminProviders.title'));
    const findInList = async () => {
      await admin.getByLabel(common('adminProviders.search')).fill(displayName);
      await admin.getByRole('button', { name: common('adminProviders.searchButton'), exact: true }).click();
      return admin.getByRole('main').getByRole('listitem').filter({ hasText: displayName });
    };
    const waiting = await findInList();
    await waiting.getByText(/^Submitted /).waitFor();
    // Before deciding, the admin reads every claim the directory would publish.
    await waiting.getByText(actionOn(common('adminProviders.details'), displayName)).click();
    const details = waiting.getByRole('group');
    await details.getByText('A general practitioner.', { exact: true }).waitFor();
    await details.getByText(common('adminProviders.noLocations'), { exact: true }).waitFor();
    await details.getByText(common('adminProviders.noServices'), { exact: true }).waitFor();
    expect(await details.getByRole('definition').allTextContents()).toEqual(
      expect.arrayContaining(['MBBS', common('adminProviders.no'), `${common('adminProviders.byVideo')} and ${common('adminProviders.inPerson')}`]),
    );
    await expectAxeClean(admin);
    await waiting.getByRole('button', { name: actionOn(common('adminProviders.reject'), displayName) }).click();
    // The reason's field has the focus; rejecting without one says why nothing happened.
    const reasonField = waiting.getByLabel(common('adminProviders.reason'));
    await expect.poll(() => reasonField.evaluate((el) => el === document.activeElement)).toBe(true);
    await waiting.getByRole('button', { name: common('adminProviders.confirmReject'), exact: true }).click();
    await waiting.getByText(common('adminProviders.reasonRequired'), { exact: true }).waitFor();
    expect(await reasonField.getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(admin);
    await reasonField.fill(reason);
    await expect.poll(() => waiting.getByText(common('adminProviders.reasonRequired'), { exact: true }).count()).toBe(0);
    await expectAxeClean(admin);
    await waiting.getByRole('button', { name: common('adminProviders.confirmReject'), exact: true }).click();
    await admin.getByRole('status').filter({ hasText: interpolate(common('adminProviders.rejectedDone'), { name: displayName }) }).waitFor();
    await admin.getByRole('button', { name: common('adminProviders.statuses.rejected'), exact: true }).click();
    await admin.getByRole('main').getByRole('listitem').filter({ hasText: displayName }).getByText(reason, { exact: false }).waitFor();
    await expectAxeClean(admin);

    // The provider is told by email and in the header's bell; the notice leads to their profile.
    const mail = await smtp.waitFor((m) => m.to.includes(person.email.toLowerCase()) && m.subject === 'Your Tendwell profile was not approved');
    expect(mail.text).toContain(reason);
    await provider.goto(`${server.url}/provider/dashboard`);
    await openNotice(provider, interpolate(common('notifications.kinds.provider_rejected'), { reason }));
    // The provider sees that it was not approved, and why.
    await provider.waitForURL(`${server.url}/provider/profile`);
    await h1(provider, dp('title'));
    const status = section(provider, dp('status.heading'));
    await status.getByText(dp('status.rejected'), { exact: true }).waitFor();
    await status.getByText(dp('status.rejectedBody')).waitFor();
    await status.getByText(dp('status.reasonLabel'), { exact: true }).waitFor();
    await status.getByText(reason, { exact: true }).waitFor();
    const resubmit = status.getByRole('button', { name: dp('status.resubmit'), exact: true });
    await resubmit.waitFor();
    await expectAxeClean(provider);

    // They send it for review again: it waits, the reason and the button are gone, and focus stays in the panel.
    await resubmit.click();
    await expectToast(provider, dp('status.resubmitted'));
    await status.getByText(dp('status.pending'), { exact: true }).waitFor();
    await status.getByText(dp('status.pendingBody')).waitFor();
    expect(await status.getByRole('button', { name: dp('status.resubmit') }).count()).toBe(0);
    expect(await status.getByText(reason).count()).toBe(0);
    expect(await provider.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await settled(provider);
    await provider.reload();
    await section(provider, dp('status.heading')).getByText(dp('status.pending'), { exact: true }).waitFor();
    await provider.context().close();

    // The admin hears of it in the bell (live, on the page they were on); the notice leads to the review list.
    await openNotice(admin, interpolate(common('notifications.kinds.provider_resubmitted'), { provider: displayName }));
    await admin.waitForURL(`${server.url}/admin/providers`);
    await h1(admin, common('adminProviders.title'));
    // The admin finds it waiting again, marked as sent back after the rejection, with no reason shown as current.
    await admin.getByRole('button', { name: common('adminProviders.statuses.pending'), exact: true }).click();
    const again = await findInList();
    const resubmittedPrefix = common('adminProviders.resubmitted').split('{{')[0]!;
    await again.getByText(new RegExp(`^${escapeRegExp(resubmittedPrefix)}`)).waitFor();
    expect(await again.getByText(reason).count()).toBe(0);
    await again.getByRole('button', { name: actionOn(common('adminProviders.verify'), displayName) }).waitFor();
    await expectAxeClean(admin);
    await admin.getByRole('button', { name: common('adminProviders.statuses.rejected'), exact: true }).click();
    await admin.getByText(common('adminProviders.empty'), { exact: true }).waitFor();
    await admin.context().close();
  }, 120_000); // the longest walk of this file: a new provider, the admin, the provider, the admin again; five states checked by axe

  it('a verified provider is told before saving that a new registration number sends the profile back for verification, and sees it waiting after', async () => {
    const { page } = await newProviderWithOrganisation('changed-provider', 'Finch');
    const created = await page.request.post(`${server.url}/api/v1/practice/profile`, {
      data: {
        displayName: `Dr Finch ${fresh()}`, title: 'MBBS', bio: 'A general practitioner.', specialty: 'family-medicine', otherSpecialties: [], languages: ['en'], conditions: [], qualifications: ['MBBS'],
        registrationNumber: 'MED-0002', offersTelehealth: true, offersInPerson: true, acceptingNewPatients: true, ndisRegistered: false,
      },
    });
    expect(created.status()).toBe(201);
    const admin = await signedIn('admin');
    const verified = await admin.request.post(`${server.url}/api/v1/admin/providers/${((await created.json()) as { id: string }).id}/decision`, { data: { status: 'verified' } });
    expect(verified.status()).toBe(200);
    await admin.context().close();

    await page.goto(`${server.url}/provider/profile`);
    await h1(page, dp('title'));
    const status = section(page, dp('status.heading'));
    await status.getByText(dp('status.verified'), { exact: true }).waitFor();
    const profile = section(page, dp('form.heading'));
    const save = profile.getByRole('button', { name: dp('form.save') });
    // Before any change: the note by the form says which changes send the profile back, and the save button is described by it.
    await profile.getByText(dp('form.reviewNoteVerified'), { exact: true }).waitFor();
    expect(await save.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.locator(`[id="${await save.getAttribute('aria-describedby')}"]`).textContent()).toContain(dp('form.reviewNoteVerified'));
    // A new bio is not one of them.
    await profile.getByLabel(dp('form.bio')).fill('A general practitioner who also sees children.');
    expect(await profile.getByText(dp('form.reviewChanged')).count()).toBe(0);
    // A new registration number is: said before saving.
    await profile.getByLabel(dp('form.registrationNumber')).fill('MED-0003');
    await profile.getByRole('status').filter({ hasText: dp('form.reviewChanged') }).waitFor();
    await expectAxeClean(page);
    await save.click();
    // And after: saved, sent back, waiting for review.
    await expectToast(page, dp('form.savedForReview'));
    await status.getByText(dp('status.pending'), { exact: true }).waitFor();
    await status.getByText(dp('status.pendingBody')).waitFor();
    expect(await status.getByRole('link', { name: dp('status.viewPublic') }).count()).toBe(0);
    expect(await profile.getByText(dp('form.reviewNoteVerified')).count()).toBe(0);
    await settled(page);
    await page.reload();
    await section(page, dp('status.heading')).getByText(dp('status.pending'), { exact: true }).waitFor();
    expect(await section(page, dp('form.heading')).getByLabel(dp('form.registrationNumber')).inputValue()).toBe('MED-0003');
    await page.context().close();
  });

  it('a newly registered provider creates a profile, which waits for review', async () => {
    const { person, page } = await newProviderWithOrganisation('new-provider', 'Quill');

    // The dashboard says there is no profile yet and leads to the create form.
    await page.goto(`${server.url}/provider/dashboard`);
    const create = page.getByRole('link', { name: appt('practice.createProfile') });
    await create.waitFor();
    await expectAxeClean(page);
    await create.click();
    const form = section(page, dp('create.heading'));
    await form.waitFor();
    expect(await form.getByLabel(dp('form.displayName')).inputValue()).toBe(person.name);
    await expectAxeClean(page);
    await form.getByLabel(dp('form.specialty')).selectOption('neurology');
    await form.getByLabel(dp('form.bio')).fill('A neurologist who sees adults with migraine.');
    await form.getByLabel(dp('form.registrationNumber')).fill('NEU-4242');
    await form.getByRole('button', { name: dp('create.submit') }).click();
    await expectToast(page, dp('create.done'));
    const status = section(page, dp('status.heading'));
    await status.getByText(dp('status.pending'), { exact: true }).waitFor();
    await status.getByText(dp('status.pendingBody')).waitFor();
    await section(page, dp('services.heading')).getByText(dp('services.empty')).waitFor();
    await section(page, dp('locations.heading')).getByText(dp('locations.empty')).waitFor();
    await settled(page);
    await page.reload();
    await section(page, dp('status.heading')).getByText(dp('status.pending'), { exact: true }).waitFor();
    expect(await section(page, dp('form.heading')).getByLabel(dp('form.specialty')).inputValue()).toBe('neurology');
    await page.context().close();
  });
});
