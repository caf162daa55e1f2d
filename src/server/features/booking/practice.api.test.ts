import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../shared/contracts/appointments.js';
import { type Availability, OVERRIDE_NOTE_MAX, type PracticeDashboard, type Preview } from '../../../shared/contracts/practice.js';
import type { Slots } from '../../../shared/contracts/providers.js';
import { queryRows } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { createPractice, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';

let t: TestApp;
let practice: Practice;
let rival: Practice;
let patient: SignedIn;
/** How far the server's clock runs ahead of the real one (a test moves it to a visit's start). */
let clockAheadMs = 0;

beforeAll(async () => {
  // Staff sessions that outlive the clock moving on to a visit.
  t = await startTestApp({ SESSION_IDLE_MINUTES_STAFF: '1440' }, { now: () => new Date(Date.now() + clockAheadMs) });
  practice = await createPractice(t, { timeZone: 'Australia/Sydney' });
  rival = await createPractice(t);
  patient = await createSignedInUser(t, { prefix: 'patient' });
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: SignedIn, payload?: unknown) {
  return t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** The next quarter hour at least `minutes` from now. */
function quarterAfter(minutes: number): Date {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setUTCSeconds(0, 0);
  d.setUTCMinutes(Math.ceil(d.getUTCMinutes() / 15) * 15);
  return d;
}

/**
 * The first free time at or after the quarter hour `minutes` from now. Not the quarter itself: it
 * may be taken by an earlier test's booking or lie outside the hours an earlier test set.
 */
async function freeTimeAfter(minutes: number): Promise<Date> {
  const from = quarterAfter(minutes);
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${practice.profileId}/slots?serviceId=${practice.serviceId}&from=${encodeURIComponent(from.toISOString())}&days=2` });
  expect(res.statusCode, res.body).toBe(200);
  const first = res.json<Slots>().slots.find((slot) => Date.parse(slot.start) >= from.getTime());
  if (!first) throw new Error(`no free time after ${from.toISOString()}`);
  return new Date(first.start);
}

async function book(start: Date, who: SignedIn = patient): Promise<Appointment> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/appointments',
    headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
    payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: start.toISOString() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Appointment>();
}

/** The Monday that starts the week of `ms` in a time zone, as a UTC day number. */
function mondayOf(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' }).formatToParts(ms).map((p) => [p.type, p.value]));
  const sinceMonday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!);
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000 - sinceMonday;
}

/** A Monday at least a week ahead, as YYYY-MM-DD. */
function mondayAhead(): string {
  const d = new Date(Date.now() + 8 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('provider availability', () => {
  it('edits weekly hours and breaks, refuses overlaps, and previews the week as patients see it', async () => {
    const initial = await call('GET', '/api/v1/practice/availability', practice.provider);
    expect(initial.statusCode, initial.body).toBe(200);
    const availability = initial.json<Availability>();
    expect(availability.locations[0]).toMatchObject({ id: practice.locationId, timeZone: 'Australia/Sydney' });

    const overlapping = await call('PUT', `/api/v1/practice/locations/${practice.locationId}/hours`, practice.provider, {
      weeklyHours: [{ weekday: 1, start: '09:00', end: '12:00' }, { weekday: 1, start: '11:00', end: '15:00' }],
      breaks: [],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json()).toMatchObject({ code: 'request.invalid' });
    const backwards = await call('PUT', `/api/v1/practice/locations/${practice.locationId}/hours`, practice.provider, { weeklyHours: [{ weekday: 1, start: '17:00', end: '09:00' }], breaks: [] });
    expect(backwards.statusCode).toBe(400);
    // A break outside the day's hours (Tuesday evening, after closing) is refused too.
    const lateBreak = await call('PUT', `/api/v1/practice/locations/${practice.locationId}/hours`, practice.provider, {
      weeklyHours: [{ weekday: 2, start: '08:00', end: '18:00' }],
      breaks: [{ weekday: 2, start: '19:00', end: '20:00' }],
    });
    expect(lateBreak.statusCode).toBe(400);
    expect(lateBreak.json()).toMatchObject({ code: 'request.invalid' });

    const saved = await call('PUT', `/api/v1/practice/locations/${practice.locationId}/hours`, practice.provider, {
      weeklyHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      breaks: [{ weekday: 1, start: '12:00', end: '13:00' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const monday = mondayAhead();
    const preview = await call('GET', `/api/v1/practice/availability/preview?locationId=${practice.locationId}&serviceId=${practice.serviceId}&weekStart=${monday}`, practice.provider);
    expect(preview.statusCode, preview.body).toBe(200);
    const week = preview.json<Preview>();
    expect(week.timeZone).toBe('Australia/Sydney');
    expect(week.days.map((d) => d.date)[0]).toBe(monday);
    const local = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Australia/Sydney', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
    const mondaySlots = week.days[0]!.slots.map((s) => local(s.start));
    expect(mondaySlots[0]).toBe('09:00');
    expect(mondaySlots.at(-1)).toBe('16:30');
    expect(mondaySlots).not.toContain('12:00');
    expect(mondaySlots).not.toContain('11:45');
    expect(mondaySlots).toContain('13:00');
    expect(week.days[5]!.slots).toEqual([]);
    expect(week.days[6]!.slots).toEqual([]);

    // A day off on Tuesday, then back to normal.
    const tuesday = week.days[1]!.date;
    const off = await call('PUT', `/api/v1/practice/locations/${practice.locationId}/overrides/${tuesday}`, practice.provider, { hours: [], note: 'Conference' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Availability>().locations[0]!.overrides).toEqual([{ date: tuesday, hours: [], note: 'Conference' }]);
    const previewOff = (await call('GET', `/api/v1/practice/availability/preview?locationId=${practice.locationId}&serviceId=${practice.serviceId}&weekStart=${monday}`, practice.provider)).json<Preview>();
    expect(previewOff.days[1]!.slots).toEqual([]);
    expect((await call('DELETE', `/api/v1/practice/locations/${practice.locationId}/overrides/${tuesday}`, practice.provider)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/practice/locations/${practice.locationId}/overrides/${tuesday}`, practice.provider)).statusCode).toBe(404);
    // A date that has passed where the practice is (Sydney) is refused, and nothing is stored.
    const past = await call('PUT', `/api/v1/practice/locations/${practice.locationId}/overrides/2020-01-01`, practice.provider, { hours: [], note: 'Too late' });
    expect(past.statusCode).toBe(400);
    expect(past.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(past.json<{ code: string }>().code).toBe('practice.override-in-past');
    // A note longer than the list shows (one word of 201 letters) is a validation problem, not a failure.
    const long = await call('PUT', `/api/v1/practice/locations/${practice.locationId}/overrides/${tuesday}`, practice.provider, { hours: [], note: 'x'.repeat(OVERRIDE_NOTE_MAX + 1) });
    expect(long.statusCode, long.body).toBe(400);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.json<{ code: string }>().code).toBe('request.invalid');
    expect(long.body).toContain('body.note');
    const stored = (await call('GET', '/api/v1/practice/availability', practice.provider)).json<Availability>();
    expect(stored.locations[0]!.overrides).toEqual([]);

    const settings = await call('PUT', '/api/v1/practice/availability/settings', practice.provider, {
      slotIntervalMinutes: 30,
      minimumNoticeMinutes: 0,
      horizonDays: 60,
      cancellationWindowHours: 48,
      acceptingNewPatients: true,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json<Availability>().settings).toMatchObject({ slotIntervalMinutes: 30, cancellationWindowHours: 48 });
    // An interval the editor cannot offer (and could not show) is refused, and nothing changes.
    const odd = await call('PUT', '/api/v1/practice/availability/settings', practice.provider, { slotIntervalMinutes: 7, minimumNoticeMinutes: 0, horizonDays: 60, cancellationWindowHours: 48, acceptingNewPatients: true });
    expect(odd.statusCode).toBe(400);
    expect(odd.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await call('GET', '/api/v1/practice/availability', practice.provider)).json<Availability>().settings.slotIntervalMinutes).toBe(30);
    // Put the hours back to all day for the next tests.
    await call('PUT', `/api/v1/practice/locations/${practice.locationId}/hours`, practice.provider, { weeklyHours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' })), breaks: [] });
    await call('PUT', '/api/v1/practice/availability/settings', practice.provider, { slotIntervalMinutes: 15, minimumNoticeMinutes: 0, horizonDays: 60, cancellationWindowHours: 24, acceptingNewPatients: true });
  });

  it('lets a late clinic’s last appointment run past midnight into the next day’s hours, and books it', async () => {
    // Two dates three weeks ahead: 22:00–24:00, then 00:00–02:00 the next day (Sydney).
    const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const hours = (date: string, start: string, end: string) => call('PUT', `/api/v1/practice/locations/${practice.locationId}/overrides/${date}`, practice.provider, { hours: [{ start, end }] });
    expect((await hours(day, '22:00', '24:00')).statusCode).toBe(200);
    expect((await hours(next, '00:00', '02:00')).statusCode).toBe(200);
    const local = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Australia/Sydney', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
    const lateStarts = async () => {
      const from = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString();
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${practice.profileId}/slots?serviceId=${practice.serviceId}&from=${encodeURIComponent(from)}&days=3` });
      expect(res.statusCode, res.body).toBe(200);
      const sydneyDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' });
      const answer = res.json<Slots>();
      expect(answer.durationMinutes).toBe(30);
      return answer.slots.filter((slot) => sydneyDate.format(new Date(slot.start)) === day);
    };
    const offered = await lateStarts();
    // 22:00 … 23:45 every 15 minutes; 23:45 ends at 00:15 the next day.
    expect(offered.map((slot) => local(slot.start).slice(-5))).toEqual(['22:00', '22:15', '22:30', '22:45', '23:00', '23:15', '23:30', '23:45']);
    const last = offered.at(-1)!;
    const booked = await book(new Date(last.start));
    expect(local(booked.endsAt)).toContain('00:15');
    expect(booked.endsAt).toBe(new Date(Date.parse(last.start) + 30 * 60_000).toISOString());

    // The booked 23:45 is busy now (23:30 would run into it). With the next day's hours from 00:30,
    // nothing of the first day may run past midnight: the appointment stands, the times end by 24:00.
    expect((await hours(next, '00:30', '02:00')).statusCode).toBe(200);
    expect((await lateStarts()).map((slot) => local(slot.start).slice(-5))).toEqual(['22:00', '22:15', '22:30', '22:45', '23:00', '23:15']);
    expect((await call('DELETE', `/api/v1/practice/locations/${practice.locationId}/overrides/${next}`, practice.provider)).statusCode).toBe(200);
  });

  it('is the provider’s own: another organisation’s staff cannot touch this location, and patients cannot use the practice API', async () => {
    const foreign = await call('PUT', `/api/v1/practice/locations/${practice.locationId}/hours`, rival.provider, { weeklyHours: [], breaks: [] });
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', '/api/v1/practice/availability', patient)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/practice/dashboard', patient)).statusCode).toBe(403);
  });
});

describe('the practice’s appointments', () => {
  it('lists the calendar, confirms, checks in within the hour, completes only after the start', async () => {
    const soon = await book(await freeTimeAfter(20));
    const later = await book(await freeTimeAfter(60 * 24 * 5));
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const list = await call('GET', `/api/v1/practice/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, practice.provider);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json<{ appointments: Appointment[] }>().appointments;
    expect(listed.map((a) => a.id)).toEqual(expect.arrayContaining([soon.id, later.id]));
    // Within the hour a booked appointment can be confirmed or checked in straight away.
    expect(listed.find((a) => a.id === soon.id)?.actions).toEqual(['confirm', 'check_in', 'cancel', 'reschedule']);
    expect(listed.find((a) => a.id === later.id)?.actions).toEqual(['confirm', 'cancel', 'reschedule']);
    expect((await call('GET', `/api/v1/practice/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(Date.now() + 90 * 86_400_000).toISOString())}`, practice.provider)).statusCode).toBe(400);

    const act = (id: string, action: string, who: SignedIn = practice.provider) => call('POST', `/api/v1/practice/appointments/${id}/actions`, who, { action });
    expect((await act(later.id, 'check_in')).json()).toMatchObject({ code: 'appointment.check-in-not-open' });
    const confirmed = await act(soon.id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Appointment>()).toMatchObject({ status: 'confirmed', actions: expect.arrayContaining(['check_in', 'cancel']) });
    expect((await act(later.id, 'confirm')).statusCode).toBe(200);
    expect((await act(later.id, 'check_in')).json()).toMatchObject({ code: 'appointment.check-in-not-open' });
    const checkedIn = await act(soon.id, 'check_in');
    expect(checkedIn.json<Appointment>().status).toBe('checked_in');
    expect((await act(soon.id, 'complete')).json()).toMatchObject({ code: 'appointment.not-started' });
    expect((await act(soon.id, 'confirm', rival.provider)).statusCode).toBe(404);
    // The patient sees the practice's changes.
    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/appointments/${soon.id}`, headers: { cookie: patient.cookie } });
    expect(mine.json<Appointment>().status).toBe('checked_in');

    // "This week" runs Monday to Sunday in the zone asked for. Late on a Sunday in Sydney the
    // appointment 20 minutes on falls in next week there, so ask in a zone where it is this week.
    const zone = ['Australia/Sydney', 'UTC'].find((z) => mondayOf(Date.now(), z) === mondayOf(Date.parse(soon.startsAt), z));
    const dashboard = await call('GET', `/api/v1/practice/dashboard?timeZone=${zone}`, practice.provider);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const body = dashboard.json<PracticeDashboard>();
    expect(body.hasProfile).toBe(true);
    expect(body.week.booked).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/v1/practice/dashboard?timeZone=Mars/Olympus', practice.provider)).statusCode).toBe(400);
  });

  it('narrows the list to a status, and to the patients whose name holds every word typed or whose email holds it whole', async () => {
    const other = await createSignedInUser(t, { prefix: 'filter-patient' });
    const mine = await book(await freeTimeAfter(60 * 24 * 9));
    const theirs = await book(await freeTimeAfter(60 * 24 * 10), other);
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 20 * 86_400_000).toISOString();
    const list = async (query: Record<string, string>, who: SignedIn = practice.provider) => {
      const res = await call('GET', `/api/v1/practice/appointments?${new URLSearchParams({ from, to, ...query }).toString()}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ appointments: Appointment[] }>().appointments;
    };
    const everyone = await list({});
    const [firstName, ...rest] = other.name.split(' ');
    expect(everyone.map((a) => a.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    // Words of the name in another order and case, or a part of the email: only that patient's.
    // (Words split between the name and the email match nobody.)
    expect(await list({ patient: `${firstName} ${other.email.split('@')[1]}` })).toEqual([]);
    for (const patientQuery of [`${rest.join(' ').toUpperCase()}  ${firstName!.toLowerCase()}`, other.email.split('@')[0]!.toUpperCase()]) {
      const found = await list({ patient: patientQuery });
      expect(found.map((a) => a.id)).toEqual([theirs.id]);
    }
    // A wildcard is a character like any other.
    expect(await list({ patient: '%' })).toEqual([]);
    expect(await list({ patient: '_' })).toEqual([]);
    expect((await call('POST', `/api/v1/practice/appointments/${theirs.id}/actions`, practice.provider, { action: 'confirm' })).statusCode).toBe(200);
    const confirmed = await list({ status: 'confirmed' });
    expect(confirmed.map((a) => a.id)).toContain(theirs.id);
    expect(confirmed.every((a) => a.status === 'confirmed')).toBe(true);
    const booked = await list({ status: 'booked' });
    expect(booked.map((a) => a.id)).toContain(mine.id);
    expect(booked.map((a) => a.id)).not.toContain(theirs.id);
    expect(await list({ status: 'confirmed', patient: patient.name })).toEqual(confirmed.filter((a) => a.patient.id === patient.userId));
    // A provider sees their own whichever provider is asked for.
    expect((await list({ providerId: rival.profileId })).map((a) => a.id)).toEqual(everyone.map((a) => a.id));
    // What the filters cannot be is a problem with its code, not an empty list.
    for (const bad of [{ status: 'lost' }, { patient: 'x'.repeat(101) }, { providerId: 'someone' }] as Record<string, string>[]) {
      const res = await call('GET', `/api/v1/practice/appointments?${new URLSearchParams({ from, to, ...bad }).toString()}`, practice.provider);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'request.invalid' });
    }
  });

  it('checks in a booked appointment nobody confirmed after the start, completes it, and the patient rates it', async () => {
    const appointment = await book(await freeTimeAfter(20));
    expect(appointment.status).toBe('booked');
    const act = (action: string) => call('POST', `/api/v1/practice/appointments/${appointment.id}/actions`, practice.provider, { action });
    // The server's clock: five minutes into the visit, where confirming has closed.
    clockAheadMs = Date.parse(appointment.startsAt) + 5 * 60_000 - Date.now();
    try {
      const from = encodeURIComponent(new Date(Date.parse(appointment.startsAt) - 3_600_000).toISOString());
      const to = encodeURIComponent(new Date(Date.parse(appointment.endsAt) + 3_600_000).toISOString());
      const list = await call('GET', `/api/v1/practice/appointments?from=${from}&to=${to}`, practice.provider);
      expect(list.statusCode, list.body).toBe(200);
      const listed = list.json<{ appointments: Appointment[] }>().appointments.find((a) => a.id === appointment.id);
      expect(listed).toMatchObject({ status: 'booked', actions: ['check_in', 'mark_no_show'] });
      expect((await act('confirm')).json()).toMatchObject({ code: 'appointment.already-started' });

      const checkedIn = await act('check_in');
      expect(checkedIn.statusCode, checkedIn.body).toBe(200);
      expect(checkedIn.json<Appointment>()).toMatchObject({ status: 'checked_in', actions: ['complete'] });
      const completed = await act('complete');
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json<Appointment>().status).toBe('completed');
      const rated = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${appointment.id}/rating`, headers: { cookie: patient.cookie }, payload: { score: 5 } });
      expect(rated.statusCode, rated.body).toBe(200);
      expect(rated.json<Appointment>()).toMatchObject({ status: 'completed', rated: true });
    } finally {
      clockAheadMs = 0;
    }
  });

  it('a visit nobody checked in is completed once it has ended (recorded afterwards), not while it runs', async () => {
    const appointment = await book(await freeTimeAfter(20));
    const act = (action: string) => call('POST', `/api/v1/practice/appointments/${appointment.id}/actions`, practice.provider, { action });
    const listedNow = async () => {
      const from = encodeURIComponent(new Date(Date.parse(appointment.startsAt) - 3_600_000).toISOString());
      const to = encodeURIComponent(new Date(Date.parse(appointment.endsAt) + 3_600_000).toISOString());
      const list = await call('GET', `/api/v1/practice/appointments?from=${from}&to=${to}`, practice.provider);
      return list.json<{ appointments: Appointment[] }>().appointments.find((a) => a.id === appointment.id);
    };
    try {
      // While it runs: check in first.
      clockAheadMs = Date.parse(appointment.startsAt) + 5 * 60_000 - Date.now();
      const early = await act('complete');
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'appointment.not-checked-in' });
      // Once it has ended, check-in has closed: the practice records it as completed, or missed.
      clockAheadMs = Date.parse(appointment.endsAt) + 10 * 60_000 - Date.now();
      expect(await listedNow()).toMatchObject({ status: 'booked', actions: ['complete', 'mark_no_show'] });
      expect((await act('check_in')).json()).toMatchObject({ code: 'appointment.already-ended' });
      const completed = await act('complete');
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json<Appointment>()).toMatchObject({ status: 'completed', actions: [] });
      // The patient may rate it, as any completed visit.
      const rated = await t.app.inject({ method: 'POST', url: `/api/v1/appointments/${appointment.id}/rating`, headers: { cookie: patient.cookie }, payload: { score: 4 } });
      expect(rated.statusCode, rated.body).toBe(200);
      expect((await act('mark_no_show')).json()).toMatchObject({ code: 'appointment.invalid-transition' });
    } finally {
      clockAheadMs = 0;
    }
  });

  it('a practice cancellation is recorded as the practice’s and frees the time', async () => {
    const start = await freeTimeAfter(60 * 24 * 3);
    const appointment = await book(start);
    // Without a reason (none, or blank) it is refused: the patient's email gives it.
    for (const body of [{ action: 'cancel' }, { action: 'cancel', reason: '   ' }]) {
      const refused = await call('POST', `/api/v1/practice/appointments/${appointment.id}/actions`, practice.provider, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'appointment.reason-required', errors: [{ path: 'body.reason', code: 'required' }] });
    }
    const res = await call('POST', `/api/v1/practice/appointments/${appointment.id}/actions`, practice.provider, { action: 'cancel', reason: 'Provider unwell' });
    expect(res.json<Appointment>()).toMatchObject({ status: 'cancelled', cancelledBy: 'practice', cancellationReason: 'Provider unwell' });
    // What cannot be cancelled says so first, with or without a reason: no reason would help.
    for (const body of [{ action: 'cancel' }, { action: 'cancel', reason: 'Again' }]) {
      const again = await call('POST', `/api/v1/practice/appointments/${appointment.id}/actions`, practice.provider, body);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ code: 'appointment.invalid-transition' });
    }
    await book(start);
  });
});

describe('the practice moves an appointment', () => {
  it('to another free time: it stays confirmed, the patient is told, the old time is free; a taken time answers 409 with fresh times', async () => {
    const first = await book(await freeTimeAfter(60 * 24 * 9));
    const moveTo = await freeTimeAfter((Date.parse(first.endsAt) - Date.now()) / 60_000 + 120);
    expect((await call('POST', `/api/v1/practice/appointments/${first.id}/actions`, practice.provider, { action: 'confirm' })).statusCode).toBe(200);
    // The patient cannot use the practice's route.
    expect((await call('POST', `/api/v1/practice/appointments/${first.id}/reschedule`, patient, { startsAt: moveTo.toISOString() })).statusCode).toBe(403);
    const moved = await call('POST', `/api/v1/practice/appointments/${first.id}/reschedule`, practice.provider, { startsAt: moveTo.toISOString() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Appointment>()).toMatchObject({ id: first.id, status: 'confirmed', startsAt: moveTo.toISOString() });
    // The patient sees the new time, has a notification and a "moved" email queued.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/appointments/${first.id}`, headers: { cookie: patient.cookie } })).json<Appointment>().startsAt).toBe(moveTo.toISOString());
    const queued = await queryRows<{ kind: string }>(t.database.db, sql`select kind from appointment_emails where appointment_id = ${first.id}::uuid order by created_at`);
    expect(queued.map((q) => q.kind)).toContain('rescheduled');
    const audit = await queryRows<{ metadata: { by: string; from: string } }>(t.database.db, sql`select metadata from audit_events where action = 'appointment.rescheduled' and target_id = ${first.id}`);
    expect(audit.map((a) => a.metadata)).toEqual([{ by: 'practice', from: first.startsAt }]);
    // The old time is free again: another booking takes it.
    const second = await book(new Date(first.startsAt));
    // Onto a taken time: 409 with fresh times.
    const clash = await call('POST', `/api/v1/practice/appointments/${first.id}/reschedule`, practice.provider, { startsAt: second.startsAt });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({ code: expect.stringMatching(/^booking\.(slot-taken|patient-busy)$/) });
    // A time the practice does not offer, and a body without a time.
    expect((await call('POST', `/api/v1/practice/appointments/${first.id}/reschedule`, practice.provider, { startsAt: '2020-01-01T00:00:00.000Z' })).json()).toMatchObject({ code: 'booking.time-unavailable' });
    expect((await call('POST', `/api/v1/practice/appointments/${first.id}/reschedule`, practice.provider, {})).json()).toMatchObject({ status: 400, code: 'request.invalid' });
    // A cancelled one cannot be moved.
    await call('POST', `/api/v1/practice/appointments/${second.id}/actions`, practice.provider, { action: 'cancel', reason: 'Clinic closed' });
    expect((await call('POST', `/api/v1/practice/appointments/${second.id}/reschedule`, practice.provider, { startsAt: second.startsAt })).json()).toMatchObject({ status: 409, code: 'appointment.not-movable' });
  });
});

