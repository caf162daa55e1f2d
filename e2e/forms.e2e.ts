import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpListener, type SmtpListener } from '../src/testing/smtp-listener.js';
import { settleToasts } from './support/auth-flows.js';
import { expectAxeClean, launchBrowser, newPage, startTestServer, type TestServer } from './support/harness.js';
import { interpolate, translation } from './support/locales.js';

/**
 * The public forms as a visitor uses them: /contact and /enterprise/demo-request (validation,
 * sending, the confirmation mail over real SMTP), the platform admins' /admin/enquiries, and
 * the newsletter's double opt-in from the footer to the mailed links.
 */
let smtp: SmtpListener;
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  smtp = await startSmtpListener();
  [server, browser] = await Promise.all([
    startTestServer({ SMTP_URL: smtp.url, ENQUIRY_RATE_LIMIT_PER_MINUTE: '100', NEWSLETTER_RATE_LIMIT_PER_MINUTE: '100' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const f = (key: string, lng = 'en') => translation(lng, key, 'forms');

/** Dismisses the cookie banner (essential only) so it does not cover the form. */
async function acceptEssential(page: Page) {
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept Selected' }).click();
  await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ state: 'detached' });
  // Its 'saved' toast fades out after 4 s (a pointer resting on it would hold it: move away);
  // axe would catch it mid-fade. On a loaded machine the toast may come only after the banner has
  // gone (once the save is answered): wait for it to appear first, then for it to go.
  await page.mouse.move(0, 0);
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'attached', timeout: 5_000 })
    .catch(() => undefined);
  await settleToasts(page);
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
}

