import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, WaitlistDays } from '../../../shared/contracts/appointments.js';
import type { Slots } from '../../../shared/contracts/providers.js';
import { queryRows } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { users } from '../../db/schema/auth.js';
import { availabilityOverrides } from '../../db/schema/booking.js';
import { createPractice, dayOff, daytimeAhead, hoursAhead, setProfile, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';

let t: TestApp;
let practice: Practice;
let patient: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  practice = await createPractice(t, { bufferAfterMinutes: 10 });
  patient = await createSignedInUser(t, { prefix: 'patient' });
  other = await createSignedInUser(t, { prefix: 'other' });
});
afterAll(async () => {
  await t?.close();
});

function book(who: SignedIn | null, startsAt: Date, key: string = randomUUID(), target: Practice = practice, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/appointments',
    headers: { ...(who ? { cookie: who.cookie } : {}), 'idempotency-key': key },
    payload: { providerId: target.profileId, serviceId: target.serviceId, locationId: target.locationId, startsAt: startsAt.toISOString(), reason: 'Check-up', ...extra },
  });
}

async function slots(target: Practice, from: Date, days = 1): Promise<Slots> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${target.profileId}/slots?serviceId=${target.serviceId}&from=${encodeURIComponent(from.toISOString())}&days=${days}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Slots>();
}

