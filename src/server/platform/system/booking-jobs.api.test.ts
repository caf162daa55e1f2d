import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, WaitlistEntry } from '../../../shared/contracts/appointments.js';
import type { NotificationList } from '../../../shared/contracts/notifications.js';
import { startSmtpListener, type SmtpListener } from '../../../testing/smtp-listener.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { cookieHeader, fictionalPerson, firstLink } from '../../testing/auth-helpers.js';
import { createPractice, hoursAhead, type Practice } from '../../testing/booking-fixtures.js';
import { sqlState } from '../../features/booking/practice-scope.js';
import { mailDateLocale } from '../../features/booking/appointment-emails.js';
import { queryRows } from '../db/database.js';
import { asAppUser } from '../tenancy/with-tenant.js';
import { APPOINTMENT_EMAIL_MAX_ATTEMPTS, createAppointmentEmailJob, offerFreedTimes, sendDueReminders, sendQueuedAppointmentEmails } from './booking-jobs.js';

let smtp: SmtpListener;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpListener();
  // The jobs run only when the tests ask (a long interval keeps the timers out of the way).
  t = await startTestApp({ SMTP_URL: smtp.url, REMINDER_INTERVAL_SECONDS: '3600', WAITLIST_INTERVAL_SECONDS: '3600', APPOINTMENT_EMAIL_INTERVAL_SECONDS: '3600', PUBLIC_URL: 'https://tendwell.test' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Signs up over real SMTP: the verification link arrives at the listener. */
async function person(prefix: string) {
  const p = fictionalPerson(prefix);
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: p })).statusCode).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(p.email.toLowerCase()));
  const link = new URL(firstLink(mail.text));
  await t.app.inject({ method: 'GET', url: link.pathname + link.search });
  const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: p.email, password: p.password } });
  expect(signIn.statusCode).toBe(200);
  return { ...p, cookie: cookieHeader(signIn), userId: signIn.json<{ user: { id: string } }>().user.id };
}

async function book(who: { cookie: string }, practice: Practice, start: Date) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/appointments',
    headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
    payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: start.toISOString() },
  });
}

