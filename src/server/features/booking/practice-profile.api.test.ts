import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../shared/contracts/appointments.js';
import type { Availability } from '../../../shared/contracts/practice.js';
import type {
  DirectoryProfile,
  DirectoryProfileInput,
  LocationRemoval,
  ManagedLocation,
  ManagedLocationList,
  OwnDirectoryProfile,
  PracticeLocationInput,
  PracticeService,
  PracticeServiceInput,
  PracticeServiceList,
} from '../../../shared/contracts/practice-profile.js';
import type { AdminProvider, AdminProvidersPage } from '../../../shared/contracts/admin-providers.js';
import type { NotificationList } from '../../../shared/contracts/notifications.js';
import type { DirectoryPage, ProviderDetail, Slots } from '../../../shared/contracts/providers.js';
import { getRegion } from '../../../shared/regions.js';
import { auditEvents } from '../../db/schema/audit-events.js';
import { users } from '../../db/schema/auth.js';
import { providerLocations, providerServices } from '../../db/schema/booking.js';
import { tenantMemberships } from '../../db/schema/tenant-memberships.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { queryRows, type Transaction } from '../../platform/db/database.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';
import { startTestApp, uniqueSlug, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser, firstLink, latestMail } from '../../testing/auth-helpers.js';
import { ALL_DAY, createPractice, hoursAhead, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';
import { archiveLocation, deleteLocation, updateLocation } from './practice-profile.repo.js';
import { sqlState } from './practice-scope.js';

let t: TestApp;
let admin: SignedIn;
let patient: SignedIn;
let practice: Practice;
let rival: Practice;

beforeAll(async () => {
  t = await startTestApp();
  admin = await createSignedInUser(t, { prefix: 'platform-admin' });
  // Test setup: platform admins are granted, never chosen at sign-up.
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  patient = await createSignedInUser(t, { prefix: 'patient' });
  practice = await createPractice(t, { timeZone: 'Australia/Sydney' });
  rival = await createPractice(t);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function call(method: Method, url: string, who: SignedIn | null, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** A word nobody else's profile has, so a search for it finds only this test's provider. */
function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;
}

/** A professional with an organisation of their own (their session acts in it) and no profile yet. */
async function newProvider(role = 'provider'): Promise<SignedIn> {
  const person = await createSignedInUser(t, { role, prefix: role });
  const org = await call('POST', '/api/v1/tenants', person, { name: `Clinic ${randomUUID().slice(0, 6)}`, slug: uniqueSlug('clinic') });
  expect(org.statusCode, org.body).toBe(201);
  return person;
}

function profileInput(overrides: Partial<DirectoryProfileInput> = {}): DirectoryProfileInput {
  return {
    displayName: `Dr ${randomUUID().slice(0, 8)}`,
    title: 'MBBS, FRACGP',
    bio: 'A family physician who listens.',
    specialty: 'family-medicine',
    otherSpecialties: ['pediatrics'],
    languages: ['en', 'es'],
    conditions: ['asthma', 'diabetes'],
    qualifications: ['MBBS', 'FRACGP'],
    registrationNumber: 'MED0001234',
    offersTelehealth: true,
    offersInPerson: true,
    acceptingNewPatients: true,
    ndisRegistered: false,
    ...overrides,
  };
}

const serviceInput = (overrides: Partial<PracticeServiceInput> = {}): PracticeServiceInput => ({
  name: 'Long consultation',
  description: 'Time for several concerns.',
  mode: 'in_person',
  durationMinutes: 40,
  bufferBeforeMinutes: 5,
  bufferAfterMinutes: 10,
  priceMinor: 15_500,
  active: true,
  ...overrides,
});

const locationInput = (overrides: Partial<PracticeLocationInput> = {}): PracticeLocationInput => ({
  name: 'Harbour practice',
  kind: 'practice',
  street: '12 Quay Street',
  suburb: 'Southbank',
  city: 'Melbourne',
  state: 'VIC',
  postalCode: '3006',
  country: 'AU',
  timeZone: 'Australia/Melbourne',
  ...overrides,
});

async function search(query: string): Promise<DirectoryPage> {
  const res = await call('GET', `/api/v1/providers?query=${encodeURIComponent(query)}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DirectoryPage>();
}

async function vectorMatches(profileId: string, word: string): Promise<boolean> {
  const [row] = await queryRows<{ hit: boolean }>(t.database.db, sql`select search_vector @@ to_tsquery('simple', ${word}) as hit from provider_profiles where id = ${profileId}`);
  return row?.hit ?? false;
}

async function book(who: SignedIn, target: { profileId: string; serviceId: string; locationId: string }, startsAt: Date) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/appointments',
    headers: { cookie: who.cookie, 'idempotency-key': randomUUID() },
    payload: { providerId: target.profileId, serviceId: target.serviceId, locationId: target.locationId, startsAt: startsAt.toISOString() },
  });
}

describe('creating a directory profile', () => {
  it('waits for review out of the directory; once an admin verifies it, search finds its words, and edits follow', async () => {
    const provider = await newProvider();
    const empty = await call('GET', '/api/v1/practice/profile', provider);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<OwnDirectoryProfile>()).toEqual({ profile: null });

    const word = uniqueWord('quokka');
    const input = profileInput({ bio: `Family care with a focus on ${word} and prevention.` });
    const created = await call('POST', '/api/v1/practice/profile', provider, input);
    expect(created.statusCode, created.body).toBe(201);
    const profile = created.json<DirectoryProfile>();
    expect(profile).toMatchObject({
      displayName: input.displayName,
      specialty: 'family-medicine',
      otherSpecialties: ['pediatrics'],
      languages: ['en', 'es'],
      verificationStatus: 'pending',
      rejectionReason: null,
      reviewedAt: null,
    });
    expect(profile.currency).toBe(getRegion(profile.regionCode).currency.code);
    expect((await call('GET', '/api/v1/practice/profile', provider)).json<OwnDirectoryProfile>().profile).toEqual(profile);

    // Waiting: in the admin's review list, with every claim the directory would publish (where
    // and what they practise included), not in the public directory.
    expect((await call('POST', '/api/v1/practice/locations', provider, locationInput())).statusCode).toBe(201);
    expect((await call('POST', '/api/v1/practice/services', provider, serviceInput())).statusCode).toBe(201);
    expect((await call('POST', '/api/v1/practice/services', provider, serviceInput({ name: 'Retired service', active: false }))).statusCode).toBe(201);
    const review = await call('GET', `/api/v1/admin/providers?status=pending&query=${encodeURIComponent(input.displayName)}`, admin);
    expect(review.statusCode, review.body).toBe(200);
    const reviewed = review.json<AdminProvidersPage>().providers;
    expect(reviewed.map((p) => p.id)).toEqual([profile.id]);
    expect(reviewed[0]).toMatchObject({
      title: 'MBBS, FRACGP',
      bio: input.bio,
      otherSpecialties: ['pediatrics'],
      languages: ['en', 'es'],
      conditions: ['asthma', 'diabetes'],
      qualifications: ['MBBS', 'FRACGP'],
      registrationNumber: 'MED0001234',
      offersTelehealth: true,
      offersInPerson: true,
      ndisRegistered: false,
      locations: [{ name: 'Harbour practice', kind: 'practice', street: '12 Quay Street', suburb: 'Southbank', city: 'Melbourne', state: 'VIC', postalCode: '3006', country: 'AU' }],
      services: [{ name: 'Long consultation', mode: 'in_person', durationMinutes: 40, priceMinor: 15_500, currency: profile.currency }],
    });
    expect((await search(word)).providers.map((p) => p.id)).not.toContain(profile.id);
    expect((await call('GET', `/api/v1/providers/${profile.id}`, null)).statusCode).toBe(404);
    expect(await vectorMatches(profile.id, word)).toBe(true);

    const verified = await call('POST', `/api/v1/admin/providers/${profile.id}/decision`, admin, { status: 'verified' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await search(word)).providers.map((p) => p.id)).toEqual([profile.id]);
    expect((await call('GET', '/api/v1/practice/profile', provider)).json<OwnDirectoryProfile>().profile?.verificationStatus).toBe('verified');

    // An edit of what the review does not check (it stays verified and listed): new words are
    // found, old ones are gone from the vector, the audit trail says what changed. A change of
    // what the review checks is the next describe's.
    const newWord = uniqueWord('wombat');
    const edited = await call('PUT', '/api/v1/practice/profile', provider, {
      ...input,
      displayName: ` ${input.displayName} `,
      bio: `Now seeing ${newWord} cases.`,
      title: 'MBBS',
      otherSpecialties: ['dermatology'],
      languages: ['fr'],
      conditions: ['eczema'],
      qualifications: ['FRACGP', 'MBBS'],
      offersInPerson: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<DirectoryProfile>()).toMatchObject({
      displayName: input.displayName,
      bio: `Now seeing ${newWord} cases.`,
      title: 'MBBS',
      specialty: 'family-medicine',
      otherSpecialties: ['dermatology'],
      languages: ['fr'],
      conditions: ['eczema'],
      registrationNumber: 'MED0001234',
      offersInPerson: false,
      offersTelehealth: true,
      ndisRegistered: false,
      verificationStatus: 'verified',
    });
    expect(await vectorMatches(profile.id, newWord)).toBe(true);
    expect(await vectorMatches(profile.id, word)).toBe(false);
    expect(await vectorMatches(profile.id, 'dermatologist')).toBe(true);
    const found = await search(newWord);
    expect(found.providers.map((p) => p.id)).toEqual([profile.id]);
    expect(found.providers[0]).toMatchObject({ specialty: 'family-medicine', languages: ['fr'], offersInPerson: false, ndisRegistered: false });
    const trail = await t.database.db
      .select({ action: auditEvents.action, metadata: auditEvents.metadata })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, profile.id), eq(auditEvents.actorUserId, provider.userId)));
    expect(trail.map((e) => e.action).sort()).toEqual(['practice.location-created', 'practice.profile-created', 'practice.profile-updated', 'practice.service-created', 'practice.service-created']);
    expect(trail.find((e) => e.action === 'practice.profile-updated')?.metadata).toMatchObject({ fields: expect.arrayContaining(['bio', 'otherSpecialties', 'languages']) });
  });

  it('leaves "accepting new patients" to the booking rules when a change does not send it; a new profile without it accepts', async () => {
    const provider = await newProvider();
    const { acceptingNewPatients: _omitted, ...withoutAccepting } = profileInput();
    const created = await call('POST', '/api/v1/practice/profile', provider, withoutAccepting);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<DirectoryProfile>().acceptingNewPatients).toBe(true);

    // The booking rules turn it off (as /provider/availability does) …
    const availability = await call('GET', '/api/v1/practice/availability', provider);
    expect(availability.statusCode, availability.body).toBe(200);
    const { settings } = availability.json<{ settings: Record<string, unknown> }>();
    const off = await call('PUT', '/api/v1/practice/availability/settings', provider, { ...settings, acceptingNewPatients: false });
    expect(off.statusCode, off.body).toBe(200);

    // … and a profile change without the field keeps it off; one that sends it still sets it.
    const edited = await call('PUT', '/api/v1/practice/profile', provider, { ...withoutAccepting, bio: 'Changed without the booking rule.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<DirectoryProfile>()).toMatchObject({ bio: 'Changed without the booking rule.', acceptingNewPatients: false });
    const on = await call('PUT', '/api/v1/practice/profile', provider, { ...withoutAccepting, acceptingNewPatients: true });
    expect(on.json<DirectoryProfile>().acceptingNewPatients).toBe(true);
  });

  it('is one per person: a second one answers 409, here or in another organisation', async () => {
    const provider = await newProvider();
    expect((await call('POST', '/api/v1/practice/profile', provider, profileInput())).statusCode).toBe(201);
    const again = await call('POST', '/api/v1/practice/profile', provider, profileInput());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'practice.profile-exists' });
    // The same person in a second organisation of theirs.
    const other = await call('POST', '/api/v1/tenants', provider, { name: 'Second clinic', slug: uniqueSlug('second') });
    expect(other.statusCode, other.body).toBe(201);
    const elsewhere = await call('POST', '/api/v1/practice/profile', provider, profileInput());
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({ code: 'practice.profile-in-other-organisation' });
    expect((await call('GET', '/api/v1/practice/profile', provider)).json<OwnDirectoryProfile>()).toEqual({ profile: null });
  });

  it('is for professionals: a patient gets 403 everywhere, even as the owner of an organisation', async () => {
    const routes: [Method, string, unknown][] = [
      ['GET', '/api/v1/practice/profile', undefined],
      ['POST', '/api/v1/practice/profile', profileInput()],
      ['PUT', '/api/v1/practice/profile', profileInput()],
      ['POST', '/api/v1/practice/profile/resubmit', {}],
      ['GET', '/api/v1/practice/services', undefined],
      ['POST', '/api/v1/practice/services', serviceInput()],
      ['PUT', `/api/v1/practice/services/${practice.serviceId}`, serviceInput()],
      ['DELETE', `/api/v1/practice/services/${practice.serviceId}`, undefined],
      ['GET', '/api/v1/practice/locations', undefined],
      ['POST', '/api/v1/practice/locations', locationInput()],
      ['PUT', `/api/v1/practice/locations/${practice.locationId}`, locationInput()],
      ['DELETE', `/api/v1/practice/locations/${practice.locationId}`, undefined],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(method, url, patient, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    const owner = await newProvider('patient');
    const refused = await call('POST', '/api/v1/practice/profile', owner, profileInput());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'practice.not-a-provider' });
    // Without a profile there is nothing of theirs to list.
    expect((await call('GET', '/api/v1/practice/services', owner)).json()).toMatchObject({ code: 'practice.no-profile' });
  });

  it('lets allied health professionals keep one too', async () => {
    const allied = await newProvider('allied_health');
    const created = await call('POST', '/api/v1/practice/profile', allied, profileInput({ specialty: 'orthopedics', otherSpecialties: [] }));
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe('validation', () => {
  it('answers 400 request.invalid with the field paths, never a 5xx', async () => {
    const provider = await newProvider();
    const cases: [string, unknown, string[]][] = [
      ['/api/v1/practice/profile', profileInput({ displayName: '   ' }), ['body.displayName']],
      ['/api/v1/practice/profile', { ...profileInput(), specialty: 'astrology' }, ['body.specialty']],
      ['/api/v1/practice/profile', profileInput({ languages: [] }), ['body.languages']],
      ['/api/v1/practice/profile', { ...profileInput(), languages: ['klingon'] }, ['body.languages.0']],
      ['/api/v1/practice/profile', profileInput({ conditions: ['Asthma', 'asthma'] }), ['body.conditions']],
      ['/api/v1/practice/profile', profileInput({ conditions: ['x'.repeat(81)] }), ['body.conditions.0']],
      ['/api/v1/practice/profile', profileInput({ offersInPerson: false, offersTelehealth: false }), ['body.offersInPerson']],
      ['/api/v1/practice/profile', profileInput({ specialty: 'pediatrics', otherSpecialties: ['pediatrics'] }), ['body.otherSpecialties']],
      ['/api/v1/practice/profile', profileInput({ bio: 'b'.repeat(4001) }), ['body.bio']],
      ['/api/v1/practice/profile', { ...profileInput(), acceptingNewPatients: 'yes' }, ['body.acceptingNewPatients']],
    ];
    for (const [url, payload, paths] of cases) {
      const res = await call('POST', url, provider, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      const problem = res.json<{ code: string; errors: { path: string }[] }>();
      expect(problem.code).toBe('request.invalid');
      expect(problem.errors.map((e) => e.path)).toEqual(expect.arrayContaining(paths));
    }
    expect((await call('GET', '/api/v1/practice/profile', provider)).json<OwnDirectoryProfile>()).toEqual({ profile: null });

    const serviceCases: [unknown, string][] = [
      [serviceInput({ durationMinutes: 3 }), 'body.durationMinutes'],
      [serviceInput({ durationMinutes: 30.5 }), 'body.durationMinutes'],
      [serviceInput({ priceMinor: -1 }), 'body.priceMinor'],
      [serviceInput({ priceMinor: 10 ** 12 }), 'body.priceMinor'],
      [serviceInput({ bufferAfterMinutes: 241 }), 'body.bufferAfterMinutes'],
      [{ ...serviceInput(), mode: 'carrier-pigeon' }, 'body.mode'],
      [serviceInput({ name: '' }), 'body.name'],
    ];
    for (const [payload, path] of serviceCases) {
      const res = await call('POST', '/api/v1/practice/services', practice.provider, payload);
      expect(res.statusCode, path).toBe(400);
      expect(res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain(path);
    }
    const locationCases: [unknown, string][] = [
      [locationInput({ timeZone: 'Mars/Olympus' }), 'body.timeZone'],
      [locationInput({ city: '' }), 'body.city'],
      [locationInput({ latitude: 91, longitude: 10 }), 'body.latitude'],
      [locationInput({ latitude: -37.8 }), 'body.longitude'],
      [{ ...locationInput(), country: 'XX' }, 'body.country'],
      [{ ...locationInput(), kind: 'castle' }, 'body.kind'],
    ];
    for (const [payload, path] of locationCases) {
      const res = await call('POST', '/api/v1/practice/locations', practice.provider, payload);
      expect(res.statusCode, path).toBe(400);
      expect(res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain(path);
    }
    // A practice in a town the gazetteer does not know needs its coordinates.
    const unplaced = await call('POST', '/api/v1/practice/locations', practice.provider, locationInput({ city: 'Qxzvwyk', suburb: '', timeZone: 'Australia/Sydney' }));
    expect(unplaced.statusCode).toBe(400);
    expect(unplaced.json()).toMatchObject({ code: 'practice.location-needs-coordinates', errors: [{ path: 'body.latitude' }, { path: 'body.longitude' }] });
    const malformed = await t.app.inject({ method: 'POST', url: '/api/v1/practice/services', headers: { cookie: practice.provider.cookie, 'content-type': 'application/json' }, payload: '{"name":' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('verification belongs to the platform', () => {
  it('a crafted request cannot change it, and row-level security refuses it even from the provider’s own session', async () => {
    const provider = await newProvider();
    const created = (await call('POST', '/api/v1/practice/profile', provider, profileInput())).json<DirectoryProfile>();
    const crafted = await call('PUT', '/api/v1/practice/profile', provider, { ...profileInput(), verificationStatus: 'verified', ratingCount: 100 });
    expect(crafted.statusCode).toBe(400);
    expect(crafted.json()).toMatchObject({ code: 'request.invalid' });
    const craftedCreate = await call('POST', '/api/v1/practice/profile', provider, { ...profileInput(), verificationStatus: 'verified' });
    expect(craftedCreate.statusCode).toBe(400);

    const [membership] = await queryRows<{ tenant_id: string }>(t.database.db, sql`select tenant_id from tenant_memberships where user_id = ${provider.userId}`);
    const tenantId = membership!.tenant_id;
    const asProvider = <T,>(fn: (tx: Transaction) => Promise<T>) => asAppUser(t.database.db, { tenantId, userId: provider.userId }, fn);
    const refused = async (statement: SQL) => {
      const error = await asProvider((tx) => tx.execute(statement)).then(
        () => null,
        (e: unknown) => e,
      );
      return sqlState(error);
    };
    // The column is not theirs to write (no grant), whatever the row.
    expect(await refused(sql`update provider_profiles set verification_status = 'verified' where id = ${created.id}`)).toBe('42501');
    expect(await refused(sql`update provider_profiles set rating_count = 5, rating_sum = 25 where id = ${created.id}`)).toBe('42501');
    // A new profile is theirs only, here only, and waits for review.
    const [someone] = await queryRows<{ id: string }>(t.database.db, sql`select id from users where id <> ${provider.userId} limit 1`);
    expect(await refused(sql`insert into provider_profiles (user_id, tenant_id, specialty_slug, verification_status) values (${provider.userId}, ${tenantId}, 'neurology', 'verified')`)).toBe('42501');
    expect(await refused(sql`insert into provider_profiles (user_id, tenant_id, specialty_slug) values (${someone!.id}, ${tenantId}, 'neurology')`)).toBe('42501');
    expect(await refused(sql`insert into provider_profiles (user_id, tenant_id, specialty_slug) values (${provider.userId}, ${rival.tenantId}, 'neurology')`)).toBe('42501');
    // Another provider's profile is out of reach (the update matches no row of theirs).
    await asProvider((tx) => tx.execute(sql`update provider_profiles set bio = 'changed' where id = ${practice.profileId}`));
    const [rows] = await t.database.db.select({ status: providerProfiles.verificationStatus }).from(providerProfiles).where(eq(providerProfiles.id, created.id));
    expect(rows?.status).toBe('pending');
    const [theirs] = await t.database.db.select({ bio: providerProfiles.bio }).from(providerProfiles).where(eq(providerProfiles.id, practice.profileId));
    expect(theirs?.bio).not.toBe('changed');
  });
});

describe('sending a rejected profile back to review', () => {
  async function ownProfileOf(who: SignedIn): Promise<DirectoryProfile | null> {
    const res = await call('GET', '/api/v1/practice/profile', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OwnDirectoryProfile>().profile;
  }

  async function reviewList(status: 'pending' | 'verified' | 'rejected', name: string): Promise<AdminProvider[]> {
    const res = await call('GET', `/api/v1/admin/providers?status=${status}&query=${encodeURIComponent(name)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminProvidersPage>().providers;
  }

  function expectNotRejected(res: Awaited<ReturnType<typeof call>>, status: string) {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 409, code: 'practice.not-rejected', detail: expect.stringMatching(/not approved/), verificationStatus: status });
  }

  /** A second person of the provider's organisation (its staff), acting in it. */
  async function colleagueOf(owner: SignedIn, role = 'provider'): Promise<SignedIn> {
    const colleague = await createSignedInUser(t, { role, prefix: 'colleague' });
    const invited = await call('POST', '/api/v1/tenant/invitations', owner, { email: colleague.email, role: 'provider' });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await latestMail(t, colleague.email.toLowerCase(), 'invited to join');
    const token = new URL(firstLink(mail!.textBody)).searchParams.get('token');
    const accepted = await call('POST', '/api/v1/invitations/accept', colleague, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const tenantId = (await call('GET', '/api/v1/tenant', owner)).json<{ id: string }>().id;
    const switched = await call('PUT', '/api/v1/session/tenant', colleague, { tenantId });
    expect(switched.statusCode, switched.body).toBe(200);
    return colleague;
  }

  it('moves a rejected profile back to pending, listed for admins again without the old reason, and audits it', async () => {
    const provider = await newProvider();
    const input = profileInput();
    const created = (await call('POST', '/api/v1/practice/profile', provider, input)).json<DirectoryProfile>();

    // Waiting already: nothing to send again.
    expectNotRejected(await call('POST', '/api/v1/practice/profile/resubmit', provider), 'pending');

    const reason = `Your title should carry your full post-nominals (${randomUUID().slice(0, 6)}).`;
    const rejected = await call('POST', `/api/v1/admin/providers/${created.id}/decision`, admin, { status: 'rejected', reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await ownProfileOf(provider)).toMatchObject({ verificationStatus: 'rejected', rejectionReason: reason });
    expect((await reviewList('pending', input.displayName)).map((p) => p.id)).toEqual([]);
    const [rejectedRow] = await reviewList('rejected', input.displayName);
    expect(rejectedRow).toMatchObject({ id: created.id, status: 'rejected', rejectionReason: reason });
    const reviewedAt = rejectedRow!.reviewedAt;
    expect(reviewedAt).not.toBeNull();

    // The provider adds what was asked (their post-nominals: not a field whose change sends the
    // profile back by itself), then asks for review again (no body, or an empty one).
    const fixed = await call('PUT', '/api/v1/practice/profile', provider, { ...input, title: 'MBBS (Hons), FRACGP' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<DirectoryProfile>()).toMatchObject({ verificationStatus: 'rejected', rejectionReason: reason });
    expect((await call('POST', '/api/v1/practice/profile/resubmit', provider, { verificationStatus: 'verified' })).statusCode).toBe(400);
    const resubmitted = await call('POST', '/api/v1/practice/profile/resubmit', provider);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const profile = resubmitted.json<DirectoryProfile>();
    expect(profile).toMatchObject({ id: created.id, verificationStatus: 'pending', rejectionReason: null, reviewedAt, title: 'MBBS (Hons), FRACGP' });
    expect(await ownProfileOf(provider)).toEqual(profile);

    // Back in the admins' waiting list, with no reason shown as current; out of the rejected list.
    expect(await reviewList('pending', input.displayName)).toEqual([
      expect.objectContaining({ id: created.id, status: 'pending', rejectionReason: null, reviewedAt, title: 'MBBS (Hons), FRACGP' }),
    ]);
    expect(await reviewList('rejected', input.displayName)).toEqual([]);
    // Still not in the public directory until verified.
    expect((await call('GET', `/api/v1/providers/${created.id}`, null)).statusCode).toBe(404);
    const [person] = await t.database.db.select({ status: users.professionalStatus }).from(users).where(eq(users.id, provider.userId));
    expect(person?.status).toBe('unverified');

    // Once is enough: it is pending now.
    expectNotRejected(await call('POST', '/api/v1/practice/profile/resubmit', provider, {}), 'pending');

    // The trail keeps the reason: the admin's rejection and the provider's resubmission, in the profile's organisation.
    const trail = await t.database.db
      .select({ action: auditEvents.action, actor: auditEvents.actorUserId, tenantId: auditEvents.tenantId, metadata: auditEvents.metadata })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, created.id))
      .orderBy(auditEvents.createdAt);
    const [membership] = await queryRows<{ tenant_id: string }>(t.database.db, sql`select tenant_id from tenant_memberships where user_id = ${provider.userId}`);
    expect(trail.filter((e) => e.action === 'provider.rejected')).toEqual([{ action: 'provider.rejected', actor: admin.userId, tenantId: membership!.tenant_id, metadata: { reason } }]);
    expect(trail.filter((e) => e.action === 'practice.profile-resubmitted')).toEqual([
      { action: 'practice.profile-resubmitted', actor: provider.userId, tenantId: membership!.tenant_id, metadata: { previousReason: reason, reviewedAt } },
    ]);

    // The admin verifies it this time: listed, and no longer resubmittable.
    expect((await call('POST', `/api/v1/admin/providers/${created.id}/decision`, admin, { status: 'verified' })).statusCode).toBe(200);
    expectNotRejected(await call('POST', '/api/v1/practice/profile/resubmit', provider), 'verified');
    expect((await ownProfileOf(provider))?.verificationStatus).toBe('verified');
    expect((await call('GET', `/api/v1/providers/${created.id}`, null)).statusCode).toBe(200);
  });

  it('is only for the profile’s own provider: others get 401, 403 or 404 (no profile of theirs), or 409 for their own, and the rejected profile stays as it was', async () => {
    const provider = await newProvider();
    const input = profileInput();
    const created = (await call('POST', '/api/v1/practice/profile', provider, input)).json<DirectoryProfile>();
    const reason = 'Qualifications could not be confirmed.';
    expect((await call('POST', `/api/v1/admin/providers/${created.id}/decision`, admin, { status: 'rejected', reason })).statusCode).toBe(200);

    const url = '/api/v1/practice/profile/resubmit';
    expect((await call('POST', url, null)).statusCode).toBe(401);
    const asPatient = await call('POST', url, patient);
    expect(asPatient.statusCode).toBe(403);
    expect(asPatient.headers['content-type']).toContain('application/problem+json');
    // A platform admin reviews through the decision route, not this one (it has no organisation here).
    expect((await call('POST', url, admin)).statusCode).toBe(403);
    // A colleague in the same organisation has no profile of their own there: 404, as for anyone without one.
    const colleague = await colleagueOf(provider);
    const theirs = await call('POST', url, colleague);
    expect(theirs.statusCode, theirs.body).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'practice.no-profile' });
    const stranger = await newProvider();
    expect((await call('POST', url, stranger)).json()).toMatchObject({ status: 404, code: 'practice.no-profile' });
    // Another organisation's provider acts on their own (verified) profile only.
    expectNotRejected(await call('POST', url, rival.provider), 'verified');

    expect(await ownProfileOf(provider)).toMatchObject({ verificationStatus: 'rejected', rejectionReason: reason });
    expect((await reviewList('rejected', input.displayName)).map((p) => p.id)).toEqual([created.id]);
    const [rivalRow] = await t.database.db.select({ status: providerProfiles.verificationStatus }).from(providerProfiles).where(eq(providerProfiles.id, rival.profileId));
    expect(rivalRow?.status).toBe('verified');
    const resubmissions = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.targetId, created.id), eq(auditEvents.action, 'practice.profile-resubmitted')));
    expect(resubmissions).toEqual([]);
  });

  it('row-level security still refuses the review columns to the provider’s own session', async () => {
    const provider = await newProvider();
    const created = (await call('POST', '/api/v1/practice/profile', provider, profileInput())).json<DirectoryProfile>();
    expect((await call('POST', `/api/v1/admin/providers/${created.id}/decision`, admin, { status: 'rejected', reason: 'Incomplete.' })).statusCode).toBe(200);
    const [membership] = await queryRows<{ tenant_id: string }>(t.database.db, sql`select tenant_id from tenant_memberships where user_id = ${provider.userId}`);
    const error = await asAppUser(t.database.db, { tenantId: membership!.tenant_id, userId: provider.userId }, (tx) =>
      tx.execute(sql`update provider_profiles set verification_status = 'pending', rejection_reason = null where id = ${created.id}`),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(error)).toBe('42501');
    expect((await call('POST', '/api/v1/practice/profile/resubmit', provider)).statusCode).toBe(200);
  });
});