describe('booking a time', () => {
  it('books a free time once (201), and a retry with the same key answers the same booking (200)', async () => {
    const start = daytimeAhead(72);
    const key = randomUUID();
    const first = await book(patient, start, key);
    expect(first.statusCode, first.body).toBe(201);
    const appointment = first.json<Appointment>();
    expect(appointment).toMatchObject({ status: 'booked', startsAt: start.toISOString(), timeZone: 'Australia/Sydney', mode: 'in_person', priceMinor: 12000, currency: 'AUD' });
    expect(first.headers.location).toBe(`/api/v1/appointments/${appointment.id}`);
    expect(appointment.actions).toEqual(expect.arrayContaining(['cancel', 'reschedule']));
    const retry = await book(patient, start, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Appointment>().id).toBe(appointment.id);
    // The same key for a different booking is refused rather than silently answered.
    const reused = await book(patient, new Date(start.getTime() + 3_600_000), key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'booking.idempotency-key-reused' });
    // The time, with its 10-minute buffer after, is gone from the free times.
    const free = await slots(practice, new Date(start.getTime() - 3_600_000));
    const starts = free.slots.map((s) => s.start);
    expect(starts).not.toContain(start.toISOString());
    expect(starts).not.toContain(new Date(start.getTime() + 30 * 60_000).toISOString());
    expect(starts).toContain(new Date(start.getTime() + 45 * 60_000).toISOString());
  });

  it('answers a taken time with 409 booking.slot-taken and fresh free times', async () => {
    const start = hoursAhead(96);
    expect((await book(patient, start)).statusCode).toBe(201);
    const res = await book(other, start);
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json<{ code: string; detail: string; slots: { start: string }[] }>();
    expect(body.code).toBe('booking.slot-taken');
    expect(body.detail).toMatch(/just booked/);
    expect(body.slots.length).toBeGreaterThan(0);
    expect(body.slots.map((s) => s.start)).not.toContain(start.toISOString());
  });

  it('refuses times outside the hours, a missing key, and strangers', async () => {
    // Twenty days ahead: no other test books within a day of it, whatever the time of day (the
    // day off is a Sydney date, up to 11 hours from the UTC date it is named by).
    await dayOff(t, practice, hoursAhead(24 * 20).toISOString().slice(0, 10));
    const closed = hoursAhead(24 * 20);
    closed.setUTCHours(2, 0, 0, 0); // 12:00 or 13:00 in Sydney, on the day off
    const res = await book(patient, closed);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'booking.time-unavailable' });
    const past = await book(patient, hoursAhead(-2));
    expect(past.json()).toMatchObject({ code: 'booking.time-unavailable' });
    const offGrid = await book(patient, new Date(hoursAhead(100).getTime() + 7 * 60_000));
    expect(offGrid.json()).toMatchObject({ code: 'booking.time-unavailable' });
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: { cookie: patient.cookie },
      payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: hoursAhead(120).toISOString() },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 'request.invalid' });
    expect((await book(null, hoursAhead(120))).statusCode).toBe(401);
    const unknown = await book(patient, hoursAhead(120), randomUUID(), { ...practice, serviceId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    const self = await book(practice.provider, hoursAhead(121));
    expect(self.json()).toMatchObject({ code: 'booking.own-profile' });
  });

  it('refuses instants outside 1900-2200 with 400 naming the field, for free times and bookings alike (the year 9999 was a 500)', async () => {
    for (const from of ['9999-12-31T23:59:59Z', '1800-01-01T00:00:00Z']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${practice.profileId}/slots?serviceId=${practice.serviceId}&from=${encodeURIComponent(from)}&days=3` });
      expect(res.statusCode, from).toBe(400);
      expect(res.json()).toMatchObject({ code: 'request.invalid', errors: [expect.objectContaining({ path: 'querystring.from' })] });
    }
    const far = await t.app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: { cookie: patient.cookie, 'idempotency-key': randomUUID() },
      payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: '9999-12-31T23:30:00Z' },
    });
    expect(far.statusCode).toBe(400);
    expect(far.json()).toMatchObject({ code: 'request.invalid', errors: [expect.objectContaining({ path: 'body.startsAt' })] });
    // The last day before the bound is a day like any other: no free times that far ahead, no error.
    expect((await slots(practice, new Date('2199-12-30T00:00:00Z'), 1)).slots).toEqual([]);
  });

  it('refuses new patients when the provider is not taking them', async () => {
    const closedBook = await createPractice(t, { acceptingNewPatients: false });
    const res = await book(patient, hoursAhead(50), randomUUID(), closedBook);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'booking.not-accepting-new-patients' });
  });

  it('refuses a second appointment of the same person at the same time with another provider, and says which', async () => {
    const person = await createSignedInUser(t, { role: 'patient', prefix: 'twice' });
    const other = await createPractice(t);
    // 210-221 hours on: no other test of this file books then (the cancellation test's 200 hours
    // on is a Sydney daytime hour half the day, and this took it).
    const start = daytimeAhead(210);
    const first = await book(person, start);
    expect(first.statusCode, first.body).toBe(201);
    // The same time with another provider: refused, naming the appointment already there.
    const clash = await book(person, start, randomUUID(), other);
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'booking.patient-busy', busy: { startsAt: start.toISOString(), provider: practice.displayName } });
    // The other provider's free times leave that visit's time out for this person (signed in), and
    // only for them: a visitor, and another patient, still see it.
    const around = new Date(start.getTime() - 2 * 3_600_000);
    const starts = async (cookie?: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${other.profileId}/slots?serviceId=${other.serviceId}&from=${encodeURIComponent(around.toISOString())}&days=1`, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Slots>();
      return body.slots.map((slot) => ({ start: slot.start, end: Date.parse(slot.start) + body.durationMinutes * 60_000 }));
    };
    const visitEnd = Date.parse(first.json<Appointment>().endsAt);
    const overlapping = (slot: { start: string; end: number }) => Date.parse(slot.start) < visitEnd && slot.end > start.getTime();
    const anyone = await starts();
    expect(anyone.filter(overlapping).length).toBeGreaterThan(0);
    const theirs = await starts(person.cookie);
    expect(theirs.filter(overlapping)).toEqual([]);
    expect(theirs).toEqual(anyone.filter((slot) => !overlapping(slot)));
    expect(await starts(patient.cookie)).toEqual(anyone);
    // Someone else may book that provider at that time; once the first is cancelled, so may this person.
    const stranger = await createSignedInUser(t, { role: 'patient', prefix: 'elsewhere' });
    expect((await book(stranger, start, randomUUID(), other)).statusCode).toBe(201);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${first.json<Appointment>().id}/cancel`, headers: { cookie: person.cookie }, payload: {} });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await book(person, start)).statusCode).toBe(201);
  });

  it('keeps the zone the booking page showed its times in, for an account without one, and tells a bad zone', async () => {
    const person = await createSignedInUser(t, { role: 'patient', prefix: 'zone' });
    const own = await createPractice(t);
    const zoneOf = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { cookie: person.cookie } })).json<{ timeZone: string | null }>().timeZone;
    expect(await zoneOf()).toBeNull();
    const bad = await book(person, daytimeAhead(72), randomUUID(), own, { timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'request.invalid', errors: [expect.objectContaining({ path: 'body.timeZone' })] });
    expect(await zoneOf()).toBeNull();
    const first = await book(person, daytimeAhead(72), randomUUID(), own, { timeZone: 'Europe/London' });
    expect(first.statusCode, first.body).toBe(201);
    expect(await zoneOf()).toBe('Europe/London');
    // A zone the person chose (or kept) stays: a later booking from elsewhere does not change it.
    const second = await book(person, daytimeAhead(96), randomUUID(), own, { timeZone: 'America/New_York' });
    expect(second.statusCode, second.body).toBe(201);
    expect(await zoneOf()).toBe('Europe/London');
  });

  it('hides a provider who is not verified', async () => {
    const pending = await createPractice(t, { verification: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/providers/${pending.profileId}` })).statusCode).toBe(404);
    expect((await book(patient, hoursAhead(50), randomUUID(), pending)).statusCode).toBe(404);
  });
});

