import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/contracts/messaging.js';
import { startSmtpListener, type SmtpListener } from '../../../testing/smtp-listener.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { bookAppointment, createPractice, hoursAhead, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';
import { createMailer } from '../mail/mailer.js';
import { emailUnreadMessages, type MessageJobDeps } from './message-jobs.js';

let smtp: SmtpListener;
let t: TestApp;
let practice: Practice;
let patient: SignedIn;

beforeAll(async () => {
  smtp = await startSmtpListener();
  // The job runs only when the test asks (a long interval keeps the timer out of the way).
  t = await startTestApp({ SMTP_URL: smtp.url, MESSAGE_EMAIL_INTERVAL_SECONDS: '3600', PUBLIC_URL: 'https://tendwell.test' });
  practice = await createPractice(t, { smtp });
  patient = await createSignedInUser(t, { prefix: 'unread-patient', smtp });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The job as a server process runs it, sending over the real SMTP listener. */
function deps(): MessageJobDeps {
  const mailer = createMailer({ smtpUrl: smtp.url, from: t.config.MAIL_FROM, db: t.database.db });
  return { db: t.database.db, mailer, log: t.app.log, now: () => new Date(), origin: () => 'https://tendwell.test', unreadMinutes: 15 };
}

/** Lets time pass for one conversation: every time it holds moves back by that much. */
async function passMinutes(conversationId: string, minutes: number): Promise<void> {
  const back = sql`make_interval(mins => ${minutes})`;
  await t.database.db.execute(sql`update messages set created_at = created_at - ${back} where conversation_id = ${conversationId}`);
  await t.database.db.execute(
    sql`update conversation_participants set last_read_at = last_read_at - ${back}, unread_emailed_at = unread_emailed_at - ${back} where conversation_id = ${conversationId}`,
  );
}
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email.toLowerCase()) && /unread message/.test(m.subject));

describe('unread message emails', () => {
  it('tells the reader once, after 15 minutes, without the message; again only for a newer message', async () => {
    const appointmentId = await bookAppointment(t, patient, practice, hoursAhead(80));
    const secret = `My results from the 3rd ${randomUUID()}`;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: { cookie: patient.cookie },
      payload: { appointmentId: appointmentId, body: secret },
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversation = started.json<Conversation>();

    // Not yet: the message is five minutes old.
    await passMinutes(conversation.id, 5);
    expect(await emailUnreadMessages(deps())).toEqual({ status: 'sent', count: 0 });
    // After 15 minutes the provider is told, once, even when two processes run at the same moment.
    await passMinutes(conversation.id, 11);
    const runs = await Promise.all([emailUnreadMessages(deps()), emailUnreadMessages(deps())]);
    expect(runs.map((r) => (r.status === 'sent' ? r.count : -1)).sort()).toEqual([0, 1]);
    const mail = await smtp.waitFor((m) => m.to.includes(practice.provider.email.toLowerCase()) && /unread message/.test(m.subject));
    expect(mail.text).toContain('1 unread message');
    expect(mail.text).toContain('https://tendwell.test/provider/messages');
    // Never the message, nor who wrote it.
    expect(mail.text + mail.html + mail.subject).not.toContain(secret);
    expect(mail.text + mail.html + mail.subject).not.toContain(patient.name);
    await passMinutes(conversation.id, 30);
    expect(await emailUnreadMessages(deps())).toEqual({ status: 'sent', count: 0 });
    // The patient wrote it, so the patient is never told of it.
    expect(mailsTo(patient.email)).toHaveLength(0);

    // A newer message left unread brings one more email; one read in time brings none.
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${conversation.id}/messages`, headers: { cookie: patient.cookie }, payload: { body: 'One more thing.' } });
    expect(again.statusCode, again.body).toBe(201);
    await passMinutes(conversation.id, 20);
    expect(await emailUnreadMessages(deps())).toEqual({ status: 'sent', count: 1 });
    const answer = await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${conversation.id}/messages`, headers: { cookie: practice.provider.cookie }, payload: { body: 'Noted.' } });
    expect(answer.statusCode, answer.body).toBe(201);
    const read = await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${conversation.id}/read`, headers: { cookie: patient.cookie }, payload: {} });
    expect(read.statusCode, read.body).toBe(200);
    await passMinutes(conversation.id, 20);
    expect(await emailUnreadMessages(deps())).toEqual({ status: 'sent', count: 0 });
    expect(mailsTo(practice.provider.email)).toHaveLength(2);
    expect(mailsTo(patient.email)).toHaveLength(0);
  });

  it('emails nobody whose account is disabled; enabled again, they are told of what is still unread', async () => {
    const reader = await createSignedInUser(t, { prefix: 'unread-disabled', smtp });
    const appointmentId = await bookAppointment(t, reader, practice, hoursAhead(104));
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: { cookie: reader.cookie },
      payload: { appointmentId: appointmentId, body: 'A question.' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversation = started.json<Conversation>();
    const answer = await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${conversation.id}/messages`, headers: { cookie: practice.provider.cookie }, payload: { body: 'An answer.' } });
    expect(answer.statusCode, answer.body).toBe(201);

    // The answer waits unread past the delay, but the reader's account was disabled meanwhile.
    await t.database.db.execute(sql`update users set disabled_at = now() where id = ${reader.userId}`);
    await passMinutes(conversation.id, 20);
    expect(await emailUnreadMessages(deps())).toEqual({ status: 'sent', count: 0 });
    expect(mailsTo(reader.email)).toHaveLength(0);

    await t.database.db.execute(sql`update users set disabled_at = null where id = ${reader.userId}`);
    expect(await emailUnreadMessages(deps())).toEqual({ status: 'sent', count: 1 });
    await smtp.waitFor((m) => m.to.includes(reader.email.toLowerCase()) && /unread message/.test(m.subject));
  });
});
