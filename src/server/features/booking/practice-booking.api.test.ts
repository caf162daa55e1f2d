import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentPage } from '../../../shared/contracts/appointments.js';
import type { NotificationList } from '../../../shared/contracts/notifications.js';
import type { CancelledVisits, PracticePatient, PracticeProviderList, PracticeSeriesResult } from '../../../shared/contracts/practice.js';
import { seriesStarts } from '../../../shared/appointment-series.js';
import type { Slots } from '../../../shared/contracts/providers.js';
import { startSmtpListener, type SmtpListener } from '../../../testing/smtp-listener.js';
import { queryRows } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { createPractice, hoursAhead, setProfile, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';
import { sql } from 'drizzle-orm';

let smtp: SmtpListener;
let t: TestApp;
let practice: Practice;
let rival: Practice;
let patient: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://tendwell.test' });
  practice = await createPractice(t, { smtp, timeZone: 'Australia/Sydney' });
  rival = await createPractice(t, { smtp });
  patient = await createSignedInUser(t, { prefix: 'frontdesk-patient', smtp });
  stranger = await createSignedInUser(t, { prefix: 'frontdesk-stranger', smtp });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function patients(who: SignedIn, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/practice/patients?query=${encodeURIComponent(query)}`, headers: { cookie: who.cookie } });
}

function bookFor(who: SignedIn, target: Practice, body: Record<string, unknown>, key: string = randomUUID()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/practice/appointments',
    headers: { cookie: who.cookie, 'idempotency-key': key },
    payload: { serviceId: target.serviceId, locationId: target.locationId, ...body },
  });
}

/** The first free time of the practice at or after `from`. */
async function freeAt(from: Date): Promise<Date> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${practice.profileId}/slots?serviceId=${practice.serviceId}&from=${encodeURIComponent(from.toISOString())}&days=2` });
  expect(res.statusCode, res.body).toBe(200);
  const slot = res.json<Slots>().slots.find((s) => Date.parse(s.start) >= from.getTime());
  if (!slot) throw new Error(`no free time after ${from.toISOString()}`);
  return new Date(slot.start);
}

