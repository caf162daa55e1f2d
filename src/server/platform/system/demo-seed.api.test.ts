import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database.js';
import { DEMO_EMAIL_DOMAIN } from '../../../shared/demo-accounts.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { DEMO_DIRECTORY_COUNTS, seedDemoDataOnce } from './demo-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo directory', () => {
  it('gives the home page the spec’s specialty counts, through the public API, and seeds only once', async () => {
    // On PostgreSQL the API tier shares one database another file may have seeded already.
    expect(['seeded', 'already-seeded']).toContain(await seedDemoDataOnce(t.database.db));
    expect(await seedDemoDataOnce(t.database.db)).toBe('already-seeded');
    const rows = await queryRows<{ slug: string; n: string | number }>(
      t.database.db,
      sql`select p.specialty_slug as slug, count(*) as n from provider_profiles p join users u on u.id = p.user_id
          where p.verification_status = 'verified' and u.email like ${`%@${DEMO_EMAIL_DOMAIN}`} group by 1`,
    );
    const counts = Object.fromEntries(rows.map((r) => [r.slug, Number(r.n)]));
    expect(counts).toEqual({
      cardiology: 42,
      neurology: 38,
      'family-medicine': 67,
      pediatrics: 51,
      orthopedics: 33,
      ophthalmology: 29,
      dentistry: 45,
      dermatology: 36,
    });
    expect(counts).toEqual(DEMO_DIRECTORY_COUNTS);
    // The public API counts at least these (other tests may add providers of their own).
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/specialties' });
    for (const s of res.json<{ specialties: { slug: string; providerCount: number }[] }>().specialties) {
      expect(s.providerCount, s.slug).toBeGreaterThanOrEqual(DEMO_DIRECTORY_COUNTS[s.slug] ?? 0);
    }
  });
});