describe('my appointments', () => {
  it('lists upcoming and past, and nobody else can read or change them (404)', async () => {
    const start = hoursAhead(150);
    const created = (await book(patient, start)).json<Appointment>();
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/appointments?when=upcoming', headers: { cookie: patient.cookie } });
    expect(list.statusCode).toBe(200);
    const page = list.json<{ appointments: Appointment[]; total: number }>();
    expect(page.appointments.map((a) => a.id)).toContain(created.id);
    const starts = page.appointments.map((a) => a.startsAt);
    expect([...starts].sort()).toEqual(starts);
    expect(page.appointments[0]).toMatchObject({ provider: { displayName: practice.displayName }, location: { address: expect.stringContaining('1 Test Street') } });

    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/appointments/${created.id}`, headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(404);
    const cancelTheirs = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${created.id}/cancel`, headers: { cookie: other.cookie }, payload: {} });
    expect(cancelTheirs.statusCode).toBe(404);
    for (const [method, url, payload] of [
      ['POST', `/api/v1/appointments/${created.id}/reschedule`, { startsAt: hoursAhead(170).toISOString() }],
      ['POST', `/api/v1/appointments/${created.id}/rating`, { score: 1 }],
      ['GET', `/api/v1/appointments/${created.id}/calendar.ics`, undefined],
    ] as const) {
      const theirs = await t.app.inject({ method, url, headers: { cookie: other.cookie }, ...(payload ? { payload } : {}) });
      const none = await t.app.inject({ method, url: url.replace(created.id, randomUUID()), headers: { cookie: other.cookie }, ...(payload ? { payload } : {}) });
      expect(theirs.statusCode, url).toBe(404);
      expect(theirs.json<{ code: string }>().code).toBe(none.json<{ code: string }>().code);
    }
    const otherList = await t.app.inject({ method: 'GET', url: '/api/v1/appointments', headers: { cookie: other.cookie } });
    expect(otherList.json<{ appointments: Appointment[] }>().appointments.map((a) => a.id)).not.toContain(created.id);
  });

  it('cancels outside the window, which frees the time; inside the window explains why not', async () => {
    const start = hoursAhead(200);
    const createdRes = await book(patient, start);
    expect(createdRes.statusCode, createdRes.body).toBe(201);
    const created = createdRes.json<Appointment>();
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${created.id}/cancel`, headers: { cookie: patient.cookie }, payload: { reason: 'Travelling' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<Appointment>()).toMatchObject({ status: 'cancelled', cancelledBy: 'patient', cancellationReason: 'Travelling', actions: [] });
    expect((await slots(practice, new Date(start.getTime() - 3_600_000))).slots.map((s) => s.start)).toContain(start.toISOString());
    expect((await book(other, start)).statusCode).toBe(201);

    const soon = (await book(patient, hoursAhead(5))).json<Appointment>();
    expect(soon.actions).not.toContain('cancel');
    expect(soon.actions).not.toContain('reschedule');
    const late = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${soon.id}/cancel`, headers: { cookie: patient.cookie }, payload: {} });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'appointment.inside-cancellation-window', detail: expect.stringMatching(/contact the practice/) });
  });

  it('reschedules to a free time, keeping the id; a taken time answers 409 with fresh times', async () => {
    const start = hoursAhead(230);
    const created = (await book(patient, start)).json<Appointment>();
    const later = new Date(start.getTime() + 2 * 3_600_000);
    // Moving by a quarter of an hour overlaps itself only: allowed.
    const nudge = new Date(start.getTime() + 15 * 60_000);
    const nudged = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${created.id}/reschedule`, headers: { cookie: patient.cookie }, payload: { startsAt: nudge.toISOString() } });
    expect(nudged.statusCode, nudged.body).toBe(200);
    const moved = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${created.id}/reschedule`, headers: { cookie: patient.cookie }, payload: { startsAt: later.toISOString() } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Appointment>()).toMatchObject({ id: created.id, startsAt: later.toISOString(), status: 'booked' });
    const blocker = hoursAhead(260);
    expect((await book(other, blocker)).statusCode).toBe(201);
    const clash = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${created.id}/reschedule`, headers: { cookie: patient.cookie }, payload: { startsAt: blocker.toISOString() } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ code: string; slots: unknown[] }>()).toMatchObject({ code: 'booking.slot-taken' });
  });
});

describe('no double booking, ever', () => {
  async function overlapping(): Promise<number> {
    const [row] = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from appointments a join appointments b
          on a.provider_id = b.provider_id and a.id < b.id
         and tstzrange(a.occupied_from, a.occupied_to) && tstzrange(b.occupied_from, b.occupied_to)
         where a.status in ('booked', 'confirmed', 'checked_in', 'completed') and b.status in ('booked', 'confirmed', 'checked_in', 'completed')`,
    );
    return Number(row?.n ?? 0);
  }

  it('200 concurrent bookings of one time: exactly 1 succeeds, 199 get 409, none 5xx', async () => {
    const target = await createPractice(t);
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => createSignedInUser(t, { prefix: `crowd${i}` })));
    const start = hoursAhead(300);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => book(people[i % people.length]!, start, randomUUID(), target)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json<{ code: string }>().code).toBe('booking.slot-taken');
    expect(await overlapping()).toBe(0);
  });

  it('200 concurrent bookings of partly overlapping times never overlap', async () => {
    const target = await createPractice(t, { durationMinutes: 60 });
    const people = await Promise.all(Array.from({ length: 4 }, (_, i) => createSignedInUser(t, { prefix: `overlap${i}` })));
    const base = hoursAhead(320);
    // Starts every quarter of an hour over four hours: each 60-minute visit overlaps its neighbours.
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => book(people[i % people.length]!, new Date(base.getTime() + (i % 16) * 15 * 60_000), randomUUID(), target)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join(',')).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(4);
    expect(await overlapping()).toBe(0);
  });

  it('the database itself refuses an overlapping active appointment (exclusion constraint), but not back-to-back', async () => {
    const target = await createPractice(t);
    const start = hoursAhead(340);
    const first = (await book(patient, start, randomUUID(), target)).json<Appointment>();
    const copy = sql`insert into appointments (tenant_id, provider_id, patient_id, service_id, location_id, mode, starts_at, ends_at, occupied_from, occupied_to, time_zone, price_minor, currency)
      select tenant_id, provider_id, ${other.userId}, service_id, location_id, mode, starts_at + ${'15 minutes'}::interval, ends_at + ${'15 minutes'}::interval,
             occupied_from + ${'15 minutes'}::interval, occupied_to + ${'15 minutes'}::interval, time_zone, price_minor, currency from appointments where id = ${first.id}`;
    await expect(queryRows(t.database.db, copy)).rejects.toMatchObject({ cause: { code: '23P01' } });
    const backToBack = sql`insert into appointments (tenant_id, provider_id, patient_id, service_id, location_id, mode, starts_at, ends_at, occupied_from, occupied_to, time_zone, price_minor, currency)
      select tenant_id, provider_id, ${other.userId}, service_id, location_id, mode, ends_at, ends_at + ${'30 minutes'}::interval,
             occupied_to, occupied_to + ${'30 minutes'}::interval, time_zone, price_minor, currency from appointments where id = ${first.id}`;
    await queryRows(t.database.db, backToBack);
  });
});