describe('appointments the hours no longer cover', () => {
  it('are listed after a day off until the practice keeps or cancels each, and the dashboard counts them', async () => {
    const first = await book(await freeTimeAfter(60 * 24 * 8));
    const second = await book(await freeTimeAfter((Date.parse(first.endsAt) - Date.now()) / 60_000));
    const listed = async () => {
      const res = await call('GET', '/api/v1/practice/availability', practice.provider);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Availability>().outsideHours.map((a) => a.id);
    };
    expect(await listed()).not.toContain(first.id);
    // The practice's dates in its own zone (Sydney): a day off on each.
    const sydneyDate = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(iso));
    const dates = [...new Set([sydneyDate(first.startsAt), sydneyDate(second.startsAt)])];
    try {
      for (const date of dates) {
        const off = await call('PUT', `/api/v1/practice/locations/${practice.locationId}/overrides/${date}`, practice.provider, { hours: [], note: 'Away' });
        expect(off.statusCode, off.body).toBe(200);
      }
      const after = await call('GET', '/api/v1/practice/availability', practice.provider);
      const outside = after.json<Availability>().outsideHours;
      expect(outside.map((a) => a.id)).toEqual(expect.arrayContaining([first.id, second.id]));
      expect(outside.findIndex((a) => a.id === first.id)).toBeLessThan(outside.findIndex((a) => a.id === second.id));
      expect(outside.find((a) => a.id === first.id)).toMatchObject({ status: 'booked', patient: { name: patient.name }, actions: expect.arrayContaining(['cancel']) });
      const dashboard = (await call('GET', '/api/v1/practice/dashboard', practice.provider)).json<PracticeDashboard>();
      expect(dashboard.outsideHours).toBe(outside.length);

      // Kept: no longer listed, still booked. Only the practice's own staff may keep it.
      expect((await call('POST', `/api/v1/practice/appointments/${first.id}/keep-outside-hours`, patient, {})).statusCode).toBe(403);
      const kept = await call('POST', `/api/v1/practice/appointments/${first.id}/keep-outside-hours`, practice.provider, {});
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json<Availability>().outsideHours.map((a) => a.id)).not.toContain(first.id);
      expect(kept.json<Availability>().outsideHours.map((a) => a.id)).toContain(second.id);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/appointments/${first.id}`, headers: { cookie: patient.cookie } })).json<Appointment>().status).toBe('booked');

      // Cancelled: gone from the list, and a cancelled appointment cannot be kept.
      const cancelled = await call('POST', `/api/v1/practice/appointments/${second.id}/actions`, practice.provider, { action: 'cancel', reason: 'Away that day' });
      expect(cancelled.json<Appointment>()).toMatchObject({ status: 'cancelled', cancelledBy: 'practice' });
      expect(await listed()).not.toContain(second.id);
      expect((await call('POST', `/api/v1/practice/appointments/${second.id}/keep-outside-hours`, practice.provider, {})).json()).toMatchObject({ status: 404, code: 'appointment.not-found' });
    } finally {
      for (const date of dates) await call('DELETE', `/api/v1/practice/locations/${practice.locationId}/overrides/${date}`, practice.provider);
    }
    expect(await listed()).not.toContain(first.id);
  });
});

describe("another organisation's staff", () => {
  it('never see or change this practice: its ids answer 404 like missing ones, and lists show only their own', async () => {
    const appointment = await book(await freeTimeAfter(60 * 24 * 6));
    const missing = randomUUID();
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const from = encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString());
    const to = encodeURIComponent(new Date(Date.now() + 30 * 86_400_000).toISOString());
    // Reads: only the rival's own organisation.
    for (const url of ['/api/v1/practice/dashboard', `/api/v1/practice/appointments?from=${from}&to=${to}`, '/api/v1/practice/availability']) {
      const res = await call('GET', url, rival.provider);
      expect(res.statusCode, url).toBe(200);
      for (const secret of [appointment.id, practice.locationId, practice.profileId, patient.name]) expect(res.body, `${url} ${secret}`).not.toContain(secret);
    }
    // By id: exactly like a missing one.
    const attempts: [Parameters<typeof call>[0], (id: string) => string, unknown][] = [
      ['POST', (id) => `/api/v1/practice/appointments/${id}/actions`, { action: 'confirm' }],
      ['POST', (id) => `/api/v1/practice/appointments/${id}/keep-outside-hours`, {}],
      ['POST', (id) => `/api/v1/practice/appointments/${id}/reschedule`, { startsAt: appointment.endsAt }],
      ['PUT', (id) => `/api/v1/practice/locations/${id}/hours`, { weeklyHours: [], breaks: [] }],
      ['PUT', (id) => `/api/v1/practice/locations/${id}/overrides/${day}`, { hours: [] }],
      ['DELETE', (id) => `/api/v1/practice/locations/${id}/overrides/${day}`, undefined],
      ['GET', (id) => `/api/v1/practice/availability/preview?locationId=${id}&serviceId=${practice.serviceId}&weekStart=${day}`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const target = url(method === 'POST' ? appointment.id : practice.locationId);
      const theirs = await call(method, target, rival.provider, payload);
      const none = await call(method, url(missing), rival.provider, payload);
      expect(theirs.statusCode, `${method} ${target}`).toBe(404);
      expect(theirs.json<{ code: string }>().code).toBe(none.json<{ code: string }>().code);
    }
    // Settings change the rival's own profile, never this one.
    const before = (await call('GET', '/api/v1/practice/availability', practice.provider)).json<Availability>().settings;
    await call('PUT', '/api/v1/practice/availability/settings', rival.provider, { slotIntervalMinutes: 60, minimumNoticeMinutes: 0, horizonDays: 30, cancellationWindowHours: 1, acceptingNewPatients: false });
    expect((await call('GET', '/api/v1/practice/availability', practice.provider)).json<Availability>().settings).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/appointments/${appointment.id}`, headers: { cookie: patient.cookie } })).json<Appointment>().status).toBe('booked');
  });
});
