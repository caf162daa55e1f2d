import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { devMailOutbox } from '../db/schema/dev-mail-outbox.js';
import type { SmtpListener } from '../../testing/smtp-listener.js';
import type { TestApp } from './api-fixture.js';

/** A fictional person for one test: unique address, a password that is not on the common list. */
export function fictionalPerson(prefix = 'tester') {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Test ${prefix} ${id}`,
    email: `${prefix}.${id}@example.test`,
    password: `orbit-lantern-${id}`,
  };
}

/** The Cookie header a browser would send after these responses. */
export function cookieHeader(...responses: LightMyRequestResponse[]): string {
  const jar = new Map<string, string>();
  for (const response of responses) {
    for (const c of response.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The newest mail sent to this address through the development outbox. */
export async function latestMail(t: TestApp, to: string, subjectIncludes?: string) {
  const rows = await t.database.db
    .select()
    .from(devMailOutbox)
    .where(and(eq(devMailOutbox.toAddress, to)))
    .orderBy(desc(devMailOutbox.createdAt))
    .limit(20);
  return rows.find((r) => (subjectIncludes ? r.subject.includes(subjectIncludes) : true));
}

export function firstLink(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[0];
}

/**
 * The Origin a browser on the app sends with a request that carries the session cookie (inject's
 * host is localhost). better-auth refuses such a request to /api/auth/* from any other origin, or
 * with none (CSRF), as it does in production.
 */
export const APP_ORIGIN = 'http://localhost';

/** Signs up, follows the emailed verification link and signs in; returns the session cookie. */
export async function createSignedInUser(
  t: TestApp,
  options: { role?: string; prefix?: string; smtp?: SmtpListener } = {},
): Promise<{ name: string; email: string; password: string; cookie: string; userId: string }> {
  const person = fictionalPerson(options.prefix);
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { ...person, ...(options.role ? { role: options.role } : {}) },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  // The verification mail: from the development outbox, or from the SMTP listener when the app sends over SMTP.
  const text = options.smtp
    ? (await options.smtp.waitFor((m) => m.to.includes(person.email.toLowerCase()))).text
    : (await latestMail(t, person.email))?.textBody;
  if (!text) throw new Error('no verification mail');
  const link = new URL(firstLink(text));
  const verify = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  if (verify.statusCode >= 400) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password } });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const body = signIn.json<{ user: { id: string } }>();
  return { ...person, cookie: cookieHeader(signIn), userId: body.user.id };
}