describe('waitlist', () => {
  /** The Sydney dates from `fromDays` days on that fall on `weekday` (0 = Sunday), the first `count`. */
  function sydneyDates(weekday: number, count: number, fromDays = 3): string[] {
    const dates: string[] = [];
    for (let day = fromDays; dates.length < count; day++) {
      const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + day * 86_400_000));
      if (new Date(`${date}T00:00:00Z`).getUTCDay() === weekday && !dates.includes(date)) dates.push(date);
    }
    return dates;
  }
  const join = (who: SignedIn, target: Practice, date: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/waitlist', headers: { cookie: who.cookie }, payload: { providerId: target.profileId, serviceId: target.serviceId, locationId: target.locationId, date } });

  it('refuses a day the provider has no hours for the service (a closed weekday, a day off) with 409 waitlist.closed-day; extra hours on a closed weekday may be waited for', async () => {
    // Open Monday to Saturday 09:00-17:00, closed on Sundays.
    const target = await createPractice(t, { weekly: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })) });
    const waiter = await createSignedInUser(t, { prefix: 'waiter' });
    const [sunday, extraSunday] = sydneyDates(0, 2);
    const closed = await join(waiter, target, sunday!);
    expect(closed.statusCode, closed.body).toBe(409);
    expect(closed.headers['content-type']).toContain('application/problem+json');
    expect(closed.json()).toMatchObject({ code: 'waitlist.closed-day', detail: expect.stringMatching(/no opening hours .* on that day/) });
    // A day off on a weekday it is normally open: closed too.
    const [wednesday] = sydneyDates(3, 1);
    await dayOff(t, target, wednesday!);
    expect((await join(waiter, target, wednesday!)).json()).toMatchObject({ code: 'waitlist.closed-day' });
    // Extra hours on a Sunday (one half-hour, then booked by someone): that day may be waited for.
    await t.database.db.insert(availabilityOverrides).values({ tenantId: target.tenantId, locationId: target.locationId, date: extraSunday!, hours: [{ start: '10:00', end: '10:30' }] });
    const free = (await slots(target, new Date(`${extraSunday!}T00:00:00+10:00`), 2)).slots.filter((s) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(s.start)) === extraSunday);
    expect(free).toHaveLength(1);
    expect((await join(waiter, target, extraSunday!)).json()).toMatchObject({ code: 'waitlist.day-has-times' });
    // The days the page offers for the waitlist are the ones it takes: none yet (every open day
    // has free times; today's may have run out, and today is then offered).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    const offered = async (who: SignedIn) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${target.profileId}/waitlist-days?serviceId=${target.serviceId}`, headers: { cookie: who.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json<WaitlistDays>();
      expect(answer).toMatchObject({ locationId: target.locationId, timeZone: 'Australia/Sydney' });
      return answer.days.filter((d) => d.date !== today);
    };
    expect(await offered(waiter)).toEqual([]);
    const taker = await createSignedInUser(t, { prefix: 'sunday' });
    expect((await book(taker, new Date(free[0]!.start), randomUUID(), target)).statusCode).toBe(201);
    expect(await offered(waiter)).toEqual([{ date: extraSunday, waiting: false }]);
    const joined = await join(waiter, target, extraSunday!);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'waiting', date: extraSunday });
    expect(await offered(waiter)).toEqual([{ date: extraSunday, waiting: true }]);
    // Someone else is not waiting; the one who booked it sees no free time either, so it is offered to them too.
    expect(await offered(taker)).toEqual([{ date: extraSunday, waiting: false }]);
    const ask = (who: SignedIn | null, query: string, id = target.profileId) =>
      t.app.inject({ method: 'GET', url: `/api/v1/providers/${id}/waitlist-days?${query}`, headers: who ? { cookie: who.cookie } : {} });
    expect((await ask(null, `serviceId=${target.serviceId}`)).statusCode).toBe(401);
    expect((await ask(waiter, `serviceId=${target.serviceId}`, randomUUID())).json()).toMatchObject({ code: 'booking.service-not-found' });
    expect((await ask(waiter, 'serviceId=nope')).statusCode).toBe(400);
  });

  it('does not offer or take a day whose remaining hours are all inside the minimum notice (409 waitlist.day-over)', async () => {
    // Open every day, 00:00-24:00 in Sydney, with a day's notice: nothing today can be booked any more,
    // so no time of today can free up for someone waiting.
    const target = await createPractice(t, { weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })) });
    await setProfile(t, target, { minimumNoticeMinutes: 24 * 60 });
    const waiter = await createSignedInUser(t, { prefix: 'late-day' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${target.profileId}/waitlist-days?serviceId=${target.serviceId}`, headers: { cookie: waiter.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WaitlistDays>().days.map((d) => d.date)).not.toContain(today);
    const refused = await join(waiter, target, today);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ code: 'waitlist.day-over' });
  });

  it('takes the days the page offers and no others: not past days, not a day the horizon only partly reaches (409 waitlist.date-out-of-range)', async () => {
    const target = await createPractice(t);
    await setProfile(t, target, { horizonDays: 3 });
    const waiter = await createSignedInUser(t, { prefix: 'horizon' });
    const sydney = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + days * 86_400_000));
    // Open all day: the whole days inside the horizon have free times, so they may not be waited for (yet).
    expect((await join(waiter, target, sydney(1))).json()).toMatchObject({ code: 'waitlist.day-has-times' });
    for (const date of [sydney(-1), sydney(3), sydney(4)]) {
      const res = await join(waiter, target, date);
      expect(res.statusCode, `${date}: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ code: 'waitlist.date-out-of-range' });
    }
    // A provider who is no longer public has neither waitlist days nor a waitlist.
    await setProfile(t, target, { verificationStatus: 'pending' });
    const days = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${target.profileId}/waitlist-days?serviceId=${target.serviceId}`, headers: { cookie: waiter.cookie } });
    expect(days.statusCode).toBe(404);
    expect((await join(waiter, target, sydney(1))).json()).toMatchObject({ code: 'booking.service-not-found' });
  });
});

describe('ratings', () => {
  it('a patient rates a completed appointment once; the profile shows the average and count', async () => {
    const target = await createPractice(t);
    const done = (await book(patient, hoursAhead(30), randomUUID(), target)).json<Appointment>();
    const refused = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${done.id}/rating`, headers: { cookie: patient.cookie }, payload: { score: 5 } });
    expect(refused.json()).toMatchObject({ code: 'rating.not-completed' });
    await queryRows(t.database.db, sql`update appointments set status = 'completed', completed_at = now() where id = ${done.id}`);
    const rate = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${done.id}/rating`, headers: { cookie: patient.cookie }, payload: { score: 4, comment: 'Good' } });
    expect(rate.statusCode, rate.body).toBe(200);
    expect(rate.json<Appointment>().rated).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${done.id}/rating`, headers: { cookie: patient.cookie }, payload: { score: 1 } });
    expect(again.json()).toMatchObject({ code: 'rating.already-rated' });
    const profile = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${target.profileId}` });
    expect(profile.json()).toMatchObject({ rating: { average: 4, count: 1 } });
    const bad = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${done.id}/rating`, headers: { cookie: patient.cookie }, payload: { score: 6 } });
    expect(bad.statusCode).toBe(400);
    await setProfile(t, target, { acceptingNewPatients: false });
  });
});