describe('changing what the review checked', () => {
  const decide = (id: string, body: unknown) => call('POST', `/api/v1/admin/providers/${id}/decision`, admin, body);
  const save = (who: SignedIn, input: DirectoryProfileInput) => call('PUT', '/api/v1/practice/profile', who, input);

  /** Where the profile stands: its status, its person's standing, the public page, the admins' waiting list. */
  async function standing(id: string): Promise<{ status: string; person: string; publicPage: number; waiting: boolean }> {
    const [row] = await t.database.db
      .select({ status: providerProfiles.verificationStatus, person: users.professionalStatus, name: providerProfiles.displayName })
      .from(providerProfiles)
      .innerJoin(users, eq(users.id, providerProfiles.userId))
      .where(eq(providerProfiles.id, id));
    const waiting = await call('GET', `/api/v1/admin/providers?status=pending&query=${encodeURIComponent(row!.name)}`, admin);
    expect(waiting.statusCode, waiting.body).toBe(200);
    return {
      status: row!.status,
      person: row!.person,
      publicPage: (await call('GET', `/api/v1/providers/${id}`, null)).statusCode,
      waiting: waiting.json<AdminProvidersPage>().providers.some((p) => p.id === id),
    };
  }

  async function returnedToReview(id: string): Promise<{ actor: string | null; metadata: unknown }[]> {
    return t.database.db
      .select({ actor: auditEvents.actorUserId, metadata: auditEvents.metadata })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, id), eq(auditEvents.action, 'practice.profile-returned-to-review')))
      .orderBy(auditEvents.createdAt);
  }

  async function reviewedAtOf(who: SignedIn): Promise<string | null | undefined> {
    return (await call('GET', '/api/v1/practice/profile', who)).json<OwnDirectoryProfile>().profile?.reviewedAt;
  }

  it('sends a verified profile back to review when its name, registration number, qualifications, specialty or NDIS registration changes', async () => {
    const provider = await newProvider();
    const word = uniqueWord('numbat');
    let current = profileInput({ bio: `Care for ${word} and more.` });
    const created = (await call('POST', '/api/v1/practice/profile', provider, current)).json<DirectoryProfile>();
    expect((await decide(created.id, { status: 'verified' })).statusCode).toBe(200);
    expect(await standing(created.id)).toEqual({ status: 'verified', person: 'verified', publicPage: 200, waiting: false });

    const changes: [string, Partial<DirectoryProfileInput>][] = [
      ['displayName', { displayName: `Dr ${randomUUID().slice(0, 8)}` }],
      ['registrationNumber', { registrationNumber: 'MED0009999' }],
      ['qualifications', { qualifications: ['MBBS', 'FRACGP', 'FACD'] }],
      ['specialty', { specialty: 'dermatology' }],
      ['ndisRegistered', { ndisRegistered: true }],
    ];
    for (const [field, change] of changes) {
      const reviewedAt = await reviewedAtOf(provider);
      current = { ...current, ...change };
      const res = await save(provider, current);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(200);
      // Saved, and waiting for review; the last review's date stays as it was.
      expect(res.json<DirectoryProfile>(), field).toMatchObject({ ...change, verificationStatus: 'pending', rejectionReason: null, reviewedAt });
      // Out of the public directory (by id and by search), in the admins' waiting list; the person is no longer verified.
      expect(await standing(created.id), field).toEqual({ status: 'pending', person: 'unverified', publicPage: 404, waiting: true });
      expect((await search(word)).providers.map((p) => p.id), field).not.toContain(created.id);
      // Admins are told in the app that it waits for them again (once per return), under the name it has now.
      const notices = (await call('GET', '/api/v1/notifications', admin)).json<NotificationList>().notifications.filter((n) => n.kind === 'provider_resubmitted' && n.data.profileId === created.id);
      expect(notices, field).toHaveLength(changes.findIndex(([f]) => f === field) + 1);
      expect(notices[0]?.data.provider, field).toBe(current.displayName);
      // Audited with what changed.
      expect((await returnedToReview(created.id)).at(-1), field).toEqual({ actor: provider.userId, metadata: { previousStatus: 'verified', fields: [field], previousReason: null, reviewedAt } });
      // Saving again while it waits changes nothing more.
      expect((await save(provider, current)).json<DirectoryProfile>().verificationStatus).toBe('pending');
      // Verified again before the next field.
      expect((await decide(created.id, { status: 'verified' })).statusCode).toBe(200);
      expect(await standing(created.id), field).toEqual({ status: 'verified', person: 'verified', publicPage: 200, waiting: false });
    }
    expect((await returnedToReview(created.id)).map((e) => (e.metadata as { fields: string[] }).fields)).toEqual(changes.map(([field]) => [field]));
    expect((await search(word)).providers.map((p) => p.id)).toEqual([created.id]);
  });

  it('keeps a verified profile listed for every other change: bio, title, languages, conditions, ways of seeing patients, services and locations', async () => {
    const provider = await newProvider();
    const input = profileInput();
    const created = (await call('POST', '/api/v1/practice/profile', provider, input)).json<DirectoryProfile>();
    expect((await decide(created.id, { status: 'verified' })).statusCode).toBe(200);

    const res = await save(provider, {
      ...input,
      // The same identity as the server stores it: spaces, qualifications in another order.
      displayName: `  ${input.displayName}  `,
      registrationNumber: ' MED0001234 ',
      qualifications: ['FRACGP', 'MBBS'],
      bio: 'Now also seeing teenagers.',
      title: 'MBBS (Hons)',
      otherSpecialties: ['dermatology'],
      languages: ['en', 'fr'],
      conditions: ['asthma'],
      offersTelehealth: false,
      acceptingNewPatients: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DirectoryProfile>()).toMatchObject({ verificationStatus: 'verified', bio: 'Now also seeing teenagers.', languages: ['en', 'fr'] });
    expect((await call('POST', '/api/v1/practice/services', provider, serviceInput())).statusCode).toBe(201);
    expect((await call('POST', '/api/v1/practice/locations', provider, locationInput())).statusCode).toBe(201);
    expect(await standing(created.id)).toEqual({ status: 'verified', person: 'verified', publicPage: 200, waiting: false });
    expect(await returnedToReview(created.id)).toEqual([]);
  });

  it('sends a rejected profile back to review without the old reason; a pending one just waits', async () => {
    const provider = await newProvider();
    const input = profileInput();
    const created = (await call('POST', '/api/v1/practice/profile', provider, input)).json<DirectoryProfile>();
    // Waiting already: a new number keeps it waiting, nothing else.
    const pending = await save(provider, { ...input, registrationNumber: 'MED0005555' });
    expect(pending.json<DirectoryProfile>()).toMatchObject({ verificationStatus: 'pending', registrationNumber: 'MED0005555' });
    expect(await returnedToReview(created.id)).toEqual([]);

    const reason = `Registration number MED0005555 is not on the register (${randomUUID().slice(0, 6)}).`;
    expect((await decide(created.id, { status: 'rejected', reason })).statusCode).toBe(200);
    const reviewedAt = await reviewedAtOf(provider);
    expect(await standing(created.id)).toEqual({ status: 'rejected', person: 'rejected', publicPage: 404, waiting: false });

    const fixed = await save(provider, { ...input, registrationNumber: 'MED0001234' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<DirectoryProfile>()).toMatchObject({ verificationStatus: 'pending', rejectionReason: null, reviewedAt, registrationNumber: 'MED0001234' });
    expect(await standing(created.id)).toEqual({ status: 'pending', person: 'unverified', publicPage: 404, waiting: true });
    expect(await returnedToReview(created.id)).toEqual([
      { actor: provider.userId, metadata: { previousStatus: 'rejected', fields: ['registrationNumber'], previousReason: reason, reviewedAt } },
    ]);
    // Nothing left to resubmit: it is waiting.
    expect((await call('POST', '/api/v1/practice/profile/resubmit', provider)).json()).toMatchObject({ code: 'practice.not-rejected', verificationStatus: 'pending' });
  });
});

