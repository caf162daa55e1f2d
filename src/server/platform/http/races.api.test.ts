// The same change sent eight times at once, as a double-clicking person or a retrying client
// does: every answer is below 500, the change happens once, and the others are refused with a
// stable code (or answered with what the first one made). On PostgreSQL the eight run on separate
// connections, so the database's own constraints decide the races; on PGlite they run one after
// another and the same rules answer.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../../shared/contracts/appointments.js';
import { queryRows } from '../db/database.js';
import { startTestApp, uniqueSlug, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser, firstLink, latestMail } from '../../testing/auth-helpers.js';
import { createPractice, hoursAhead, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';

let t: TestApp;
let practice: Practice;

beforeAll(async () => {
  t = await startTestApp();
  practice = await createPractice(t);
});
afterAll(async () => {
  await t?.close();
});

const TIMES = 8;

function call(who: SignedIn | null, method: 'POST' | 'PUT', url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) }, payload: payload as Record<string, unknown> });
}

/** Sends one request TIMES times at once; every answer must be below 500. */
async function atOnce(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse[]> {
  const answers = await Promise.all(Array.from({ length: TIMES }, send));
  for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
  return answers;
}

const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode).sort();
const codes = (answers: LightMyRequestResponse[]) => [...new Set(answers.filter((a) => a.statusCode >= 400).map((a) => a.json<{ code: string }>().code))];

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, query);
  return Number(row!.n);
}

async function bookFor(who: SignedIn, hours: number): Promise<string> {
  const res = await call(
    who,
    'POST',
    '/api/v1/appointments',
    { providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, startsAt: hoursAhead(hours).toISOString(), reason: 'Check-up' },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Appointment>().id;
}

describe('one change sent eight times at once', () => {
  it('creates one organisation for one address; the others hear it is taken', async () => {
    const person = await createSignedInUser(t, { role: 'provider', prefix: 'race-org' });
    const slug = uniqueSlug('race');
    const answers = await atOnce(() => call(person, 'POST', '/api/v1/tenants', { name: 'Race Clinic', slug }));
    expect(statuses(answers).filter((s) => s === 201)).toHaveLength(1);
    expect(codes(answers)).toEqual([expect.stringMatching(/^tenant\./)]);
    expect(await count(sql`select count(*)::int as n from tenants where slug = ${slug}`)).toBe(1);
  });

  it('starts one conversation about an appointment, with every message in it', async () => {
    const patient = await createSignedInUser(t, { prefix: 'race-chat' });
    const appointmentId = await bookFor(patient, 100);
    let n = 0;
    const answers = await atOnce(() => call(patient, 'POST', '/api/v1/conversations', { appointmentId, body: `Hello ${++n}` }));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true);
    expect(new Set(answers.map((a) => a.json<{ id: string }>().id)).size).toBe(1);
    // One conversation per patient and carer in an organisation (conversations_pair).
    expect(await count(sql`select count(*)::int as n from conversations where patient_id = ${patient.userId}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id where c.patient_id = ${patient.userId}`)).toBe(TIMES);
  });

  it('takes one rating of a completed appointment', async () => {
    const patient = await createSignedInUser(t, { prefix: 'race-rate' });
    const appointmentId = await bookFor(patient, 104);
    await queryRows(t.database.db, sql`update appointments set status = 'completed', completed_at = now() where id = ${appointmentId}`);
    const answers = await atOnce(() => call(patient, 'POST', `/api/v1/appointments/${appointmentId}/rating`, { score: 5 }));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    expect(codes(answers)).toEqual([expect.stringMatching(/^rating\./)]);
    expect(await count(sql`select count(*)::int as n from appointment_ratings where appointment_id = ${appointmentId}`)).toBe(1);
  });

  it('cancels an appointment once', async () => {
    const patient = await createSignedInUser(t, { prefix: 'race-cancel' });
    const appointmentId = await bookFor(patient, 108);
    const answers = await atOnce(() => call(patient, 'POST', `/api/v1/appointments/${appointmentId}/cancel`, {}));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    // Changed meanwhile (lost the race) or no longer cancellable (came after it).
    expect(codes(answers).every((code) => ['appointment.changed', 'appointment.invalid-transition'].includes(code))).toBe(true);
    expect(await count(sql`select count(*)::int as n from appointment_emails where appointment_id = ${appointmentId} and kind = 'cancelled'`)).toBe(1);
  });

  it('invites one address once, and lets the invitation be accepted once', async () => {
    const owner = await createSignedInUser(t, { role: 'provider', prefix: 'race-owner' });
    expect((await call(owner, 'POST', '/api/v1/tenants', { name: 'Race Practice', slug: uniqueSlug('race-inv') })).statusCode).toBe(201);
    const invitee = await createSignedInUser(t, { prefix: 'race-invitee' });
    const invited = await atOnce(() => call(owner, 'POST', '/api/v1/tenant/invitations', { email: invitee.email, role: 'member' }));
    expect(statuses(invited).filter((s) => s === 201)).toHaveLength(1);
    expect(codes(invited)).toEqual(['tenant.invitation-pending']);
    const mail = await latestMail(t, invitee.email.toLowerCase(), 'invited to join');
    const token = new URL(firstLink(mail!.textBody)).searchParams.get('token');
    const accepted = await atOnce(() => call(invitee, 'POST', '/api/v1/invitations/accept', { token }));
    expect(statuses(accepted).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::int as n from tenant_memberships where user_id = ${invitee.userId}`)).toBe(1);
  });

  it('creates one directory profile for a provider', async () => {
    const provider = await createSignedInUser(t, { role: 'provider', prefix: 'race-profile' });
    expect((await call(provider, 'POST', '/api/v1/tenants', { name: 'Race Rooms', slug: uniqueSlug('race-pro') })).statusCode).toBe(201);
    const input = {
      displayName: 'Dr Race',
      title: 'MBBS',
      bio: 'Listens first.',
      specialty: 'family-medicine',
      otherSpecialties: [],
      languages: ['en'],
      conditions: [],
      qualifications: ['MBBS'],
      registrationNumber: 'MED0009999',
      offersTelehealth: true,
      offersInPerson: false,
      acceptingNewPatients: true,
      ndisRegistered: false,
    };
    const answers = await atOnce(() => call(provider, 'POST', '/api/v1/practice/profile', input));
    expect(statuses(answers).filter((s) => s === 201)).toHaveLength(1);
    expect(codes(answers)).toEqual([expect.stringMatching(/^profile\.|^practice\./)]);
    expect(await count(sql`select count(*)::int as n from provider_profiles where user_id = ${provider.userId}`)).toBe(1);
  });

  it('subscribes one address to the newsletter once', async () => {
    const email = `race.${randomUUID().slice(0, 8)}@example.test`;
    await atOnce(() => call(null, 'POST', '/api/v1/newsletter/subscriptions', { email, language: 'en' }));
    expect(await count(sql`select count(*)::int as n from newsletter_subscriptions where email = ${email}`)).toBe(1);
  });

  it('sets one day off for a practice, whichever write lands last', async () => {
    const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await atOnce(() => call(practice.provider, 'PUT', `/api/v1/practice/locations/${practice.locationId}/overrides/${date}`, { hours: [], note: 'Closed' }));
    expect(await count(sql`select count(*)::int as n from availability_overrides where location_id = ${practice.locationId} and date = ${date}`)).toBe(1);
  });
});
