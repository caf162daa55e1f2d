import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECIALTY_SLUGS } from '../../../shared/specialties.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function counts(): Promise<Record<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/specialties' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  const body = res.json<{ specialties: { slug: string; providerCount: number }[] }>();
  expect(body.specialties.map((s) => s.slug)).toEqual([...SPECIALTY_SLUGS]);
  return Object.fromEntries(body.specialties.map((s) => [s.slug, s.providerCount]));
}

async function addProvider(specialty: string, status: 'pending' | 'verified' | 'rejected'): Promise<void> {
  const email = `p.${specialty}.${status}.${Math.random().toString(36).slice(2)}@example.org`;
  await t.database.db.execute(sql`
    with u as (insert into users (name, email, role, professional_status) values ('Dr Test', ${email}, 'provider', 'verified') returning id)
    insert into provider_profiles (user_id, specialty_slug, verification_status) select id, ${specialty}, ${status} from u`);
}

describe('GET /api/v1/specialties', () => {
  // On PostgreSQL the API tier shares one database, so other files (the demo seed) may have added
  // providers already: the checks are on what this test adds.
  it('lists every specialty in order (the spec’s eight, then allied health) and counts only verified providers, per specialty', async () => {
    const before = await counts();
    await addProvider('neurology', 'verified');
    await addProvider('neurology', 'verified');
    await addProvider('neurology', 'pending');
    await addProvider('dentistry', 'rejected');
    await addProvider('dermatology', 'verified');
    await addProvider('speech-pathology', 'verified');
    await addProvider('physiotherapy', 'pending');
    const after = await counts();
    expect(after.neurology).toBe((before.neurology ?? 0) + 2);
    expect(after.dentistry).toBe(before.dentistry);
    expect(after.dermatology).toBe((before.dermatology ?? 0) + 1);
    expect(after.cardiology).toBe(before.cardiology);
    expect(after['speech-pathology']).toBe((before['speech-pathology'] ?? 0) + 1);
    expect(after.physiotherapy).toBe(before.physiotherapy);
  });
});