describe('contact and demo-request forms', () => {
  it('validates /contact, sends it and mails a confirmation; the admin finds it and marks it handled', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url + '/contact');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await acceptEssential(page);
    await expectAxeClean(page);

    // Submitting empty shows each rule, linked to its field, and focuses the first.
    await page.getByRole('button', { name: f('enquiry.contact.submit') }).click();
    const name = page.getByRole('main').getByRole('textbox', { name: f('enquiry.fields.name') });
    await page.getByText(f('enquiry.errors.name.required')).waitFor();
    await page.getByText(f('enquiry.errors.email.invalid')).waitFor();
    await page.getByText(f('enquiry.errors.topic.required')).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAxeClean(page);

    // Re-validated as the person types.
    await name.fill('Amara Okafor');
    await page.getByText(f('enquiry.errors.name.required')).waitFor({ state: 'detached' });
    const email = `contact.${Date.now()}@example.org`;
    await page.getByRole('main').getByRole('textbox', { name: f('enquiry.fields.email') }).fill(email);
    await page.getByRole('main').getByRole('combobox', { name: f('enquiry.fields.topic') }).selectOption('billing');
    await page.getByRole('main').getByRole('textbox', { name: f('enquiry.contact.messageLabel') }).fill('Short');
    await page.getByText(f('enquiry.errors.message.tooShort')).waitFor();
    await page.getByRole('main').getByRole('textbox', { name: f('enquiry.contact.messageLabel') }).fill('How do I change the card we pay with, please?');
    await page.getByRole('button', { name: f('enquiry.contact.submit') }).click();
    await page.getByText(interpolate(f('enquiry.contact.sentText'), { email })).waitFor();
    await expectAxeClean(page);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('We received your message');
    expect(mail.text).toContain('Amara Okafor');
    await context.close();

    // The platform admin sees it and handles it.
    const admin = await newPage(browser);
    expect((await admin.page.request.post(`${server.url}/api/auth/demo/sign-in`, { data: { role: 'admin' } })).status()).toBe(200);
    await admin.page.goto(server.url + '/admin/enquiries');
    await admin.page.getByRole('heading', { level: 1, name: f('adminEnquiries.title') }).waitFor();
    const table = admin.page.getByRole('table', { name: f('adminEnquiries.caption') });
    const row = table.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    await acceptEssential(admin.page);
    await expectAxeClean(admin.page);
    await admin.page.getByRole('combobox', { name: f('adminEnquiries.kind') }).selectOption('contact');
    await row.getByText(f('enquiry.topics.billing')).waitFor();
    await row.getByText(f('adminEnquiries.showMessage'), { exact: true }).click();
    await row.getByText('How do I change the card we pay with, please?').waitFor();
    await row.getByRole('button', { name: interpolate(f('adminEnquiries.handleLabel'), { name: 'Amara Okafor' }) }).click();
    await admin.page.getByText(f('adminEnquiries.handledDone')).waitFor();
    await row.getByText(f('adminEnquiries.statuses.handled'), { exact: true }).waitFor();
    await admin.page.getByRole('combobox', { name: f('adminEnquiries.status') }).selectOption('new');
    await row.waitFor({ state: 'detached' });
    await admin.context.close();
  });

  it('sends a demo request with the visitor’s region chosen, and a patient cannot open the admin list', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url + '/enterprise/demo-request?region=AU');
    await acceptEssential(page);
    expect(await page.getByRole('main').getByRole('combobox', { name: f('enquiry.fields.regionCode') }).inputValue()).toBe('AU');
    const email = `demo.${Date.now()}@example.org`;
    await page.getByRole('main').getByRole('textbox', { name: f('enquiry.fields.name') }).fill('Grace Walker');
    await page.getByRole('main').getByRole('textbox', { name: f('enquiry.fields.email') }).fill(email);
    await page.getByRole('main').getByRole('textbox', { name: f('enquiry.fields.organisation') }).fill('Harbour Therapy');
    await page.getByRole('main').getByRole('textbox', { name: f('enquiry.fields.jobTitle') }).fill('Practice manager');
    await page.getByRole('main').getByRole('combobox', { name: f('enquiry.fields.organisationSize') }).selectOption('11-50');
    await page.getByRole('main').getByRole('textbox', { name: f('enquiry.demo_request.messageLabel') }).fill('Scheduling, NDIS claims and reporting.');
    await page.getByRole('button', { name: f('enquiry.demo_request.submit') }).click();
    await page.getByText(interpolate(f('enquiry.demo_request.sentText'), { email })).waitFor();
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.text).toContain('Harbour Therapy');

    const patient = await newPage(browser);
    expect((await patient.page.request.post(`${server.url}/api/auth/demo/sign-in`, { data: { role: 'patient' } })).status()).toBe(200);
    await patient.page.goto(server.url + '/admin/enquiries');
    expect(await patient.page.getByRole('table').count()).toBe(0);
    expect((await patient.page.request.get(`${server.url}/api/v1/admin/enquiries`)).status()).toBe(403);
    await patient.context.close();
    await context.close();
  });

  it('shows the contact form right to left in Arabic', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url + '/contact?lang=ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: f('enquiry.contact.submit', 'ar') }).waitFor();
    await expectAxeClean(page);
    await context.close();
  });
});

describe('newsletter double opt-in', () => {
  it('subscribes from the footer, confirms from the mailed link and unsubscribes with a button', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(server.url + '/about');
    await acceptEssential(page);
    const email = `reader.${Date.now()}@example.org`;
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: translation('en', 'newsletter.emailLabel') }).fill(email);
    await footer.getByRole('button', { name: translation('en', 'newsletter.subscribe') }).click();
    await page.getByText(translation('en', 'newsletter.success')).waitFor();

    const confirmation = await smtp.waitFor((m) => m.to.includes(email) && m.text.includes('/newsletter/confirm'));
    await page.goto(linkIn(confirmation));
    await page.getByRole('heading', { name: f('newsletter.confirm.confirmed') }).waitFor();
    await expectAxeClean(page);
    // The link works once.
    await page.reload();
    await page.getByRole('heading', { name: f('newsletter.confirm.invalid') }).waitFor();

    const welcome = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('subscribed'));
    const unsubscribe = /https?:\/\/\S+\/newsletter\/unsubscribe\?token=\S+/.exec(welcome.text)?.[0] ?? '';
    expect(unsubscribe).not.toBe('');
    await page.goto(unsubscribe);
    // Opening the link alone changes nothing: a person presses the button.
    await page.getByRole('button', { name: f('newsletter.unsubscribe.button') }).click();
    await page.getByRole('heading', { name: f('newsletter.unsubscribe.done') }).waitFor();
    await expectAxeClean(page);
    await context.close();
  });
});
