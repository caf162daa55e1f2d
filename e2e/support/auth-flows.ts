import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { linkIn, type SmtpListener } from '../../src/testing/smtp-listener.js';
import { translation } from './locales.js';

// Kept with the axe check that uses it too; the tests import it from here.
export { settleToasts } from './harness.js';

/** A fictional person for one test: a unique address and a password that is not on the common list. */
export function fictionalPerson(prefix = 'e2e') {
  const id = randomUUID().slice(0, 8);
  return { name: `Robin ${prefix} Quill`, email: `${prefix}.${id}@example.test`, password: `harbour-lantern-${id}` };
}

/** Cookies a browser would keep from these responses, as a Cookie header. */
export function cookiesFrom(...responses: Response[]): string {
  const jar = new Map<string, string>();
  for (const response of responses) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), value);
    }
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** POSTs JSON to the server as a same-origin browser would (better-auth checks the Origin). */
export async function postJson(baseUrl: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs a person up through the API (test set-up, not the screen under test); no session until verified. */
export async function signUpByApi(baseUrl: string, person: { name: string; email: string; password: string }): Promise<void> {
  const response = await postJson(baseUrl, '/api/auth/sign-up/email', { ...person, locale: 'en', callbackURL: '/auth/login?verified=1' });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
}

/** Opens the emailed verification link outside the browser (set-up). */
export async function verifyByMail(smtp: SmtpListener, email: string): Promise<void> {
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  const response = await fetch(linkIn(mail), { redirect: 'manual' });
  if (response.status !== 302 || response.headers.get('location')?.includes('error=')) {
    throw new Error(`verification failed: ${response.status} ${response.headers.get('location') ?? ''}`);
  }
}

/** A verified account, ready to sign in with. */
export async function createVerifiedPerson(baseUrl: string, smtp: SmtpListener, prefix: string) {
  const person = fictionalPerson(prefix);
  await signUpByApi(baseUrl, person);
  await verifyByMail(smtp, person.email);
  return person;
}

/** Waits for a toast with this title (and description) in the notifications region. */
export async function expectToast(page: Page, title: string, description?: string, language = 'en'): Promise<void> {
  const toast = page
    .getByRole('region', { name: translation(language, 'toasts.region') })
    .locator('li')
    .filter({ hasText: title });
  await toast.first().waitFor();
  if (description !== undefined) await toast.filter({ hasText: description }).first().waitFor();
}

/**
 * Records, from now on, every text that appears in the page (checked on each DOM change), so a
 * test can assert that a short-lived state such as 'Please wait' was really shown.
 */
export async function startRecordingTexts(page: Page, texts: string[]): Promise<() => Promise<string[]>> {
  await page.evaluate((wanted) => {
    const seen = new Set<string>();
    (window as unknown as { __seenTexts: Set<string> }).__seenTexts = seen;
    const check = () => {
      for (const text of wanted) {
        if (seen.has(text)) continue;
        // A disabled element showing the text counts separately, as 'disabled:<text>'.
        for (const element of document.querySelectorAll('button, [role="menuitem"]')) {
          if (!element.textContent?.includes(text)) continue;
          seen.add(text);
          if (element.hasAttribute('disabled') || element.getAttribute('aria-disabled') === 'true' || element.hasAttribute('data-disabled')) {
            seen.add(`disabled:${text}`);
          }
        }
      }
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, texts);
  return () => page.evaluate(() => [...(window as unknown as { __seenTexts: Set<string> }).__seenTexts].sort());
}
