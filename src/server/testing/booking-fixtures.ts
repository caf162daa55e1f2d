import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { availabilityOverrides, providerLocations, providerServices, type StoredWeeklyRange } from '../db/schema/booking.js';
import { providerProfiles } from '../db/schema/specialties.js';
import { buildSearchDocument } from '../features/providers/search-document.js';
import type { SmtpListener } from '../../testing/smtp-listener.js';
import type { DirectoryPage } from '../../shared/contracts/providers.js';
import type { TestApp } from './api-fixture.js';
import { uniqueSlug } from './api-fixture.js';
import { createSignedInUser } from './auth-helpers.js';

export type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

export interface Practice {
  provider: SignedIn;
  tenantId: string;
  profileId: string;
  serviceId: string;
  locationId: string;
  displayName: string;
}

export const ALL_DAY: StoredWeeklyRange[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '24:00' }));

/**
 * A provider with an organisation of their own (they own it, so their session acts in it), a
 * verified profile, one practice and one service. By default open all day every day with no
 * minimum notice, so tests can book any future hour.
 */
export async function createPractice(
  t: TestApp,
  options: {
    name?: string;
    specialty?: string;
    timeZone?: string;
    weekly?: StoredWeeklyRange[];
    breaks?: StoredWeeklyRange[];
    durationMinutes?: number;
    bufferBeforeMinutes?: number;
    bufferAfterMinutes?: number;
    minimumNoticeMinutes?: number;
    cancellationWindowHours?: number;
    acceptingNewPatients?: boolean;
    verification?: 'pending' | 'verified' | 'rejected';
    languages?: string[];
    conditions?: string[];
    city?: { name: string; latitude: number; longitude: number };
    telehealth?: boolean;
    ndis?: boolean;
    mode?: 'in_person' | 'telehealth';
    /** The app sends over SMTP to this listener (sign-up mail is read there). */
    smtp?: SmtpListener;
  } = {},
): Promise<Practice> {
  const provider = await createSignedInUser(t, { role: 'provider', prefix: 'provider', ...(options.smtp ? { smtp: options.smtp } : {}) });
  const org = await t.app.inject({
    method: 'POST',
    url: '/api/v1/tenants',
    headers: { cookie: provider.cookie },
    payload: { name: `Practice ${randomUUID().slice(0, 6)}`, slug: uniqueSlug('practice') },
  });
  if (org.statusCode !== 201) throw new Error(`organisation: ${org.statusCode} ${org.body}`);
  const tenantId = org.json<{ id: string }>().id;
  const displayName = options.name ?? `Dr ${provider.name}`;
  const specialty = options.specialty ?? 'family-medicine';
  const languages = options.languages ?? ['en'];
  const conditions = options.conditions ?? [];
  const city = options.city ?? { name: 'Sydney', latitude: -33.8688, longitude: 151.2093 };
  const [profile] = await t.database.db
    .insert(providerProfiles)
    .values({
      userId: provider.userId,
      tenantId,
      specialtySlug: specialty,
      verificationStatus: options.verification ?? 'verified',
      regionCode: 'AU',
      displayName,
      title: 'MBBS',
      bio: 'A test provider.',
      languages,
      conditions,
      offersTelehealth: options.telehealth ?? false,
      offersInPerson: true,
      acceptingNewPatients: options.acceptingNewPatients ?? true,
      ndisRegistered: options.ndis ?? false,
      cancellationWindowHours: options.cancellationWindowHours ?? 24,
      minimumNoticeMinutes: options.minimumNoticeMinutes ?? 0,
      slotIntervalMinutes: 15,
      latitude: city.latitude,
      longitude: city.longitude,
      searchDocument: buildSearchDocument({ displayName, title: 'MBBS', specialtySlug: specialty, otherSpecialties: [], conditions, languages, cities: [city.name], bio: 'A test provider.' }),
    })
    .returning({ id: providerProfiles.id });
  const [location] = await t.database.db
    .insert(providerLocations)
    .values({
      tenantId,
      providerId: profile!.id,
      name: 'Test practice',
      kind: 'practice',
      street: '1 Test Street',
      suburb: city.name,
      city: city.name,
      state: 'NSW',
      postalCode: '2000',
      country: 'AU',
      latitude: city.latitude,
      longitude: city.longitude,
      timeZone: options.timeZone ?? 'Australia/Sydney',
      weeklyHours: options.weekly ?? ALL_DAY,
      breaks: options.breaks ?? [],
    })
    .returning({ id: providerLocations.id });
  const [service] = await t.database.db
    .insert(providerServices)
    .values({
      tenantId,
      providerId: profile!.id,
      name: 'Consultation',
      mode: options.mode ?? 'in_person',
      durationMinutes: options.durationMinutes ?? 30,
      bufferBeforeMinutes: options.bufferBeforeMinutes ?? 0,
      bufferAfterMinutes: options.bufferAfterMinutes ?? 0,
      priceMinor: 12000,
      currency: 'AUD',
    })
    .returning({ id: providerServices.id });
  return { provider, tenantId, profileId: profile!.id, serviceId: service!.id, locationId: location!.id, displayName };
}

