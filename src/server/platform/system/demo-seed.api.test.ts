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
    // Every directory provider belongs to an organisation and has a practice or video room, services and hours.
    const [gaps] = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from provider_profiles p join users u on u.id = p.user_id
          where u.email like ${`%@${DEMO_EMAIL_DOMAIN}`}
            and (p.tenant_id is null or p.display_name = '' or p.search_document = ''
              or not exists (select 1 from provider_locations l where l.provider_id = p.id and jsonb_array_length(l.weekly_hours) > 0)
              or not exists (select 1 from provider_services s where s.provider_id = p.id))`,
    );
    expect(Number(gaps?.n)).toBe(0);
    const [pending] = await queryRows<{ n: number | string }>(t.database.db, sql`select count(*) as n from provider_profiles where verification_status = 'pending' and user_id in (select id from users where email like ${`pending-provider-%@${DEMO_EMAIL_DOMAIN}`})`);
    expect(Number(pending?.n)).toBe(3);
    // The demo patient has a history: past visits (one rated) and upcoming ones.
    const history = await queryRows<{ status: string; n: number | string }>(
      t.database.db,
      sql`select status, count(*) as n from appointments where patient_id = '00000000-0000-4000-a000-000000000001' group by status`,
    );
    const byStatus = Object.fromEntries(history.map((h) => [h.status, Number(h.n)]));
    expect(byStatus.completed).toBeGreaterThanOrEqual(2);
    expect((byStatus.booked ?? 0) + (byStatus.confirmed ?? 0)).toBeGreaterThanOrEqual(2);
    expect(byStatus.cancelled).toBe(1);
    // The public API counts at least these (other tests may add providers of their own).
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/specialties' });
    for (const s of res.json<{ specialties: { slug: string; providerCount: number }[] }>().specialties) {
      expect(s.providerCount, s.slug).toBeGreaterThanOrEqual(DEMO_DIRECTORY_COUNTS[s.slug] ?? 0);
    }
  });
});