/** Mail sent by the jobs run directly (as another server process would), counted but not delivered. */
const otherProcessMail: { to: string; subject: string }[] = [];
const deps = () => ({
  db: t.database.db,
  mailer: {
    kind: 'smtp' as const,
    send: (m: { to: string; subject: string }) => {
      otherProcessMail.push({ to: m.to, subject: m.subject });
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  },
  config: t.config,
  log: t.app.log,
  now: () => new Date(),
  origin: () => 'https://tendwell.test',
});

/** Reads until the value is as wanted (10 s at most). */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await read())}`);
}

/**
 * Runs the email queue until every row `read` gives has its outcome. One run may not be enough: a
 * change kicks the server's own run, runOnce joins a run in progress, and that run may have claimed
 * its batch before the test made the next try due (the row then waits for a later run).
 */
async function drainQueue<T extends { outcome: string | null }>(read: () => Promise<T[]>, what: string): Promise<T[]> {
  return until(
    async () => {
      await t.app.appointmentEmails.runOnce();
      return read();
    },
    (rows) => rows.length > 0 && rows.every((r) => r.outcome !== null),
    what,
  );
}

describe('appointment emails', () => {
  it('writes the email in the patient’s language and adds the time in their own zone', async () => {
    const practice = await createPractice(t, { smtp, timeZone: 'America/New_York' });
    const patient = await person('reader');
    const profile = await t.app.inject({ method: 'PATCH', url: '/api/v1/profile', headers: { cookie: patient.cookie }, payload: { locale: 'fr', timeZone: 'Europe/Paris' } });
    expect(profile.statusCode, profile.body).toBe(200);
    const start = hoursAhead(80);
    expect((await book(patient, practice, start)).statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Réservé'));
    const paris = new Intl.DateTimeFormat('fr', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }).format(start);
    expect(mail.text).toContain('Votre heure');
    expect(mail.text).toContain('Europe/Paris');
    expect(mail.text).toContain(paris);
  });

  it('confirms a booking by email with a valid calendar file in the practice’s zone, and tells the provider in the app', async () => {
    const practice = await createPractice(t, { smtp, timeZone: 'America/New_York' });
    const patient = await person('mailed');
    const start = hoursAhead(80);
    const res = await book(patient, practice, start);
    expect(res.statusCode, res.body).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Booked'));
    expect(mail.text).toContain(practice.displayName);
    expect(mail.text).toContain('https://tendwell.test/appointments');
    expect(mail.text).toContain('calendar.google.com');
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics?.filename).toBe('appointment.ics');
    const component = new ICAL.Component(ICAL.parse(ics!.content));
    const vevent = component.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/New_York');
    ICAL.TimezoneService.register(new ICAL.Timezone(component.getFirstSubcomponent('vtimezone')!), 'America/New_York');
    expect(new ICAL.Event(vevent).startDate.toJSDate().toISOString()).toBe(start.toISOString());
    ICAL.TimezoneService.remove('America/New_York');

    const bell = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie: practice.provider.cookie } });
    const list = bell.json<NotificationList>();
    expect(list.unread).toBeGreaterThanOrEqual(1);
    expect(list.notifications[0]).toMatchObject({ kind: 'appointment_booked', data: { patient: patient.name } });
    const read = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: { cookie: practice.provider.cookie }, payload: {} });
    expect(read.json<NotificationList>().unread).toBe(0);
    // Nobody reads another person's notification.
    const theirs = await t.app.inject({ method: 'POST', url: `/api/v1/notifications/${list.notifications[0]!.id}/read`, headers: { cookie: patient.cookie }, payload: {} });
    expect(theirs.statusCode).toBe(404);

    // Moving and cancelling send the updated file (higher SEQUENCE) and the cancellation.
    const id = res.json<Appointment>().id;
    await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${id}/reschedule`, headers: { cookie: patient.cookie }, payload: { startsAt: new Date(start.getTime() + 3_600_000).toISOString() } });
    const moved = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Moved'));
    expect(moved.attachments[0]!.content).toMatch(/SEQUENCE:1/);
    await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${id}/cancel`, headers: { cookie: patient.cookie }, payload: {} });
    const cancelled = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Cancelled'));
    expect(cancelled.attachments[0]!.content).toMatch(/METHOD:CANCEL/);
    const file = await t.app.inject({ method: 'GET', url: `/api/v1/appointments/${id}/calendar.ics`, headers: { cookie: patient.cookie } });
    expect(file.headers['content-type']).toContain('text/calendar');
    expect(file.body).toContain('STATUS:CANCELLED');
  });

  /** The VEVENT of a calendar file. */
  const vevent = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  const line = (text: string, label: string) => text.split('\n').find((l) => l.startsWith(`${label}: `));
  const organisationOf = async (practice: Practice) => (await queryRows<{ name: string }>(t.database.db, sql`select name from tenants where id = ${practice.tenantId}`))[0]!.name;

  it('a video visit at a provider whose location is a practice: the emails, calendar file and calendar links give the visit’s page, never the street', async () => {
    // A telehealth service whose only location is a practice (as the demo's Dr Amara Chen).
    const practice = await createPractice(t, { smtp, mode: 'telehealth' });
    const organisation = await organisationOf(practice);
    const patient = await person('video');
    const start = hoursAhead(90);
    const res = await book(patient, practice, start);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<Appointment>().id;
    const visit = `https://tendwell.test/appointments/telehealth/${id}`;
    const mail = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Booked'));
    expect(line(mail.text, 'Where')).toBe(`Where: ${organisation} — Video visit`);
    expect(line(mail.text, 'Join the video visit')).toBe(`Join the video visit: ${visit}`);
    expect(mail.html).toContain(`href="${visit}"`);
    expect(mail.text).not.toContain('1 Test Street');
    expect(mail.html).not.toContain('1 Test Street');
    // The add-to-calendar links carry the visit's page as the place, not the address.
    const google = new URL(line(mail.text, 'Add to Google Calendar')!.slice('Add to Google Calendar: '.length));
    expect(google.searchParams.get('location')).toBe(`Video visit: ${visit}`);
    expect(google.searchParams.get('details')).toContain(visit);
    const outlook = new URL(line(mail.text, 'Add to Outlook')!.slice('Add to Outlook: '.length));
    expect(outlook.searchParams.get('location')).toBe(`Video visit: ${visit}`);
    // The attached file and the one the API serves: LOCATION and URL are the visit's page.
    for (const text of [mail.attachments[0]!.content, (await t.app.inject({ method: 'GET', url: `/api/v1/appointments/${id}/calendar.ics`, headers: { cookie: patient.cookie } })).body]) {
      const event = vevent(text);
      expect(event.getFirstPropertyValue('location')).toBe(`Video visit: ${visit}`);
      expect(event.getFirstPropertyValue('url')).toBe(visit);
      expect(event.getFirstPropertyValue('description')).toContain(`Join the video visit: ${visit}`);
      expect(text).not.toContain('1 Test Street');
    }
    // Moved: the same; cancelled: still a video visit, with nothing to join.
    await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${id}/reschedule`, headers: { cookie: patient.cookie }, payload: { startsAt: new Date(start.getTime() + 3_600_000).toISOString() } });
    const moved = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Moved'));
    expect(line(moved.text, 'Where')).toBe(`Where: ${organisation} — Video visit`);
    expect(line(moved.text, 'Join the video visit')).toBe(`Join the video visit: ${visit}`);
    expect(vevent(moved.attachments[0]!.content).getFirstPropertyValue('location')).toBe(`Video visit: ${visit}`);
    await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${id}/cancel`, headers: { cookie: patient.cookie }, payload: {} });
    const cancelled = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Cancelled'));
    expect(line(cancelled.text, 'Where')).toBe(`Where: ${organisation} — Video visit`);
    expect(cancelled.text).not.toContain('1 Test Street');
    expect(line(cancelled.text, 'Join the video visit')).toBeUndefined();
  });

  it('a video visit’s email and calendar file speak the patient’s language', async () => {
    const practice = await createPractice(t, { smtp, mode: 'telehealth' });
    const patient = await person('videofr');
    await t.app.inject({ method: 'PATCH', url: '/api/v1/profile', headers: { cookie: patient.cookie }, payload: { locale: 'fr' } });
    const res = await book(patient, practice, hoursAhead(91));
    expect(res.statusCode, res.body).toBe(201);
    const visit = `https://tendwell.test/appointments/telehealth/${res.json<Appointment>().id}`;
    const mail = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Réservé'));
    expect(line(mail.text, 'Où')).toBe(`Où: ${await organisationOf(practice)} — Téléconsultation`);
    expect(line(mail.text, 'Rejoindre la téléconsultation')).toBe(`Rejoindre la téléconsultation: ${visit}`);
    expect(vevent(mail.attachments[0]!.content).getFirstPropertyValue('location')).toBe(`Téléconsultation: ${visit}`);
  });

  it('an in-person visit’s email, calendar file and links still give the practice’s address', async () => {
    const practice = await createPractice(t, { smtp });
    const organisation = await organisationOf(practice);
    const patient = await person('inperson');
    const res = await book(patient, practice, hoursAhead(92));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<Appointment>().id;
    const address = '1 Test Street, Sydney, NSW, 2000, Australia';
    const mail = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Booked'));
    expect(line(mail.text, 'Where')).toBe(`Where: ${organisation} — ${address}`);
    expect(mail.text).not.toContain('Video visit');
    expect(mail.text).not.toContain('/appointments/telehealth/');
    expect(new URL(line(mail.text, 'Add to Google Calendar')!.slice('Add to Google Calendar: '.length)).searchParams.get('location')).toBe(address);
    for (const text of [mail.attachments[0]!.content, (await t.app.inject({ method: 'GET', url: `/api/v1/appointments/${id}/calendar.ics`, headers: { cookie: patient.cookie } })).body]) {
      const event = vevent(text);
      expect(event.getFirstPropertyValue('location')).toBe(address);
      expect(event.getFirstPropertyValue('url')).toBe('https://tendwell.test/appointments');
    }
  });
});