/** Marks a date off (an override without hours). */
export async function dayOff(t: TestApp, practice: Practice, date: string): Promise<void> {
  await t.database.db.insert(availabilityOverrides).values({ tenantId: practice.tenantId, locationId: practice.locationId, date, hours: [] });
}

export async function setProfile(t: TestApp, practice: Practice, values: Partial<typeof providerProfiles.$inferInsert>): Promise<void> {
  await t.database.db.update(providerProfiles).set(values).where(eq(providerProfiles.id, practice.profileId));
}

/** A whole hour at least `days` days ahead (UTC), for booking. */
export function hoursAhead(hours: number, from = new Date()): Date {
  const d = new Date(from.getTime() + hours * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d;
}

/**
 * `hoursAhead(hours)`, moved on to the first whole hour between 08:00 and 20:00 in the zone: a test
 * that looks at the times around it, or at that day's list, then never meets the zone's midnight.
 */
export function daytimeAhead(hours: number, timeZone = 'Australia/Sydney'): Date {
  const hourIn = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
  let d = hoursAhead(hours);
  while (Number(hourIn.format(d)) < 8 || Number(hourIn.format(d)) >= 20) d = new Date(d.getTime() + 3_600_000);
  return d;
}

/** The patient books the practice's service at `startsAt` through the API; the appointment's id. */
/** The next start on the 15-minute slot grid at least `minutes` from now (ISO). */
export function slotStartIn(minutes: number): string {
  const step = 15 * 60_000;
  return new Date(Math.ceil((Date.now() + minutes * 60_000) / step) * step).toISOString();
}

export async function bookAppointment(t: TestApp, patient: SignedIn, practice: Practice, startsAt: Date): Promise<string> {
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/v1/appointments',
    headers: { cookie: patient.cookie, 'idempotency-key': randomUUID() },
    payload: { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: startsAt.toISOString(), reason: 'Check-up' },
  });
  if (booked.statusCode !== 201) throw new Error(`booking: ${booked.statusCode} ${booked.body}`);
  return booked.json<{ id: string }>().id;
}

/**
 * The patient books the practice's service at `startsAt` through the API and starts a
 * conversation about that appointment: a test's own records for routes and frames that need ids.
 */
export async function bookWithConversation(t: TestApp, patient: SignedIn, practice: Practice, startsAt: Date): Promise<{ appointmentId: string; conversationId: string }> {
  const appointmentId = await bookAppointment(t, patient, practice, startsAt);
  const started = await t.app.inject({ method: 'POST', url: '/api/v1/conversations', headers: { cookie: patient.cookie }, payload: { appointmentId, body: 'Hello' } });
  if (started.statusCode !== 201) throw new Error(`conversation: ${started.statusCode} ${started.body}`);
  return { appointmentId, conversationId: started.json<{ id: string }>().id };
}

/** One page of the directory's search through the API (anything but a 200 fails the test with the answer). */
export async function searchDirectory(t: TestApp, params: Record<string, string>): Promise<DirectoryPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers?${new URLSearchParams(params).toString()}` });
  if (res.statusCode !== 200) throw new Error(`directory search ${JSON.stringify(params)}: ${res.statusCode} ${res.body}`);
  return res.json<DirectoryPage>();
}
