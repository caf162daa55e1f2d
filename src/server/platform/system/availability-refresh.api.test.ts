import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Slots } from '../../../shared/contracts/providers.js';
import { availabilityOverrides, providerLocations, providerServices } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { ALL_DAY, createPractice, type Practice } from '../../testing/booking-fixtures.js';
import { refreshNextAvailable } from './availability-refresh.js';

// The server's clock stands still, so the job and the slots route see the same instant: tomorrow
// at 03:07 UTC (13:07 or 14:07 in Sydney), not on a slot boundary.
const day = new Date();
const NOW = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, 3, 7));
const DAY_MS = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  // The job runs only when the test asks. Sessions are stamped by better-auth on the real clock,
  // and NOW is up to 27 hours ahead of it (a run just after midnight UTC), past the default 12.
  t = await startTestApp({ AVAILABILITY_REFRESH_INTERVAL_SECONDS: '3600', SESSION_ABSOLUTE_HOURS: '48' }, { now: () => NOW });
});
afterAll(async () => {
  await t?.close();
});

async function firstSlot(practice: { profileId: string }, serviceId: string, locationId: string, from = NOW): Promise<string | null> {
  const qs = new URLSearchParams({ serviceId, locationId, from: from.toISOString(), days: '90' });
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers/${practice.profileId}/slots?${qs.toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Slots>().slots[0]?.start ?? null;
}

async function nextAvailable(practices: Practice[]): Promise<Map<string, string | null>> {
  const rows = await t.database.db
    .select({ id: providerProfiles.id, at: providerProfiles.nextAvailableAt, stale: providerProfiles.nextAvailableStale })
    .from(providerProfiles)
    .where(
      inArray(
        providerProfiles.id,
        practices.map((p) => p.profileId),
      ),
    );
  expect(rows.every((r) => !r.stale)).toBe(true);
  return new Map(rows.map((r) => [r.id, r.at?.toISOString() ?? null]));
}

/** Local dates in Sydney from NOW's date on, as the overrides name them. */
function sydneyDates(count: number): string[] {
  return Array.from({ length: count }, (_, i) => new Date(NOW.getTime() + i * DAY_MS).toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' }));
}

describe('the availability job (next_available_at, a batch at a time)', () => {
  it('gives every provider of a batch the first time the slots route offers, whatever made it so', async () => {
    const open = await createPractice(t, { name: 'Dr Open All Day' });
    const noticeAndHours = await createPractice(t, {
      name: 'Dr Tuesday Mornings',
      timeZone: 'America/New_York',
      weekly: [{ weekday: 2, start: '09:00', end: '12:00' }],
      minimumNoticeMinutes: 3 * 24 * 60,
      durationMinutes: 45,
      bufferBeforeMinutes: 10,
    });
    // Three weeks of days off: nothing in the job's first two-week window.
    const away = await createPractice(t, { name: 'Dr Away Three Weeks' });
    await t.database.db.insert(availabilityOverrides).values(sydneyDates(22).map((date) => ({ tenantId: away.tenantId, locationId: away.locationId, date, hours: [] })));
    const closed = await createPractice(t, { name: 'Dr No Hours', weekly: [] });
    // Two locations: the practice is off for two days, the virtual room (telehealth, 20 minutes) is open.
    const twoPlaces = await createPractice(t, { name: 'Dr Two Places' });
    await t.database.db.insert(availabilityOverrides).values(sydneyDates(3).map((date) => ({ tenantId: twoPlaces.tenantId, locationId: twoPlaces.locationId, date, hours: [] })));
    const [virtual] = await t.database.db
      .insert(providerLocations)
      .values({ tenantId: twoPlaces.tenantId, providerId: twoPlaces.profileId, name: 'Video room', kind: 'virtual', country: 'AU', timeZone: 'Australia/Perth', weeklyHours: [{ weekday: NOW.getUTCDay(), start: '18:00', end: '20:00' }] })
      .returning({ id: providerLocations.id });
    const [video] = await t.database.db
      .insert(providerServices)
      .values({ tenantId: twoPlaces.tenantId, providerId: twoPlaces.profileId, name: 'Video check-in', mode: 'telehealth', durationMinutes: 20, priceMinor: 5000, currency: 'AUD' })
      .returning({ id: providerServices.id });

    // A booking of the open provider's first time moves it on by the service's 30 minutes.
    const booked = await createPractice(t, { name: 'Dr First Time Taken' });
    const patient = await createSignedInUser(t, { role: 'patient', prefix: 'patient' });
    const first = await firstSlot(booked, booked.serviceId, booked.locationId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/appointments',
      headers: { cookie: patient.cookie, 'idempotency-key': randomUUID() },
      payload: { providerId: booked.profileId, serviceId: booked.serviceId, locationId: booked.locationId, startsAt: first },
    });
    expect(res.statusCode, res.body).toBe(201);

    const result = await refreshNextAvailable(t.database.db, NOW);
    expect(result).toMatchObject({ status: 'refreshed' });
    const all = [open, noticeAndHours, away, closed, twoPlaces, booked];
    const next = await nextAvailable(all);

    expect(next.get(open.profileId)).toBe(await firstSlot(open, open.serviceId, open.locationId));
    expect(next.get(open.profileId)).toBe(new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate(), 3, 15)).toISOString());
    expect(next.get(noticeAndHours.profileId)).toBe(await firstSlot(noticeAndHours, noticeAndHours.serviceId, noticeAndHours.locationId));
    const awayFirst = await firstSlot(away, away.serviceId, away.locationId);
    expect(Date.parse(awayFirst!) - NOW.getTime()).toBeGreaterThan(20 * DAY_MS);
    expect(next.get(away.profileId)).toBe(awayFirst);
    expect(next.get(closed.profileId)).toBeNull();
    const inPerson = await firstSlot(twoPlaces, twoPlaces.serviceId, twoPlaces.locationId);
    const byVideo = await firstSlot(twoPlaces, video!.id, virtual!.id);
    expect(byVideo! < inPerson!).toBe(true);
    expect(next.get(twoPlaces.profileId)).toBe(byVideo);
    expect(next.get(booked.profileId)).toBe(new Date(Date.parse(first!) + 30 * 60_000).toISOString());
    expect(next.get(booked.profileId)).toBe(await firstSlot(booked, booked.serviceId, booked.locationId));

    // Nothing is due any more: the next run finds none of them.
    expect(await refreshNextAvailable(t.database.db, NOW)).toEqual({ status: 'refreshed', providers: 0 });
  });

  it('works through more providers than one batch, and leaves archived locations out', async () => {
    const many = await Promise.all(Array.from({ length: 5 }, (_, i) => createPractice(t, { name: `Dr Batch ${i}`, weekly: ALL_DAY })));
    await t.database.db.update(providerLocations).set({ archivedAt: NOW }).where(eq(providerLocations.id, many[1]!.locationId));
    let runs = 0;
    for (;;) {
      const result = await refreshNextAvailable(t.database.db, NOW, 2);
      runs++;
      if (result.status !== 'refreshed' || result.providers < 2) break;
    }
    expect(runs).toBeGreaterThanOrEqual(3);
    const next = await nextAvailable(many);
    expect(next.get(many[0]!.profileId)).toBe(await firstSlot(many[0]!, many[0]!.serviceId, many[0]!.locationId));
    expect(next.get(many[1]!.profileId)).toBeNull();
    for (const p of many.slice(2)) expect(next.get(p.profileId)).toBe(await firstSlot(p, p.serviceId, p.locationId));
  });
});