describe('appointment email queue', () => {
  type Queued = { kind: string; attempts: number; outcome: string | null; last_error: string | null; due: boolean };
  const queued = (appointmentId: string) =>
    queryRows<Queued>(
      t.database.db,
      sql`select kind, attempts, outcome, last_error, next_attempt_at <= now() as due from appointment_emails where appointment_id = ${appointmentId} order by created_at`,
    );
  /** The pause before the next try has passed. */
  const pauseOver = (appointmentId: string) => queryRows(t.database.db, sql`update appointment_emails set next_attempt_at = now() where appointment_id = ${appointmentId} and outcome is null`);
  const mailsTo = (email: string, subject: string) =>
    smtp.received.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith(subject)).length +
    otherProcessMail.filter((m) => m.to.toLowerCase() === email.toLowerCase() && m.subject.startsWith(subject)).length;
  it('keeps a booking’s email while the mail server refuses it, and sends it once when it takes mail again', async () => {
    const practice = await createPractice(t, { smtp });
    const patient = await person('outage');
    smtp.refuse(patient.email);
    const res = await book(patient, practice, hoursAhead(60));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<Appointment>().id;
    // The booking stands; its email failed once and waits for its next try.
    const [failed] = await until(() => queued(id), (rows) => rows[0]?.attempts === 1 && rows[0].last_error !== null, 'the first failed try');
    expect(failed).toMatchObject({ kind: 'booked', outcome: null, due: false });
    expect(failed!.last_error).toMatch(/451/);
    expect(mailsTo(patient.email, 'Booked')).toBe(0);

    smtp.accept(patient.email);
    await pauseOver(id);
    await drainQueue(() => queued(id), 'the booking email sent');
    const mail = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Booked'));
    expect(mail.text).toContain(practice.displayName);
    expect(mail.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(true);
    await t.app.appointmentEmails.runOnce();
    expect(mailsTo(patient.email, 'Booked')).toBe(1);
    expect(await queued(id)).toMatchObject([{ kind: 'booked', attempts: 2, outcome: 'sent' }]);
  });

  it('sends each queued email once when several processes run the queue at the same time', async () => {
    const practice = await createPractice(t, { smtp });
    const patients = [await person('queue1'), await person('queue2'), await person('queue3')];
    for (const p of patients) smtp.refuse(p.email);
    const ids: string[] = [];
    for (const [i, p] of patients.entries()) {
      const res = await book(p, practice, hoursAhead(70 + i));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<Appointment>().id);
    }
    for (const id of ids) await until(() => queued(id), (rows) => rows[0]?.attempts === 1 && rows[0].outcome === null && !rows[0].due, 'a failed first try');
    for (const p of patients) smtp.accept(p.email);
    for (const id of ids) await pauseOver(id);
    // The server's own run races two other processes' runs (their mail is counted, not delivered).
    await Promise.all([t.app.appointmentEmails.runOnce(), sendQueuedAppointmentEmails(deps()), sendQueuedAppointmentEmails(deps())]);
    for (const id of ids) expect(await drainQueue(() => queued(id), 'every booking email sent')).toMatchObject([{ outcome: 'sent', attempts: 2 }]);
    for (const p of patients) expect(mailsTo(p.email, 'Booked')).toBe(1);
  });

  it('a run that stops at its batch limit with more due starts the next at once, not at the next tick', async () => {
    const practice = await createPractice(t, { smtp });
    const patient = await person('burst');
    smtp.refuse(patient.email);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await book(patient, practice, hoursAhead(130 + i));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json<Appointment>().id);
    }
    for (const id of ids) await until(() => queued(id), (rows) => rows[0]?.attempts === 1 && rows[0].outcome === null && !rows[0].due, 'a failed first try');
    // The server's own runs, kicked by the bookings, are over (a second call joins the one a kick may have queued).
    await t.app.appointmentEmails.runOnce();
    await t.app.appointmentEmails.runOnce();
    for (const id of ids) await pauseOver(id);
    // Another process's job, two emails a batch and one batch a run, its timer an hour away.
    const job = createAppointmentEmailJob({ ...deps(), intervalSeconds: 3600, limits: { batch: 2, batchesPerRun: 1 } });
    expect(await job.runOnce()).toMatchObject({ status: 'done', sent: 2, more: true });
    for (const id of ids) await until(() => queued(id), (rows) => rows[0]?.outcome === 'sent', 'every booking email sent by the runs that followed');
    expect(otherProcessMail.filter((m) => m.to.toLowerCase() === patient.email.toLowerCase() && m.subject.startsWith('Booked'))).toHaveLength(5);
    await job.stop();
    smtp.accept(patient.email);
  });

  it('drops a booked email that has not gone when the appointment is cancelled, and sends the cancellation', async () => {
    const practice = await createPractice(t, { smtp });
    const patient = await person('changed');
    smtp.refuse(patient.email);
    const res = await book(patient, practice, hoursAhead(90));
    const id = res.json<Appointment>().id;
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${id}/cancel`, headers: { cookie: patient.cookie }, payload: { reason: 'Plans changed' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await until(() => queued(id), (rows) => rows.length === 2 && rows.every((r) => r.attempts >= 1 && r.outcome === null && !r.due), 'both failed first tries');
    smtp.accept(patient.email);
    await pauseOver(id);
    await drainQueue(() => queued(id), 'both emails sent or dropped');
    await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Cancelled'));
    expect(await queued(id)).toMatchObject([
      { kind: 'booked', outcome: 'superseded' },
      { kind: 'cancelled', outcome: 'sent' },
    ]);
    expect(mailsTo(patient.email, 'Booked')).toBe(0);
  });

  it('gives up after the last try and says so in the log', async () => {
    const practice = await createPractice(t, { smtp });
    const patient = await person('bounced');
    smtp.refuse(patient.email);
    const res = await book(patient, practice, hoursAhead(100));
    const id = res.json<Appointment>().id;
    await until(() => queued(id), (rows) => rows[0]?.attempts === 1 && rows[0].outcome === null, 'a failed first try');
    await queryRows(t.database.db, sql`update appointment_emails set attempts = ${APPOINTMENT_EMAIL_MAX_ATTEMPTS - 1}, next_attempt_at = now() where appointment_id = ${id}`);
    const errors: unknown[] = [];
    const refusing = {
      ...deps(),
      mailer: { kind: 'smtp' as const, send: () => Promise.reject(new Error('451 Mailbox temporarily unavailable')), close: () => Promise.resolve() },
      log: Object.assign(Object.create(t.app.log) as typeof t.app.log, { error: (...args: unknown[]) => void errors.push(args), warn: () => undefined }),
    };
    const result = await sendQueuedAppointmentEmails(refusing);
    expect(result).toMatchObject({ status: 'done', failed: 1 });
    expect(await queued(id)).toMatchObject([{ outcome: 'failed', attempts: APPOINTMENT_EMAIL_MAX_ATTEMPTS }]);
    expect(JSON.stringify(errors)).toContain('appointment email given up');
    smtp.accept(patient.email);
  });

  it('a request cannot read the queue, nor add to it for an appointment it cannot see', async () => {
    const practice = await createPractice(t, { smtp });
    const [owner, stranger] = [await person('qowner'), await person('qstranger')];
    const res = await book(owner, practice, hoursAhead(110));
    const id = res.json<Appointment>().id;
    // As a request runs: app_user, with this person as the current user.
    const refused = (userId: string, statement: SQL) =>
      asAppUser(t.database.db, { tenantId: null, userId }, (tx) => tx.execute(statement)).then(
        () => null,
        (e: unknown) => sqlState(e),
      );
    expect(await refused(owner.userId, sql`select count(*) from appointment_emails`)).toBe('42501');
    expect(await refused(owner.userId, sql`update appointment_emails set outcome = 'sent' where appointment_id = ${id}`)).toBe('42501');
    expect(await refused(stranger.userId, sql`insert into appointment_emails (appointment_id, kind, link_origin) values (${id}, 'cancelled', 'https://evil.test')`)).toBe('42501');
    expect(await refused(owner.userId, sql`insert into appointment_emails (appointment_id, kind, link_origin) values (${id}, 'cancelled', 'https://tendwell.test')`)).toBeNull();
    // Reminders are the reminder job's to queue.
    expect(await refused(owner.userId, sql`insert into appointment_emails (appointment_id, kind, link_origin) values (${id}, 'reminder', 'https://tendwell.test')`)).toBe('42501');
  });
});

describe('reminder job', () => {
  it('sends one reminder 24 hours ahead, once, even when two runs race', async () => {
    const practice = await createPractice(t, { smtp });
    const patient = await person('reminded');
    const res = await book(patient, practice, hoursAhead(20));
    const id = res.json<Appointment>().id;
    // Booked within the last day: no reminder (the confirmation said it all).
    await t.app.reminders.runOnce();
    const [row] = await queryRows<{ reminder_sent_at: unknown }>(t.database.db, sql`select reminder_sent_at from appointments where id = ${id}`);
    expect(row?.reminder_sent_at).toBeNull();
    await queryRows(t.database.db, sql`update appointments set created_at = now() - interval '3 days' where id = ${id}`);
    // Another process's run races the server's own: between them, exactly one reminder.
    const reminders = () =>
      smtp.received.filter((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Reminder')).length +
      otherProcessMail.filter((m) => m.to.toLowerCase() === patient.email.toLowerCase() && m.subject.startsWith('Reminder')).length;
    await Promise.all([t.app.reminders.runOnce(), sendDueReminders(deps()), sendDueReminders(deps())]);
    await t.app.reminders.runOnce();
    // One reminder is queued, whichever run claimed it; the email queue (raced by the server's
    // sender and another process's) sends it once.
    const queuedReminders = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from appointment_emails where appointment_id = ${id} and kind = 'reminder'`);
    expect(queuedReminders[0]?.n).toBe(1);
    await Promise.all([t.app.appointmentEmails.runOnce(), sendQueuedAppointmentEmails(deps())]);
    for (let i = 0; i < 50 && reminders() < 1; i++) await new Promise((r) => setTimeout(r, 100));
    await t.app.appointmentEmails.runOnce();
    await new Promise((r) => setTimeout(r, 300));
    expect(reminders()).toBe(1);
    const [after] = await queryRows<{ reminder_sent_at: unknown }>(t.database.db, sql`select reminder_sent_at from appointments where id = ${id}`);
    expect(after?.reminder_sent_at).not.toBeNull();
  });

  it('while the mail server refuses it, reminds once in the app and sends the email once mail is taken again', async () => {
    const practice = await createPractice(t, { smtp });
    const patient = await person('remout');
    const res = await book(patient, practice, hoursAhead(20));
    const id = res.json<Appointment>().id;
    await queryRows(t.database.db, sql`update appointments set created_at = now() - interval '3 days' where id = ${id}`);
    smtp.refuse(patient.email);
    expect(await t.app.reminders.runOnce()).toMatchObject({ count: 1 });
    const reminderQueued = () =>
      queryRows<{ attempts: number; outcome: string | null; due: boolean }>(
        t.database.db,
        sql`select attempts, outcome, next_attempt_at <= now() as due from appointment_emails where appointment_id = ${id} and kind = 'reminder'`,
      );
    await until(reminderQueued, (rows) => rows[0]?.attempts === 1 && rows[0].outcome === null && !rows[0].due, 'the first failed try');
    // Later runs while mail is refused add nothing: one reminder in the app.
    await t.app.reminders.runOnce();
    const inApp = async () => {
      const bell = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie: patient.cookie } });
      return bell.json<NotificationList>().notifications.filter((n) => n.kind === 'appointment_reminder' && n.appointmentId === id).length;
    };
    expect(await inApp()).toBe(1);

    smtp.accept(patient.email);
    await queryRows(t.database.db, sql`update appointment_emails set next_attempt_at = now() where appointment_id = ${id} and outcome is null`);
    await drainQueue(reminderQueued, 'the reminder sent');
    const mail = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Reminder'));
    expect(mail.attachments.some((a) => a.contentType.startsWith('text/calendar'))).toBe(true);
    await t.app.reminders.runOnce();
    await t.app.appointmentEmails.runOnce();
    expect(smtp.received.filter((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Reminder')).length).toBe(1);
    expect(await reminderQueued()).toMatchObject([{ attempts: 2, outcome: 'sent' }]);
    expect(await inApp()).toBe(1);
  });

  it('drops a reminder that has not gone when the appointment is moved meanwhile', async () => {
    // A short cancellation window, so the patient may still move it the day before.
    const practice = await createPractice(t, { smtp, cancellationWindowHours: 2 });
    const patient = await person('remmoved');
    const res = await book(patient, practice, hoursAhead(21));
    const id = res.json<Appointment>().id;
    await queryRows(t.database.db, sql`update appointments set created_at = now() - interval '3 days' where id = ${id}`);
    smtp.refuse(patient.email);
    expect(await t.app.reminders.runOnce()).toMatchObject({ count: 1 });
    await until(
      () => queryRows<{ attempts: number }>(t.database.db, sql`select attempts from appointment_emails where appointment_id = ${id} and kind = 'reminder'`),
      (rows) => rows[0]?.attempts === 1,
      'the first failed try',
    );
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/appointments/${id}/reschedule`,
      headers: { cookie: patient.cookie },
      payload: { startsAt: hoursAhead(100).toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    smtp.accept(patient.email);
    await queryRows(t.database.db, sql`update appointment_emails set next_attempt_at = now() where appointment_id = ${id} and outcome is null`);
    const rows = await drainQueue(
      () => queryRows<{ kind: string; outcome: string | null }>(t.database.db, sql`select kind, outcome from appointment_emails where appointment_id = ${id} order by created_at`),
      'the move’s email sent and the reminder dropped',
    );
    await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Moved'));
    expect(rows.find((r) => r.kind === 'reminder')).toMatchObject({ outcome: 'superseded' });
    expect(smtp.received.filter((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Reminder')).length).toBe(0);
  });

  it('moved within the day while the reminder waits: one reminder goes, the new time’s', async () => {
    const practice = await createPractice(t, { smtp, cancellationWindowHours: 2 });
    const patient = await person('remnear');
    const res = await book(patient, practice, hoursAhead(20));
    const id = res.json<Appointment>().id;
    await queryRows(t.database.db, sql`update appointments set created_at = now() - interval '3 days' where id = ${id}`);
    smtp.refuse(patient.email);
    expect(await t.app.reminders.runOnce()).toMatchObject({ count: 1 });
    await until(
      () => queryRows<{ attempts: number }>(t.database.db, sql`select attempts from appointment_emails where appointment_id = ${id} and kind = 'reminder'`),
      (rows) => rows[0]?.attempts === 1,
      'the first failed try',
    );
    const newStart = hoursAhead(22);
    const moved = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${id}/reschedule`, headers: { cookie: patient.cookie }, payload: { startsAt: newStart.toISOString() } });
    expect(moved.statusCode, moved.body).toBe(200);
    // Still within the day: the new time is claimed for a reminder of its own.
    expect(await t.app.reminders.runOnce()).toMatchObject({ count: 1 });
    smtp.accept(patient.email);
    await queryRows(t.database.db, sql`update appointment_emails set next_attempt_at = now() where appointment_id = ${id} and outcome is null`);
    const reminders = await drainQueue(
      () => queryRows<{ outcome: string | null }>(t.database.db, sql`select outcome from appointment_emails where appointment_id = ${id} and kind = 'reminder' order by created_at`),
      'both reminders sent or dropped',
    );
    await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Reminder'));
    await t.app.appointmentEmails.runOnce();
    expect(reminders.map((r) => r.outcome)).toEqual(['superseded', 'sent']);
    expect(smtp.received.filter((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Reminder')).length).toBe(1);
  });
});