describe('the practice books for its patients', () => {
  it('finds only people who have been its patients, by any words of their name or email', async () => {
    const before = await patients(practice.provider, patient.name.split(' ')[0]!);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<{ patients: PracticePatient[] }>().patients).toEqual([]);

    // The patient books online once: from then on they are the practice's patient.
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: { cookie: patient.cookie, 'idempotency-key': randomUUID() },
      payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: (await freeAt(hoursAhead(30))).toISOString() },
    });
    expect(online.statusCode, online.body).toBe(201);

    const [first, ...rest] = patient.name.split(' ');
    const byName = await patients(practice.provider, `${rest.join(' ').toUpperCase()} ${first}`);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json<{ patients: PracticePatient[] }>().patients.map((p) => p.id)).toEqual([patient.userId]);
    const byEmail = await patients(practice.provider, patient.email.split('@')[0]!);
    // Seen never yet: their next appointment is the one just booked.
    expect(byEmail.json<{ patients: PracticePatient[] }>().patients).toMatchObject([
      { id: patient.userId, email: patient.email, name: patient.name, lastVisitAt: null, nextVisitAt: online.json<Appointment>().startsAt },
    ]);
    const byId = await t.app.inject({ method: 'GET', url: `/api/v1/practice/patients?patientId=${patient.userId}`, headers: { cookie: practice.provider.cookie } });
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json<{ patients: PracticePatient[] }>().patients.map((p) => p.id)).toEqual([patient.userId]);
    const strangerById = await t.app.inject({ method: 'GET', url: `/api/v1/practice/patients?patientId=${stranger.userId}`, headers: { cookie: practice.provider.cookie } });
    expect(strangerById.json<{ patients: PracticePatient[] }>().patients).toEqual([]);
    // LIKE's wildcards are letters like any other.
    expect((await patients(practice.provider, '%')).json<{ patients: PracticePatient[] }>().patients).toEqual([]);
    // Another organisation does not see them, nor does someone without the practice's permission.
    expect((await patients(rival.provider, patient.email)).json<{ patients: PracticePatient[] }>().patients).toEqual([]);
    expect((await patients(patient, '')).statusCode).toBe(403);
  });

  it('books a confirmed appointment, emails the patient a calendar file and tells them in the app; a retry books once', async () => {
    const start = await freeAt(hoursAhead(60));
    const key = randomUUID();
    const res = await bookFor(practice.provider, practice, { patientId: patient.userId, startsAt: start.toISOString(), reason: 'Follow-up by phone' }, key);
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json<Appointment>();
    expect(booked).toMatchObject({ status: 'confirmed', startsAt: start.toISOString(), reason: 'Follow-up by phone', patient: { id: patient.userId } });

    const retried = await bookFor(practice.provider, practice, { patientId: patient.userId, startsAt: start.toISOString(), reason: 'Follow-up by phone' }, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<Appointment>().id).toBe(booked.id);
    const reused = await bookFor(practice.provider, practice, { patientId: patient.userId, startsAt: new Date(start.getTime() + 3_600_000).toISOString() }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'booking.idempotency-key-reused' });
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from appointments where idempotency_key = ${key}`);
    expect(count?.n).toBe(1);

    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/appointments?when=upcoming', headers: { cookie: patient.cookie } });
    expect(mine.json<AppointmentPage>().appointments.find((a) => a.id === booked.id)).toMatchObject({ status: 'confirmed' });

    const mail = await smtp.waitFor((m) => m.to.includes(patient.email.toLowerCase()) && m.subject.startsWith('Booked') && m.text.includes('booked this appointment for you'));
    expect(mail.text).toContain('It is confirmed.');
    expect(mail.text).not.toContain('The practice will confirm it');
    const ics = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    const vevent = new ICAL.Component(ICAL.parse(ics!.content)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toContain(booked.id);
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Australia/Sydney');

    const bell = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie: patient.cookie } });
    // The patient's notice says the practice booked it, so the bell tells it as "Your practice booked … for you".
    expect(bell.json<NotificationList>().notifications.find((n) => n.kind === 'appointment_booked' && n.appointmentId === booked.id)?.data.by).toBe('practice');

    const [audit] = await queryRows<{ actor: string; by: string }>(
      t.database.db,
      sql`select actor_user_id::text as actor, metadata->>'by' as by from audit_events where action = 'appointment.booked' and target_id = ${booked.id}`,
    );
    expect(audit).toEqual({ actor: practice.provider.userId, by: 'practice' });
    const [row] = await queryRows<{ booked_by: string }>(t.database.db, sql`select booked_by from appointments where id = ${booked.id}`);
    expect(row?.booked_by).toBe('practice');

    // The same time again: taken, with fresh times to choose from.
    const again = await bookFor(practice.provider, practice, { patientId: patient.userId, startsAt: start.toISOString() });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ code: string; slots: unknown[] }>()).toMatchObject({ code: 'booking.slot-taken' });
    expect(again.json<{ slots: unknown[] }>().slots.length).toBeGreaterThan(0);
  });

  it('refuses people who are not its patients, times it does not offer, other organisations and bad requests', async () => {
    const start = await freeAt(hoursAhead(90));
    const strangerBooking = await bookFor(practice.provider, practice, { patientId: stranger.userId, startsAt: start.toISOString() });
    expect(strangerBooking.statusCode).toBe(404);
    expect(strangerBooking.json()).toMatchObject({ code: 'practice.patient-not-found' });

    // The rival organisation cannot book this practice's service, nor for this practice's patient with its own.
    const across = await bookFor(rival.provider, practice, { patientId: patient.userId, providerId: practice.profileId, startsAt: start.toISOString() });
    expect(across.statusCode).toBe(404);
    const rivalStart = hoursAhead(90);
    const notTheirs = await bookFor(rival.provider, rival, { patientId: patient.userId, startsAt: rivalStart.toISOString() });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toMatchObject({ code: 'practice.patient-not-found' });

    const offGrid = await bookFor(practice.provider, practice, { patientId: patient.userId, startsAt: new Date(start.getTime() + 7 * 60_000).toISOString() });
    expect(offGrid.statusCode).toBe(409);
    expect(offGrid.json()).toMatchObject({ code: 'booking.time-unavailable' });

    const asPatient = await bookFor(patient, practice, { patientId: patient.userId, startsAt: start.toISOString() });
    expect(asPatient.statusCode).toBe(403);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/practice/appointments',
      headers: { cookie: practice.provider.cookie },
      payload: { patientId: patient.userId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: start.toISOString() },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.headers['content-type']).toContain('application/problem+json');
    const badBody = await bookFor(practice.provider, practice, { patientId: 'nobody', startsAt: 'tomorrow', extra: true });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json()).toMatchObject({ code: 'request.invalid' });
  });

  it('lets other staff book with a provider they name, and a provider only with themselves', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/practice/providers', headers: { cookie: practice.provider.cookie } });
    expect(own.json<PracticeProviderList>().providers.map((p) => p.id)).toEqual([practice.profileId]);
    const rivals = await t.app.inject({ method: 'GET', url: '/api/v1/practice/providers', headers: { cookie: rival.provider.cookie } });
    expect(rivals.json<PracticeProviderList>().providers.map((p) => p.id)).toEqual([rival.profileId]);

    const manager = await createSignedInUser(t, { prefix: 'frontdesk-manager', smtp });
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tenant/invitations',
      headers: { cookie: practice.provider.cookie },
      payload: { email: manager.email, role: 'practice_manager' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(manager.email.toLowerCase()) && m.text.includes('/invitations/accept'));
    const token = new URL(/https?:\/\/\S*\/invitations\/accept\S*/.exec(mail.text)![0]).searchParams.get('token');
    const accepted = await t.app.inject({ method: 'POST', url: '/api/v1/invitations/accept', headers: { cookie: manager.cookie }, payload: { token } });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/practice/providers', headers: { cookie: manager.cookie } });
    expect(theirs.json<PracticeProviderList>().providers).toEqual([{ id: practice.profileId, displayName: practice.displayName, title: 'MBBS' }]);
    expect((await patients(manager, patient.email)).json<{ patients: PracticePatient[] }>().patients.map((p) => p.id)).toEqual([patient.userId]);

    const start = await freeAt(hoursAhead(120));
    const unnamed = await bookFor(manager, practice, { patientId: patient.userId, startsAt: start.toISOString() });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ code: 'practice.provider-required' });
    const named = await bookFor(manager, practice, { patientId: patient.userId, providerId: practice.profileId, startsAt: start.toISOString() });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json<Appointment>()).toMatchObject({ status: 'confirmed', provider: { id: practice.profileId } });
    // Staff see every provider's appointments, or one provider's when they name one.
    const range = new URLSearchParams({ from: new Date(start.getTime() - 3_600_000).toISOString(), to: new Date(start.getTime() + 3_600_000).toISOString() });
    const listed = async (providerId?: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/practice/appointments?${range.toString()}${providerId ? `&providerId=${providerId}` : ''}`, headers: { cookie: manager.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ appointments: Appointment[] }>().appointments.map((a) => a.id);
    };
    expect(await listed()).toContain(named.json<Appointment>().id);
    expect(await listed(practice.profileId)).toContain(named.json<Appointment>().id);
    expect(await listed(randomUUID())).toEqual([]);
    // A provider names nobody but themselves: the rival's profile is not theirs to book with.
    const otherProvider = await bookFor(practice.provider, rival, { patientId: patient.userId, providerId: rival.profileId, startsAt: hoursAhead(130).toISOString() });
    expect(otherProvider.statusCode).toBe(404);
  });

  it('books and moves inside the online notice and past the horizon, which bind patients only', async () => {
    const strict = await createPractice(t, { smtp, minimumNoticeMinutes: 600 });
    await setProfile(t, strict, { horizonDays: 7 });
    const slotsOf = async (url: string, who?: SignedIn) => {
      const res = await t.app.inject({ method: 'GET', url, ...(who ? { headers: { cookie: who.cookie } } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Slots>().slots.map((slot) => Date.parse(slot.start));
    };
    const query = `serviceId=${strict.serviceId}&locationId=${strict.locationId}&days=2`;
    const online = await slotsOf(`/api/v1/providers/${strict.profileId}/slots?${query}`);
    const practiceTimes = await slotsOf(`/api/v1/practice/slots?${query}`, strict.provider);
    const noticeEnds = Date.now() + 600 * 60_000;
    expect(online.every((at) => at >= noticeEnds - 60_000)).toBe(true);
    const soon = practiceTimes.find((at) => at < noticeEnds - 3_600_000 && at > Date.now() + 30 * 60_000);
    expect(soon).toBeDefined();
    expect(practiceTimes.every((at) => at >= Date.now() - 60_000)).toBe(true);
    // Another organisation's staff cannot read these times.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/practice/slots?${query}&providerId=${strict.profileId}`, headers: { cookie: practice.provider.cookie } })).statusCode).toBe(404);

    // The patient becomes the practice's by booking online, outside the notice.
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: { cookie: patient.cookie, 'idempotency-key': randomUUID() },
      payload: { providerId: strict.profileId, serviceId: strict.serviceId, locationId: strict.locationId, startsAt: new Date(online[0]!).toISOString() },
    });
    expect(first.statusCode, first.body).toBe(201);
    // Online, a time inside the notice is refused; the practice books it.
    const tooSoon = await t.app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: { cookie: patient.cookie, 'idempotency-key': randomUUID() },
      payload: { providerId: strict.profileId, serviceId: strict.serviceId, locationId: strict.locationId, startsAt: new Date(soon!).toISOString() },
    });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ code: 'booking.time-unavailable' });
    const desk = await bookFor(strict.provider, strict, { patientId: patient.userId, startsAt: new Date(soon!).toISOString() });
    expect(desk.statusCode, desk.body).toBe(201);
    // Thirty days ahead is past the seven-day horizon of online booking: the practice moves the visit there.
    const later = hoursAhead(30 * 24);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/practice/appointments/${desk.json<Appointment>().id}/reschedule`,
      headers: { cookie: strict.provider.cookie },
      payload: { startsAt: later.toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Appointment>().startsAt).toBe(later.toISOString());
    // A time already past is never offered or booked.
    const past = await bookFor(strict.provider, strict, { patientId: patient.userId, startsAt: hoursAhead(-2).toISOString() });
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ code: 'booking.time-unavailable' });
  });
});

describe('the practice books a series of visits', () => {
  let series: Practice;
  let other: SignedIn;
  /** The weekly series of the first test. */
  let weekly: string[] = [];

  function bookSeries(body: Record<string, unknown>, key: string = randomUUID(), who: SignedIn = series.provider) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/practice/appointments/series',
      headers: { cookie: who.cookie, 'idempotency-key': key },
      payload: { serviceId: series.serviceId, locationId: series.locationId, ...body },
    });
  }

  /** A whole quarter hour at least `days` days ahead, where the practice (open all day) has nothing yet. */
  function quarterHourAhead(days: number): Date {
    const at = hoursAhead(days * 24);
    at.setUTCMinutes(Math.ceil(at.getUTCMinutes() / 15) * 15, 0, 0);
    return at;
  }

  beforeAll(async () => {
    series = await createPractice(t, { smtp, timeZone: 'Australia/Sydney' });
    other = await createSignedInUser(t, { prefix: 'series-other', smtp });
    // Both become the practice's patients with an online booking each, two days ahead.
    for (const [who, hour] of [[patient, 0], [other, 1]] as const) {
      const at = quarterHourAhead(2);
      at.setUTCHours(at.getUTCHours() + hour);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/appointments',
        headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
        payload: { providerId: series.profileId, serviceId: series.serviceId, locationId: series.locationId, startsAt: at.toISOString() },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('books every week at the same time of day, each visit confirmed and emailed; a retry books none again', async () => {
    const first = quarterHourAhead(10);
    const key = randomUUID();
    const res = await bookSeries({ patientId: patient.userId, startsAt: first.toISOString(), reason: 'Knee rehabilitation', everyWeeks: 1, visits: 4 }, key);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<PracticeSeriesResult>();
    expect(body.skipped).toEqual([]);
    expect(body.appointments.map((a) => a.startsAt)).toEqual(seriesStarts(first.toISOString(), 'Australia/Sydney', 1, 4));
    for (const a of body.appointments) expect(a).toMatchObject({ status: 'confirmed', reason: 'Knee rehabilitation', patient: { id: patient.userId } });
    const ids = body.appointments.map((a) => a.id);
    weekly = ids;
    // Each visit knows its series: which one it is, of how many, and how many are still to come.
    const seriesId = body.appointments[0]!.series!.id;
    expect(body.appointments.map((a) => a.series)).toEqual([0, 1, 2, 3].map((i) => ({ id: seriesId, visit: i + 1, visits: 4, later: 3 - i })));
    const [emails] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from appointment_emails where kind = 'booked' and appointment_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
    );
    expect(emails?.n).toBe(4);

    const retried = await bookSeries({ patientId: patient.userId, startsAt: first.toISOString(), reason: 'Knee rehabilitation', everyWeeks: 1, visits: 4 }, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<PracticeSeriesResult>().appointments.map((a) => a.id)).toEqual(ids);
    const reused = await bookSeries({ patientId: patient.userId, startsAt: first.toISOString(), everyWeeks: 2, visits: 4 }, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'booking.idempotency-key-reused' });
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from appointments where idempotency_key like ${`${key}%`}`);
    expect(count?.n).toBe(4);
  });

  it('cancels a visit with the later ones of its series, with one reason, and only a series', async () => {
    const cancel = (id: string, reason: string, who: SignedIn = series.provider) =>
      t.app.inject({ method: 'POST', url: `/api/v1/practice/appointments/${id}/cancel-with-later`, headers: { cookie: who.cookie }, payload: { reason } });
    expect((await cancel(weekly[1]!, '  ')).statusCode).toBe(400);
    expect((await cancel(weekly[1]!, 'Therapy finished', rival.provider)).statusCode).toBe(404);
    expect((await cancel(weekly[1]!, 'Therapy finished', patient)).statusCode).toBe(403);
    const single = await bookFor(series.provider, series, { patientId: patient.userId, startsAt: quarterHourAhead(60).toISOString() });
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json<Appointment>().series).toBeNull();
    const alone = await cancel(single.json<Appointment>().id, 'Therapy finished');
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({ code: 'appointment.not-in-series' });

    const res = await cancel(weekly[1]!, 'Therapy finished');
    expect(res.statusCode, res.body).toBe(200);
    const { cancelled } = res.json<CancelledVisits>();
    expect(cancelled.map((a) => a.id)).toEqual(weekly.slice(1));
    for (const a of cancelled) expect(a).toMatchObject({ status: 'cancelled', cancelledBy: 'practice', cancellationReason: 'Therapy finished' });
    const [emails] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from appointment_emails where kind = 'cancelled' and appointment_id in (${sql.join(weekly.slice(1).map((id) => sql`${id}::uuid`), sql`, `)})`,
    );
    expect(emails?.n).toBe(3);
    // The first visit stands, now the only one of its series.
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/appointments?when=upcoming', headers: { cookie: patient.cookie } });
    const first = mine.json<AppointmentPage>().appointments.find((a) => a.id === weekly[0]);
    expect(first).toMatchObject({ status: 'confirmed', series: { visit: 1, visits: 1, later: 0 } });
    // Again: the visit is cancelled already.
    expect((await cancel(weekly[1]!, 'Therapy finished')).statusCode).toBe(409);
  });

  it('names the times that are not free and books none, or with skipUnavailable books the others', async () => {
    const first = quarterHourAhead(20);
    const starts = seriesStarts(first.toISOString(), 'Australia/Sydney', 2, 4);
    // The second visit's day is a day off; someone else has the third visit's time.
    const dayOff = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(starts[1]!));
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/practice/locations/${series.locationId}/overrides/${dayOff}`,
      headers: { cookie: series.provider.cookie },
      payload: { hours: [], note: 'Conference' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const taken = await bookSeries({ patientId: other.userId, startsAt: starts[2], everyWeeks: 1, visits: 2 });
    expect(taken.statusCode, taken.body).toBe(201);

    const key = randomUUID();
    const refused = await bookSeries({ patientId: patient.userId, startsAt: first.toISOString(), everyWeeks: 2, visits: 4 }, key);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      code: 'practice.series-unavailable',
      free: 2,
      unavailable: [
        { startsAt: starts[1], code: 'booking.time-unavailable' },
        { startsAt: starts[2], code: 'booking.slot-taken' },
      ],
    });
    const [none] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from appointments where idempotency_key like ${`${key}%`}`);
    expect(none?.n).toBe(0);

    const skipping = await bookSeries({ patientId: patient.userId, startsAt: first.toISOString(), everyWeeks: 2, visits: 4, skipUnavailable: true }, key);
    expect(skipping.statusCode, skipping.body).toBe(201);
    const result = skipping.json<PracticeSeriesResult>();
    expect(result.appointments.map((a) => a.startsAt)).toEqual([starts[0], starts[3]]);
    expect(result.skipped).toEqual([
      { startsAt: starts[1], code: 'booking.time-unavailable' },
      { startsAt: starts[2], code: 'booking.slot-taken' },
    ]);
    // A series that reaches a visit just booked finds its time taken.
    const busy = await bookSeries({ patientId: patient.userId, startsAt: new Date(Date.parse(starts[0]!) - 14 * 86_400_000).toISOString(), everyWeeks: 2, visits: 2 });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json()).toMatchObject({ free: 1, unavailable: [{ startsAt: starts[0], code: 'booking.slot-taken' }] });

    // Nothing free at all: refused even when skipping.
    const nothing = await bookSeries({ patientId: other.userId, startsAt: starts[1], everyWeeks: 1, visits: 2, skipUnavailable: true });
    expect(nothing.statusCode, nothing.body).toBe(201);
    const allGone = await bookSeries({ patientId: other.userId, startsAt: starts[1], everyWeeks: 1, visits: 2, skipUnavailable: true });
    expect(allGone.statusCode).toBe(409);
    expect(allGone.json()).toMatchObject({ code: 'practice.series-unavailable', free: 0 });
  });

  it('refuses bad series, patients, other organisations and people who are not staff', async () => {
    const startsAt = quarterHourAhead(40).toISOString();
    for (const bad of [{ visits: 1 }, { visits: 13 }, { everyWeeks: 3 }, { everyWeeks: '1' }, { visits: 2.5 }, { skipUnavailable: 'yes' }]) {
      const res = await bookSeries({ patientId: patient.userId, startsAt, everyWeeks: 1, visits: 3, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const stranger = await bookSeries({ patientId: randomUUID(), startsAt, everyWeeks: 1, visits: 3 });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'practice.patient-not-found' });
    // Another organisation's provider cannot book with this one's service, and a patient is not staff.
    const elsewhere = await bookSeries({ patientId: patient.userId, startsAt, everyWeeks: 1, visits: 3 }, randomUUID(), rival.provider);
    expect(elsewhere.statusCode).toBe(404);
    const asPatient = await bookSeries({ patientId: patient.userId, startsAt, everyWeeks: 1, visits: 3 }, randomUUID(), patient);
    expect(asPatient.statusCode).toBe(403);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/practice/appointments/series',
      headers: { cookie: series.provider.cookie },
      payload: { patientId: patient.userId, serviceId: series.serviceId, locationId: series.locationId, startsAt, everyWeeks: 1, visits: 3 },
    });
    expect(noKey.statusCode).toBe(400);
  });
});