describe('provider verification (platform admins only)', () => {
  it('refuses everyone else with 403, and answers 404 for an unknown provider', async () => {
    for (const who of [patient, practice.provider]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/providers', headers: { cookie: who.cookie } })).statusCode).toBe(403);
      const decide = await t.app.inject({ method: 'POST', url: `/api/v1/admin/providers/${practice.profileId}/decision`, headers: { cookie: who.cookie }, payload: { status: 'rejected', reason: 'x' } });
      expect(decide.statusCode).toBe(403);
    }
    // Test setup: platform admins are granted, never chosen at sign-up.
    const admin = await createSignedInUser(t, { prefix: 'platform-admin' });
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const { cookie } = admin;
    const missing = await t.app.inject({ method: 'POST', url: `/api/v1/admin/providers/${randomUUID()}/decision`, headers: { cookie }, payload: { status: 'verified' } });
    expect(missing.statusCode).toBe(404);
    const noReason = await t.app.inject({ method: 'POST', url: `/api/v1/admin/providers/${practice.profileId}/decision`, headers: { cookie }, payload: { status: 'rejected' } });
    expect(noReason.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/providers?status=verified&query=' + encodeURIComponent(practice.displayName), headers: { cookie } });
    expect(list.json<{ providers: { id: string }[] }>().providers.map((p) => p.id)).toContain(practice.profileId);
  });
});