describe('waitlist', () => {
  it('offers a freed time to the first person waiting, holds it for them, and lets them book it', async () => {
    // One slot a day at 10:00 in Sydney.
    const practice = await createPractice(t, { smtp, weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '10:30' })) });
    const [first, second, taker] = [await person('wait1'), await person('wait2'), await person('taker')];
    const slots = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${practice.profileId}/slots?serviceId=${practice.serviceId}&from=${encodeURIComponent(hoursAhead(48).toISOString())}&days=3` });
    const slot = slots.json<{ slots: { start: string }[] }>().slots[0]!;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(slot.start));
    const join = (who: { cookie: string }) =>
      t.app.inject({ method: 'POST', url: '/api/v1/waitlist', headers: { cookie: who.cookie }, payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, date } });
    // While the day has a free time, waiting is refused with that time.
    expect((await join(first)).json()).toMatchObject({ code: 'waitlist.day-has-times', slots: [{ start: slot.start }] });
    const taken = await book(taker, practice, new Date(slot.start));
    expect(taken.statusCode).toBe(201);
    expect((await join(first)).statusCode).toBe(201);
    expect((await join(second)).statusCode).toBe(201);
    expect((await join(first)).json()).toMatchObject({ code: 'waitlist.already-waiting' });
    // Nothing freed yet: no offer.
    expect(await offerFreedTimes(deps())).toMatchObject({ status: 'offered', offers: 0 });
    await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${taken.json<Appointment>().id}/cancel`, headers: { cookie: taker.cookie }, payload: {} });
    await t.app.waitlist.runOnce();
    const offer = await smtp.waitFor((m) => m.to.includes(first.email.toLowerCase()) && m.subject.startsWith('A time has opened'));
    const link = new URL(firstLink(offer.text));
    expect(link.pathname).toBe(`/appointments/book/${practice.profileId}`);
    expect(link.searchParams.get('time')).toBe(slot.start);
    expect(offer.text).toMatch(/2 hours/);
    // Until when, said outright: the hold's end in the practice's zone (the reader has none).
    const [held] = await queryRows<{ until: Date }>(t.database.db, sql`select offer_expires_at as until from waitlist_entries where patient_id = (select id from users where email = ${first.email.toLowerCase()})`);
    const heldLine = offer.text.split('\n').find((line) => line.startsWith('Held for you until: '));
    // (As English is written in Australia, the practice's zone: "1:05 pm".)
    expect(heldLine).toContain(new Intl.DateTimeFormat(mailDateLocale('en', 'Australia/Sydney'), { timeZone: 'Australia/Sydney', timeStyle: 'short' }).format(new Date(held!.until)));
    expect(heldLine).toContain('Australia/Sydney');
    // The offered time's place: the organisation and the practice's address (an in-person visit, not a video one).
    const whereLine = (text: string) => text.split('\n').find((line) => line.startsWith('Where: '));
    const [organisation] = await queryRows<{ name: string }>(t.database.db, sql`select name from tenants where id = ${practice.tenantId}`);
    expect(whereLine(offer.text)).toBe(`Where: ${organisation!.name} — 1 Test Street, Sydney, NSW, 2000, Australia`);
    expect(offer.html).toContain(organisation!.name);
    expect(offer.html).toContain('1 Test Street');
    expect(offer.text).not.toContain('Video visit');
    // Held: the second person cannot book it; the first can.
    expect((await book(second, practice, new Date(slot.start))).json()).toMatchObject({ code: 'booking.slot-taken' });
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/waitlist', headers: { cookie: first.cookie } });
    expect(mine.json<{ entries: WaitlistEntry[] }>().entries[0]).toMatchObject({ status: 'offered', offeredStartsAt: slot.start });
    const bell = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie: first.cookie } })).json<NotificationList>();
    const before = await bell();
    expect(before.notifications.find((n) => n.kind === 'waitlist_offer')).toMatchObject({ readAt: null, data: { startsAt: slot.start } });
    expect((await book(first, practice, new Date(slot.start))).statusCode).toBe(201);
    // The offer, taken up, is no longer news in the bell.
    const afterBooking = await bell();
    expect(afterBooking.notifications.find((n) => n.kind === 'waitlist_offer')?.readAt).toEqual(expect.any(String));
    expect(afterBooking.unread).toBe(before.unread - 1);
    // The booking's confirmation names the same place as the offer did.
    const confirmation = await smtp.waitFor((m) => m.to.includes(first.email.toLowerCase()) && m.subject.startsWith('Booked'));
    expect(whereLine(confirmation.text)).toBe(whereLine(offer.text));
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/waitlist', headers: { cookie: first.cookie } });
    expect(after.json<{ entries: WaitlistEntry[] }>().entries).toEqual([]);
    // The second person is still waiting and gets nothing more.
    expect(await offerFreedTimes(deps())).toMatchObject({ offers: 0 });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/waitlist', headers: { cookie: second.cookie } });
    const entry = theirs.json<{ entries: WaitlistEntry[] }>().entries[0]!;
    expect(entry.status).toBe('waiting');
    // Nobody else can take another person off a waitlist.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/waitlist/${entry.id}/leave`, headers: { cookie: first.cookie }, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/waitlist/${entry.id}/leave`, headers: { cookie: second.cookie }, payload: {} })).statusCode).toBe(204);
  });

  /** A practice with one time a day, that time booked by someone, and `waiter` waiting for its day. */
  async function fullDayWithWaiter(prefix: string) {
    const practice = await createPractice(t, { smtp, weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '10:30' })) });
    const [waiter, taker] = [await person(`${prefix}w`), await person(`${prefix}t`)];
    const slots = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${practice.profileId}/slots?serviceId=${practice.serviceId}&from=${encodeURIComponent(hoursAhead(48).toISOString())}&days=3` });
    const slot = slots.json<{ slots: { start: string }[] }>().slots[0]!;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(slot.start));
    const taken = await book(taker, practice, new Date(slot.start));
    expect(taken.statusCode, taken.body).toBe(201);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/v1/waitlist',
      headers: { cookie: waiter.cookie },
      payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, date },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const cancel = () => t.app.inject({ method: 'POST', url: `/api/v1/appointments/${taken.json<Appointment>().id}/cancel`, headers: { cookie: taker.cookie }, payload: {} });
    return { practice, waiter, slot, entryId: joined.json<WaitlistEntry>().id, cancel };
  }
  type QueuedOffer = { attempts: number; outcome: string | null; last_error: string | null; due: boolean };
  const queuedOffer = (entryId: string) =>
    queryRows<QueuedOffer>(
      t.database.db,
      sql`select attempts, outcome, last_error, next_attempt_at <= now() as due from appointment_emails where waitlist_entry_id = ${entryId} and kind = 'waitlist-offer'`,
    );
  const offerMails = (email: string) => smtp.received.filter((m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith('A time has opened')).length;

  it('makes an offer while the mail server refuses it: the app shows it at once and the email goes, once, when mail is taken again', async () => {
    const { practice, waiter, slot, entryId, cancel } = await fullDayWithWaiter('offerout');
    smtp.refuse(waiter.email);
    expect((await cancel()).statusCode).toBe(200);
    expect(await t.app.waitlist.runOnce()).toMatchObject({ offers: 1 });
    // The offer and its notice in the app stand; the email failed once and waits for its next try.
    const bell = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie: waiter.cookie } });
    expect(bell.json<NotificationList>().notifications[0]).toMatchObject({ kind: 'waitlist_offer', data: { provider: practice.displayName, startsAt: slot.start } });
    const [failed] = await until(() => queuedOffer(entryId), (rows) => rows[0]?.attempts === 1 && rows[0].last_error !== null, 'the first failed try');
    expect(failed).toMatchObject({ outcome: null, due: false });
    expect(failed!.last_error).toMatch(/451/);
    expect(offerMails(waiter.email)).toBe(0);

    smtp.accept(waiter.email);
    await queryRows(t.database.db, sql`update appointment_emails set next_attempt_at = now() where waitlist_entry_id = ${entryId} and outcome is null`);
    await drainQueue(() => queuedOffer(entryId), 'the offer’s email sent');
    const offer = await smtp.waitFor((m) => m.to.includes(waiter.email.toLowerCase()) && m.subject.startsWith('A time has opened'));
    const link = new URL(firstLink(offer.text));
    expect(link.origin + link.pathname).toBe(`https://tendwell.test/appointments/book/${practice.profileId}`);
    expect(link.searchParams.get('time')).toBe(slot.start);
    expect(offer.text).toContain(practice.displayName);
    await t.app.appointmentEmails.runOnce();
    expect(offerMails(waiter.email)).toBe(1);
    expect(await queuedOffer(entryId)).toMatchObject([{ attempts: 2, outcome: 'sent' }]);
    // Not taken up: let it go, so that no offer of this test is left to run out in the next one.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/waitlist/${entryId}/leave`, headers: { cookie: waiter.cookie }, payload: {} })).statusCode).toBe(204);
  });

  it('drops an offer’s email that has not gone when the person has left the waitlist meanwhile', async () => {
    const { waiter, entryId, cancel } = await fullDayWithWaiter('offerleft');
    smtp.refuse(waiter.email);
    expect((await cancel()).statusCode).toBe(200);
    expect(await t.app.waitlist.runOnce()).toMatchObject({ offers: 1 });
    await until(() => queuedOffer(entryId), (rows) => rows[0]?.attempts === 1 && rows[0].outcome === null && !rows[0].due, 'the first failed try');
    const left = await t.app.inject({ method: 'POST', url: `/api/v1/waitlist/${entryId}/leave`, headers: { cookie: waiter.cookie }, payload: {} });
    expect(left.statusCode, left.body).toBe(204);
    smtp.accept(waiter.email);
    await queryRows(t.database.db, sql`update appointment_emails set next_attempt_at = now() where waitlist_entry_id = ${entryId} and outcome is null`);
    expect(await drainQueue(() => queuedOffer(entryId), 'the offer’s email dropped')).toMatchObject([{ outcome: 'superseded' }]);
    expect(offerMails(waiter.email)).toBe(0);
  });

  it('a held time is in the time picker of the person it is held for, and of nobody else', async () => {
    const { practice, waiter, slot, cancel } = await fullDayWithWaiter('offerpick');
    const other = await person('offerpeek');
    const from = encodeURIComponent(hoursAhead(48).toISOString());
    const slotsUrl = `/api/v1/providers/${practice.profileId}/slots?serviceId=${practice.serviceId}&from=${from}&days=3`;
    const starts = async (cookie?: string, url = slotsUrl) => {
      const answer = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ slots: { start: string }[] }>().slots.map((s) => s.start);
    };
    expect((await cancel()).statusCode).toBe(200);
    expect(await t.app.waitlist.runOnce()).toMatchObject({ offers: 1 });
    // Held for the waiter: in their own picker, the time the offer's link names.
    expect(await starts(waiter.cookie)).toContain(slot.start);
    // Busy for another signed-in person and for a visitor.
    expect(await starts(other.cookie)).not.toContain(slot.start);
    expect(await starts()).not.toContain(slot.start);
    // Nobody names the holder: the query takes no patient id.
    const named = await t.app.inject({ method: 'GET', url: `${slotsUrl}&patientId=${waiter.userId}`, headers: { cookie: other.cookie } });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({ code: 'request.invalid' });
    // The holder books it from there; then it is busy for them too.
    expect((await book(waiter, practice, new Date(slot.start))).statusCode).toBe(201);
    expect(await starts(waiter.cookie)).not.toContain(slot.start);
  });

  it('a request cannot queue a waitlist offer’s email', async () => {
    const { waiter, entryId } = await fullDayWithWaiter('offerforge');
    const error = await asAppUser(t.database.db, { userId: waiter.userId, tenantId: null }, (tx) =>
      tx.execute(sql`insert into appointment_emails (waitlist_entry_id, kind, link_origin) values (${entryId}, 'waitlist-offer', 'https://evil.test')`),
    ).then(
      () => null,
      (e: unknown) => sqlState(e),
    );
    expect(error).toBe('42501');
  });

  it('an offer of a video visit at a practice location says video visit, not the street', async () => {
    const practice = await createPractice(t, { smtp, mode: 'telehealth', weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '10:30' })) });
    const [waiter, taker] = [await person('videowait'), await person('videotaker')];
    const slots = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${practice.profileId}/slots?serviceId=${practice.serviceId}&from=${encodeURIComponent(hoursAhead(48).toISOString())}&days=3` });
    const slot = slots.json<{ slots: { start: string }[] }>().slots[0]!;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(slot.start));
    const taken = await book(taker, practice, new Date(slot.start));
    expect(taken.statusCode, taken.body).toBe(201);
    const joined = await t.app.inject({ method: 'POST', url: '/api/v1/waitlist', headers: { cookie: waiter.cookie }, payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, date } });
    expect(joined.statusCode, joined.body).toBe(201);
    await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${taken.json<Appointment>().id}/cancel`, headers: { cookie: taker.cookie }, payload: {} });
    await t.app.waitlist.runOnce();
    const offer = await smtp.waitFor((m) => m.to.includes(waiter.email.toLowerCase()) && m.subject.startsWith('A time has opened'));
    const [organisation] = await queryRows<{ name: string }>(t.database.db, sql`select name from tenants where id = ${practice.tenantId}`);
    expect(offer.text.split('\n').find((l) => l.startsWith('Where: '))).toBe(`Where: ${organisation!.name} — Video visit (link on your appointments page)`);
    expect(offer.text).not.toContain('1 Test Street');
    expect(offer.html).not.toContain('1 Test Street');
    // Left, so no offer of this test is held when the next one counts the expired ones.
    const left = await t.app.inject({ method: 'POST', url: `/api/v1/waitlist/${joined.json<WaitlistEntry>().id}/leave`, headers: { cookie: waiter.cookie }, payload: {} });
    expect(left.statusCode, left.body).toBe(204);
  });

  it('an offer nobody takes up expires after two hours and goes to the next person', async () => {
    const practice = await createPractice(t, { smtp, weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '10:00', end: '10:30' })) });
    const [a, b, taker] = [await person('exp1'), await person('exp2'), await person('exptaker')];
    const slots = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${practice.profileId}/slots?serviceId=${practice.serviceId}&from=${encodeURIComponent(hoursAhead(48).toISOString())}&days=3` });
    const slot = slots.json<{ slots: { start: string }[] }>().slots[0]!;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(slot.start));
    const taken = await book(taker, practice, new Date(slot.start));
    for (const who of [a, b]) {
      await t.app.inject({ method: 'POST', url: '/api/v1/waitlist', headers: { cookie: who.cookie }, payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, date } });
    }
    await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${taken.json<Appointment>().id}/cancel`, headers: { cookie: taker.cookie }, payload: {} });
    expect(await offerFreedTimes(deps())).toMatchObject({ offers: 1 });
    const later = () => new Date(Date.now() + 2 * 3_600_000 + 60_000);
    expect(await offerFreedTimes({ ...deps(), now: later })).toMatchObject({ expired: 1, offers: 1 });
    const rows = await queryRows<{ patient_id: string; status: string }>(t.database.db, sql`select patient_id, status from waitlist_entries where provider_id = ${practice.profileId}`);
    expect(rows.find((r) => r.patient_id === a.userId)?.status).toBe('expired');
    expect(rows.find((r) => r.patient_id === b.userId)?.status).toBe('offered');
  });
});