describe('what the review tells people', () => {
  async function notices(who: SignedIn, kind: string, provider: string) {
    const res = await call('GET', '/api/v1/notifications', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<NotificationList>().notifications.filter((n) => n.kind === kind && n.data.provider === provider);
  }

  it('admins hear of a profile waiting for review; the provider of the decision, in the app and by email', async () => {
    const provider = await newProvider();
    const input = profileInput();
    const created = (await call('POST', '/api/v1/practice/profile', provider, input)).json<DirectoryProfile>();
    // A new profile: every platform admin, and nobody else, is told in the app.
    expect(await notices(admin, 'provider_submitted', input.displayName)).toMatchObject([{ data: { provider: input.displayName, profileId: created.id }, readAt: null }]);
    expect(await notices(patient, 'provider_submitted', input.displayName)).toEqual([]);
    expect(await notices(provider, 'provider_submitted', input.displayName)).toEqual([]);

    const reason = `Registration ${uniqueWord('n')} could not be found.`;
    expect((await call('POST', `/api/v1/admin/providers/${created.id}/decision`, admin, { status: 'rejected', reason })).statusCode).toBe(200);
    expect(await notices(provider, 'provider_rejected', input.displayName)).toMatchObject([{ data: { reason } }]);
    const rejectedMail = await latestMail(t, provider.email.toLowerCase(), 'was not approved');
    expect(rejectedMail?.subject).toBe('Your Tendwell profile was not approved');
    expect(rejectedMail?.textBody).toContain(reason);
    expect(new URL(firstLink(rejectedMail!.textBody)).pathname).toBe('/provider/profile');

    // Sent again: the admins are told it is a second look.
    expect((await call('POST', '/api/v1/practice/profile/resubmit', provider)).statusCode).toBe(200);
    expect(await notices(admin, 'provider_resubmitted', input.displayName)).toMatchObject([{ data: { profileId: created.id } }]);

    expect((await call('POST', `/api/v1/admin/providers/${created.id}/decision`, admin, { status: 'verified' })).statusCode).toBe(200);
    const verified = await notices(provider, 'provider_verified', input.displayName);
    expect(verified).toHaveLength(1);
    expect(verified[0]!.data.reason).toBeUndefined();
    const verifiedMail = await latestMail(t, provider.email.toLowerCase(), 'is verified');
    expect(verifiedMail?.subject).toBe('Your Tendwell profile is verified');
    // The admin's own bell has no decision notices: they made them.
    expect(await notices(admin, 'provider_verified', input.displayName)).toEqual([]);
  });

  it('a decision on a profile that does not exist is 404 and tells nobody anything', async () => {
    const unread = async (who: SignedIn) => (await call('GET', '/api/v1/notifications', who)).json<NotificationList>().unread;
    const before = await unread(admin);
    expect(before).toBeGreaterThan(0);
    const res = await call('POST', `/api/v1/admin/providers/${randomUUID()}/decision`, admin, { status: 'verified' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'providers.not-found' });
    expect(await unread(admin)).toBe(before);
    // The count does move when there is something to tell.
    await call('POST', '/api/v1/practice/profile', await newProvider(), profileInput());
    expect(await unread(admin)).toBe(before + 1);
  });
});

describe('services', () => {
  it('are listed, created in the organisation’s currency, changed, deactivated (not bookable) and deleted when unused', async () => {
    const before = await call('GET', '/api/v1/practice/services', practice.provider);
    expect(before.statusCode, before.body).toBe(200);
    const list = before.json<PracticeServiceList>();
    expect(list.currency).toBe('AUD');
    expect(list.services.map((s) => s.id)).toEqual([practice.serviceId]);

    await t.database.db.update(providerProfiles).set({ nextAvailableStale: false }).where(eq(providerProfiles.id, practice.profileId));
    const created = await call('POST', '/api/v1/practice/services', practice.provider, serviceInput());
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json<PracticeService>();
    expect(service).toMatchObject({ name: 'Long consultation', mode: 'in_person', durationMinutes: 40, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, priceMinor: 15_500, currency: 'AUD', active: true, inUse: false });
    const [stale] = await t.database.db.select({ stale: providerProfiles.nextAvailableStale }).from(providerProfiles).where(eq(providerProfiles.id, practice.profileId));
    expect(stale?.stale).toBe(true);

    // Bookable at once: the public profile lists it and a patient books it.
    const detail = (await call('GET', `/api/v1/providers/${practice.profileId}`, null)).json<ProviderDetail>();
    expect(detail.services.map((s) => s.name)).toContain('Long consultation');
    const slots = (await call('GET', `/api/v1/providers/${practice.profileId}/slots?serviceId=${service.id}&locationId=${practice.locationId}`, patient)).json<Slots>();
    expect(slots.slots.length).toBeGreaterThan(0);
    const booked = await book(patient, { profileId: practice.profileId, serviceId: service.id, locationId: practice.locationId }, new Date(slots.slots[3]!.start));
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json<Appointment>()).toMatchObject({ service: { name: 'Long consultation' }, priceMinor: 15_500, currency: 'AUD' });

    const renamed = await call('PUT', `/api/v1/practice/services/${service.id}`, practice.provider, serviceInput({ name: 'Extended consultation', priceMinor: 16_000 }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<PracticeService>()).toMatchObject({ name: 'Extended consultation', priceMinor: 16_000, inUse: true });

    // Used by an appointment: it cannot be deleted, only deactivated.
    const del = await call('DELETE', `/api/v1/practice/services/${service.id}`, practice.provider);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'practice.service-in-use' });
    const off = await call('PUT', `/api/v1/practice/services/${service.id}`, practice.provider, serviceInput({ name: 'Extended consultation', active: false }));
    expect(off.json<PracticeService>()).toMatchObject({ active: false });
    expect((await call('GET', `/api/v1/providers/${practice.profileId}`, null)).json<ProviderDetail>().services.map((s) => s.id)).not.toContain(service.id);
    const refused = await book(patient, { profileId: practice.profileId, serviceId: service.id, locationId: practice.locationId }, new Date(slots.slots[8]!.start));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'booking.service-not-found' });
    const listed = (await call('GET', '/api/v1/practice/services', practice.provider)).json<PracticeServiceList>().services.find((s) => s.id === service.id);
    expect(listed).toMatchObject({ active: false, inUse: true });
    // The appointment already made keeps its service.
    const mine = await call('GET', `/api/v1/appointments/${booked.json<Appointment>().id}`, patient);
    expect(mine.json<Appointment>().service.name).toBe('Extended consultation');

    // An unused one is deleted.
    const spare = (await call('POST', '/api/v1/practice/services', practice.provider, serviceInput({ name: 'Spare', mode: 'telehealth' }))).json<PracticeService>();
    expect((await call('DELETE', `/api/v1/practice/services/${spare.id}`, practice.provider)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/practice/services/${spare.id}`, practice.provider)).statusCode).toBe(404);
    const actions = await t.database.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, practice.profileId));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['practice.service-created', 'practice.service-updated', 'practice.service-deactivated', 'practice.service-deleted']));
  });
});

describe('locations', () => {
  it('are created with weekday hours and the place of their suburb, changed, and follow into the directory', async () => {
    const clinic = await createPractice(t, { timeZone: 'Australia/Sydney', city: { name: 'Sydney', latitude: -33.8688, longitude: 151.2093 } });
    const created = await call('POST', '/api/v1/practice/locations', clinic.provider, locationInput());
    expect(created.statusCode, created.body).toBe(201);
    const location = created.json<ManagedLocation>();
    // Southbank, the suburb: the gazetteer's place, not the city centre 1 km north.
    expect(location).toMatchObject({ kind: 'practice', city: 'Melbourne', country: 'AU', latitude: -37.8228, longitude: 144.96434, timeZone: 'Australia/Melbourne', upcomingAppointments: 0 });
    const availability = (await call('GET', '/api/v1/practice/availability', clinic.provider)).json<Availability>();
    expect(availability.locations.find((l) => l.id === location.id)?.weeklyHours).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })));
    expect(availability.locations.map((l) => l.id)).toEqual([clinic.locationId, location.id]);

    // Search finds the provider by the new city.
    expect((await search(`${clinic.displayName} melbourne`)).providers.map((p) => p.id)).toContain(clinic.profileId);
    expect(await vectorMatches(clinic.profileId, 'melbourne')).toBe(true);

    const moved = await call('PUT', `/api/v1/practice/locations/${location.id}`, clinic.provider, locationInput({ name: 'Bayside rooms', city: 'Perth', state: 'WA', postalCode: '6000', timeZone: 'Australia/Perth', latitude: -31.95, longitude: 115.86 }));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ManagedLocation>()).toMatchObject({ name: 'Bayside rooms', city: 'Perth', latitude: -31.95, longitude: 115.86, timeZone: 'Australia/Perth' });
    expect(await vectorMatches(clinic.profileId, 'perth')).toBe(true);
    expect(await vectorMatches(clinic.profileId, 'melbourne')).toBe(false);

    // A country town, in no list of big cities; the state picks the right one of a shared name.
    const town = await call('POST', '/api/v1/practice/locations', clinic.provider, locationInput({ name: 'Riverina rooms', suburb: '', city: 'WAGGA WAGGA', state: 'NSW', postalCode: '2650', timeZone: 'Australia/Sydney' }));
    expect(town.statusCode, town.body).toBe(201);
    expect(town.json<ManagedLocation>()).toMatchObject({ latitude: -35.12577, longitude: 147.35375 });
    const newtown = await call('PUT', `/api/v1/practice/locations/${town.json<ManagedLocation>().id}`, clinic.provider, locationInput({ name: 'Riverina rooms', suburb: '', city: 'Newtown', state: 'Vic', timeZone: 'Australia/Melbourne' }));
    expect(newtown.statusCode, newtown.body).toBe(200);
    expect(newtown.json<ManagedLocation>().latitude).toBeCloseTo(-38.15, 1);
    expect((await call('DELETE', `/api/v1/practice/locations/${town.json<ManagedLocation>().id}`, clinic.provider)).statusCode).toBe(200);

    const room = await call('POST', '/api/v1/practice/locations', clinic.provider, locationInput({ name: 'Video room', kind: 'virtual', street: 'ignored', city: null, timeZone: 'Australia/Sydney' }));
    expect(room.statusCode, room.body).toBe(201);
    expect(room.json<ManagedLocation>()).toMatchObject({ kind: 'virtual', street: null, city: null, latitude: null, longitude: null });
    const listed = (await call('GET', '/api/v1/practice/locations', clinic.provider)).json<ManagedLocationList>().locations.map((l) => l.name);
    expect(listed).toEqual(['Test practice', 'Bayside rooms', 'Video room']);
    const publicNames = (await call('GET', `/api/v1/providers/${clinic.profileId}`, null)).json<ProviderDetail>().locations.map((l) => l.name);
    expect(publicNames).toEqual(['Test practice', 'Bayside rooms', 'Video room']);
  });

  it('a location with appointments still to come cannot be removed (409); once they are cancelled it is archived, an unused one deleted', async () => {
    const clinic = await createPractice(t, { timeZone: 'Australia/Sydney' });
    const appointment = await book(patient, clinic, hoursAhead(72));
    expect(appointment.statusCode, appointment.body).toBe(201);
    const refused = await call('DELETE', `/api/v1/practice/locations/${clinic.locationId}`, clinic.provider);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'practice.location-in-use', upcomingAppointments: 1 });
    expect((await call('GET', '/api/v1/practice/locations', clinic.provider)).json<ManagedLocationList>().locations[0]).toMatchObject({ id: clinic.locationId, upcomingAppointments: 1 });
    // Turning it into a virtual room would strand the in-person appointment too.
    const toVirtual = await call('PUT', `/api/v1/practice/locations/${clinic.locationId}`, clinic.provider, locationInput({ kind: 'virtual', timeZone: 'Australia/Sydney' }));
    expect(toVirtual.statusCode).toBe(409);

    const cancelled = await call('POST', `/api/v1/appointments/${appointment.json<Appointment>().id}/cancel`, patient, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const removed = await call('DELETE', `/api/v1/practice/locations/${clinic.locationId}`, clinic.provider);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<LocationRemoval>()).toEqual({ outcome: 'archived' });
    expect((await call('GET', '/api/v1/practice/locations', clinic.provider)).json<ManagedLocationList>().locations).toEqual([]);
    expect((await call('GET', '/api/v1/practice/availability', clinic.provider)).json<Availability>().locations).toEqual([]);
    expect((await call('GET', `/api/v1/providers/${clinic.profileId}`, null)).json<ProviderDetail>().locations).toEqual([]);
    expect((await call('PUT', `/api/v1/practice/locations/${clinic.locationId}/hours`, clinic.provider, { weeklyHours: [], breaks: [] })).statusCode).toBe(404);
    const slots = await call('GET', `/api/v1/providers/${clinic.profileId}/slots?serviceId=${clinic.serviceId}&locationId=${clinic.locationId}`, patient);
    expect(slots.statusCode === 404 || slots.json<Slots>().slots.length === 0).toBe(true);
    // The past appointment still shows where it was.
    expect((await call('GET', `/api/v1/appointments/${appointment.json<Appointment>().id}`, patient)).json<Appointment>().location.name).toBe('Test practice');
    const [row] = await t.database.db.select({ archivedAt: providerLocations.archivedAt }).from(providerLocations).where(eq(providerLocations.id, clinic.locationId));
    expect(row?.archivedAt).not.toBeNull();
    const [profile] = await t.database.db.select({ latitude: providerProfiles.latitude, stale: providerProfiles.nextAvailableStale }).from(providerProfiles).where(eq(providerProfiles.id, clinic.profileId));
    expect(profile).toEqual({ latitude: null, stale: true });

    const spare = (await call('POST', '/api/v1/practice/locations', clinic.provider, locationInput())).json<ManagedLocation>();
    const deleted = await call('DELETE', `/api/v1/practice/locations/${spare.id}`, clinic.provider);
    expect(deleted.json<LocationRemoval>()).toEqual({ outcome: 'deleted' });
    expect(await t.database.db.select().from(providerLocations).where(eq(providerLocations.id, spare.id))).toEqual([]);
    const trail = await t.database.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetId, clinic.profileId));
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['practice.location-created', 'practice.location-removed']));
  });
});

describe('how patients reach the practice', () => {
  it('a location keeps a phone and email (malformed ones are 400 with the field), which a patient inside the cancellation window is given; a video-only provider falls back to the organisation and the conversation', async () => {
    const clinic = await createPractice(t, { cancellationWindowHours: 24 });
    const contact = { contactPhone: '+61 2 5550 1234', contactEmail: 'reception@harbour.example' };
    const saved = await call('PUT', `/api/v1/practice/locations/${clinic.locationId}`, clinic.provider, locationInput(contact));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ManagedLocation>()).toMatchObject(contact);
    const listed = (await call('GET', '/api/v1/practice/locations', clinic.provider)).json<ManagedLocationList>().locations;
    expect(listed.find((l) => l.id === clinic.locationId)).toMatchObject(contact);
    const refused: [Partial<PracticeLocationInput>, string][] = [
      [{ contactPhone: 'call us' }, 'body.contactPhone'],
      [{ contactPhone: '12 34' }, 'body.contactPhone'],
      [{ contactPhone: '+61 2 5550 1234 5678 9012' }, 'body.contactPhone'],
      [{ contactPhone: '1'.repeat(40) }, 'body.contactPhone'],
      [{ contactEmail: 'reception at harbour' }, 'body.contactEmail'],
      [{ contactEmail: `${'a'.repeat(250)}@x.example` }, 'body.contactEmail'],
    ];
    for (const [change, path] of refused) {
      const res = await call('PUT', `/api/v1/practice/locations/${clinic.locationId}`, clinic.provider, locationInput({ ...contact, ...change }));
      expect(res.statusCode, path).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ code: 'request.invalid' });
      expect(new Set(res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path))).toEqual(new Set([path]));
    }
    // Unchanged by the refusals.
    expect((await call('GET', '/api/v1/practice/locations', clinic.provider)).json<ManagedLocationList>().locations.find((l) => l.id === clinic.locationId)).toMatchObject(contact);

    // A patient whose visit is 3 hours away (inside the 24-hour window) is given the location's contact.
    const patient = await createSignedInUser(t, { role: 'patient', prefix: 'reach' });
    const booked = await book(patient, clinic, hoursAhead(3));
    expect(booked.statusCode, booked.body).toBe(201);
    const mine = async (who: SignedIn) => (await call('GET', '/api/v1/appointments', who)).json<{ appointments: Appointment[] }>().appointments;
    const inside = (await mine(patient)).find((a) => a.id === booked.json<Appointment>().id)!;
    expect(inside.actions).not.toContain('cancel');
    expect(inside).toMatchObject({ contact: { phone: contact.contactPhone, email: contact.contactEmail }, conversationId: null });
    // The booking's own answer says the same, so the confirmation needs no second read.
    expect(booked.json<Appointment>()).toMatchObject({ contact: { phone: contact.contactPhone, email: contact.contactEmail }, conversationId: null });

    // A provider who sees patients only by video, in the same organisation: their room has no
    // contact, so the organisation's practice's is given; blank clears a contact.
    const colleague = await createSignedInUser(t, { role: 'provider', prefix: 'video' });
    await t.database.db.insert(tenantMemberships).values({ tenantId: clinic.tenantId, userId: colleague.userId, role: 'provider', status: 'active', joinedAt: new Date() });
    const [videoProfile] = await t.database.db
      .insert(providerProfiles)
      .values({ userId: colleague.userId, tenantId: clinic.tenantId, specialtySlug: 'family-medicine', verificationStatus: 'verified', regionCode: 'AU', displayName: 'Dr Video', offersTelehealth: true, offersInPerson: false, minimumNoticeMinutes: 0 })
      .returning({ id: providerProfiles.id });
    const [room] = await t.database.db
      .insert(providerLocations)
      .values({ tenantId: clinic.tenantId, providerId: videoProfile!.id, name: 'Video room', kind: 'virtual', country: 'AU', timeZone: 'Australia/Sydney', weeklyHours: ALL_DAY })
      .returning({ id: providerLocations.id });
    const [video] = await t.database.db
      .insert(providerServices)
      .values({ tenantId: clinic.tenantId, providerId: videoProfile!.id, name: 'Video consultation', mode: 'telehealth', durationMinutes: 30, priceMinor: 9000, currency: 'AUD' })
      .returning({ id: providerServices.id });
    const videoVisit = await book(patient, { profileId: videoProfile!.id, serviceId: video!.id, locationId: room!.id }, hoursAhead(5));
    expect(videoVisit.statusCode, videoVisit.body).toBe(201);
    const videoId = videoVisit.json<Appointment>().id;
    expect((await mine(patient)).find((a) => a.id === videoId)).toMatchObject({ contact: { phone: contact.contactPhone, email: contact.contactEmail }, conversationId: null });
    expect(videoVisit.json<Appointment>()).toMatchObject({ contact: { phone: contact.contactPhone, email: contact.contactEmail } });

    // With no contact anywhere in the organisation: none, and once the patient has written to the
    // provider, the conversation is the way to reach them.
    expect((await call('PUT', `/api/v1/practice/locations/${clinic.locationId}`, clinic.provider, locationInput({ contactPhone: '', contactEmail: '' }))).statusCode).toBe(200);
    expect((await mine(patient)).find((a) => a.id === videoId)).toMatchObject({ contact: null, conversationId: null });
    const started = await call('POST', '/api/v1/conversations', patient, { appointmentId: videoId, body: 'Running late, sorry.' });
    expect(started.statusCode, started.body).toBe(201);
    const conversationId = started.json<{ id: string }>().id;
    expect((await mine(patient)).find((a) => a.id === videoId)).toMatchObject({ contact: null, conversationId });
    // A later booking with the same provider answers with that conversation and no contact.
    const again = await book(patient, { profileId: videoProfile!.id, serviceId: video!.id, locationId: room!.id }, hoursAhead(30));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<Appointment>()).toMatchObject({ contact: null, conversationId });
    // Another patient sees neither this appointment nor its conversation.
    const stranger = await createSignedInUser(t, { role: 'patient', prefix: 'stranger' });
    expect((await mine(stranger)).map((a) => a.id)).not.toContain(videoId);
  });

  it('looks the contact up in its order: the location, then the provider’s other locations, then the organisation’s practices first (practice_contact, migration 0033)', async () => {
    const clinic = await createPractice(t);
    const contactOf = async (locationId: string, providerId = clinic.profileId) => {
      const [row] = await queryRows<{ c: { phone: string | null; email: string | null } | null }>(
        t.database.db,
        sql`select practice_contact(${clinic.tenantId}::uuid, ${providerId}::uuid, ${locationId}::uuid) as c`,
      );
      return row!.c;
    };
    const addLocation = (providerId: string, values: Partial<typeof providerLocations.$inferInsert>) =>
      t.database.db
        .insert(providerLocations)
        .values({ tenantId: clinic.tenantId, providerId, name: `Room ${randomUUID().slice(0, 4)}`, kind: 'virtual', country: 'AU', timeZone: 'Australia/Sydney', weeklyHours: ALL_DAY, ...values })
        .returning({ id: providerLocations.id })
        .then((rows) => rows[0]!.id);
    const colleague = await createSignedInUser(t, { role: 'provider', prefix: 'order' });
    const [other] = await t.database.db
      .insert(providerProfiles)
      .values({ userId: colleague.userId, tenantId: clinic.tenantId, specialtySlug: 'family-medicine', verificationStatus: 'verified', regionCode: 'AU', displayName: 'Dr Order' })
      .returning({ id: providerProfiles.id });
    expect(await contactOf(clinic.locationId)).toBeNull();
    // The organisation's: a practice before a virtual room, then by sort order; an archived one never.
    await addLocation(other!.id, { contactPhone: '+61 2 5550 0001', sortOrder: 0 });
    await addLocation(other!.id, { kind: 'practice', city: 'Sydney', latitude: -33.87, longitude: 151.21, contactPhone: '+61 2 5550 0002', sortOrder: 5 });
    await addLocation(other!.id, { kind: 'practice', city: 'Sydney', latitude: -33.87, longitude: 151.21, contactPhone: '+61 2 5550 0003', sortOrder: 1, archivedAt: new Date() });
    expect(await contactOf(clinic.locationId)).toEqual({ phone: '+61 2 5550 0002', email: null });
    // The provider's own other location comes before the organisation's.
    await addLocation(clinic.profileId, { contactEmail: 'own@clinic.example', sortOrder: 9 });
    expect(await contactOf(clinic.locationId)).toEqual({ phone: null, email: 'own@clinic.example' });
    // The location's own comes first, even once it is archived (an appointment keeps its place).
    await t.database.db.update(providerLocations).set({ contactPhone: '+61 2 5550 0004', archivedAt: new Date() }).where(eq(providerLocations.id, clinic.locationId));
    expect(await contactOf(clinic.locationId)).toEqual({ phone: '+61 2 5550 0004', email: null });
    // Another organisation's location is never taken for this one's.
    const elsewhere = await createPractice(t);
    await t.database.db.update(providerLocations).set({ contactPhone: '+61 2 5550 0005' }).where(eq(providerLocations.id, elsewhere.locationId));
    expect(await contactOf(elsewhere.locationId)).toEqual({ phone: null, email: 'own@clinic.example' });
  });
});

describe("another organisation's provider", () => {
  it('gets 404 for this provider’s service and location ids, exactly like missing ones, and their lists hold only their own', async () => {
    const missing = randomUUID();
    const attempts: [Method, (id: string) => string, unknown][] = [
      ['PUT', (id) => `/api/v1/practice/services/${id}`, serviceInput()],
      ['DELETE', (id) => `/api/v1/practice/services/${id}`, undefined],
      ['PUT', (id) => `/api/v1/practice/locations/${id}`, locationInput()],
      ['DELETE', (id) => `/api/v1/practice/locations/${id}`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const target = url(url('x').includes('services') ? practice.serviceId : practice.locationId);
      const theirs = await call(method, target, rival.provider, payload);
      const none = await call(method, url(missing), rival.provider, payload);
      expect(theirs.statusCode, `${method} ${target}`).toBe(404);
      expect(theirs.json<{ code: string }>().code).toBe(none.json<{ code: string }>().code);
    }
    for (const url of ['/api/v1/practice/services', '/api/v1/practice/locations', '/api/v1/practice/profile']) {
      const res = await call('GET', url, rival.provider);
      expect(res.statusCode).toBe(200);
      for (const secret of [practice.serviceId, practice.locationId, practice.profileId]) expect(res.body, url).not.toContain(secret);
    }
    // Nothing of this practice changed.
    const [service] = (await call('GET', '/api/v1/practice/services', practice.provider)).json<PracticeServiceList>().services;
    expect(service).toMatchObject({ id: practice.serviceId, name: 'Consultation' });
    expect((await call('GET', '/api/v1/practice/locations', practice.provider)).json<ManagedLocationList>().locations.map((l) => l.id)).toContain(practice.locationId);
  });

  it('cannot reach this provider’s location through the writes themselves: each names the location’s provider, even without row-level security', async () => {
    // The server's own role (no row-level security), as a caller that skipped findLocation would be.
    const db = t.database.db;
    const before = await db.select().from(providerLocations).where(eq(providerLocations.id, practice.locationId));
    expect(await updateLocation(db, practice.locationId, rival.profileId, { name: 'Taken over' })).toBe(false);
    expect(await archiveLocation(db, practice.locationId, rival.profileId, new Date())).toBe(false);
    expect(await deleteLocation(db, practice.locationId, rival.profileId)).toBe(false);
    expect(await db.select().from(providerLocations).where(eq(providerLocations.id, practice.locationId))).toEqual(before);
    // Its own provider's write does reach it.
    expect(await updateLocation(db, practice.locationId, practice.profileId, { name: before[0]!.name })).toBe(true);
  });
});
