import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_APPOINTMENT_STATUSES } from '../../../shared/appointments.js';
import { DEMO_EMAIL_DOMAIN, DEMO_USER_IDS } from '../../../shared/demo-accounts.js';
import { ALLIED_HEALTH_SPECIALTY_SLUGS } from '../../../shared/specialties.js';
import type { StoredWeeklyRange } from '../../db/schema/booking.js';
import { availableSlots } from '../../features/booking/slots.js';
import type { TelehealthDay } from '../../../shared/contracts/telehealth.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { cookieHeader } from '../../testing/auth-helpers.js';
import { queryRows, type Queryable } from '../db/database.js';
import { REVIEWER_EMAIL_PREFIX, seedDemoHistory } from './demo-directory.js';
import { DEMO_ALLIED_HEALTH_COUNTS, DEMO_DIRECTORY_COUNTS, seedDemoDataOnce } from './demo-seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo directory', () => {
  it('gives the home page the spec’s specialty counts, adds the allied-health providers, through the public API, and seeds only once', async () => {
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
      // Allied health, after the spec's 341.
      physiotherapy: 5,
      'occupational-therapy': 4,
      'speech-pathology': 4,
      psychology: 5,
      psychiatry: 4,
      dietetics: 4,
      podiatry: 3,
      'exercise-physiology': 3,
      audiology: 3,
    });
    expect(counts).toEqual({ ...DEMO_DIRECTORY_COUNTS, ...DEMO_ALLIED_HEALTH_COUNTS });
    expect(Object.values(DEMO_DIRECTORY_COUNTS).reduce((a, b) => a + b, 0)).toBe(341);
    expect(Object.values(DEMO_ALLIED_HEALTH_COUNTS).reduce((a, b) => a + b, 0)).toBe(35);
    // Allied health is mostly Australian (the NDIS), partly NDIS-registered, by video and in person.
    const [allied] = await queryRows<{ au: number | string; ndis: number | string; video_only: number | string; in_person: number | string }>(
      t.database.db,
      sql`select count(*) filter (where p.region_code = 'AU') as au, count(*) filter (where p.ndis_registered) as ndis,
            count(*) filter (where not p.offers_in_person) as video_only, count(*) filter (where p.offers_in_person) as in_person
          from provider_profiles p join users u on u.id = p.user_id
          where p.verification_status = 'verified' and u.email like ${`%@${DEMO_EMAIL_DOMAIN}`} and p.specialty_slug in (${sql.join(ALLIED_HEALTH_SPECIALTY_SLUGS.map((s) => sql`${s}`), sql`, `)})`,
    );
    expect(Number(allied?.au)).toBe(20);
    expect(Number(allied?.ndis)).toBe(16);
    expect(Number(allied?.video_only)).toBeGreaterThan(0);
    expect(Number(allied?.in_person)).toBeGreaterThan(Number(allied?.video_only));
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
    // A video visit for the demo patient, and the provider's conversations, each read by both people.
    const [video] = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from appointments where patient_id = '00000000-0000-4000-a000-000000000001' and mode = 'telehealth' and status in ('booked', 'confirmed') and starts_at > now()`,
    );
    expect(Number(video!.n)).toBe(1);
    const inbox = await queryRows<{ messages: number | string; unread: number | string; linked: boolean }>(
      t.database.db,
      sql`select (select count(*) from messages m where m.conversation_id = c.id) as messages,
          (select count(*) from messages m join conversation_participants p on p.conversation_id = m.conversation_id
            where m.conversation_id = c.id and m.sender_id <> p.user_id and m.created_at > coalesce(p.last_read_at, '-infinity')) as unread,
          exists (select 1 from appointments a join provider_profiles pp on pp.id = a.provider_id
            where a.patient_id = c.patient_id and pp.user_id = c.carer_id and a.tenant_id = c.tenant_id) as linked
        from conversations c where c.carer_id = ${DEMO_USER_IDS.provider}::uuid`,
    );
    expect(inbox).toHaveLength(3);
    for (const c of inbox) {
      expect(Number(c.messages)).toBeGreaterThanOrEqual(2);
      expect(Number(c.unread)).toBe(0);
      expect(c.linked).toBe(true);
    }
    // The public API counts at least these (other tests may add providers of their own).
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/specialties' });
    for (const s of res.json<{ specialties: { slug: string; providerCount: number }[] }>().specialties) {
      expect(s.providerCount, s.slug).toBeGreaterThanOrEqual(DEMO_DIRECTORY_COUNTS[s.slug] ?? DEMO_ALLIED_HEALTH_COUNTS[s.slug] ?? 0);
    }
  });
});

type SeededVisit = {
  id: string;
  status: string;
  starts_at: Date | string;
  provider: string;
  time_zone: string;
  weekly_hours: StoredWeeklyRange[];
  breaks: StoredWeeklyRange[];
  slot_interval_minutes: number;
  duration_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
};

/**
 * The demo history's active visits (booked, confirmed, checked in, completed) that the provider's
 * own hours would not offer: the slot rules (slots.ts) asked whether each start is a time of that
 * day's hours, outside its breaks and on its grid, with no notice, horizon or other booking in the way.
 */
async function visitsOutsideHours(db: Queryable, statuses: readonly string[] = ACTIVE_APPOINTMENT_STATUSES): Promise<string[]> {
  const visits = await queryRows<SeededVisit>(
    db,
    sql`select a.id, a.status, a.starts_at, p.display_name as provider, l.time_zone, l.weekly_hours, l.breaks, p.slot_interval_minutes,
          s.duration_minutes, s.buffer_before_minutes, s.buffer_after_minutes
        from appointments a
        join provider_locations l on l.id = a.location_id
        join provider_services s on s.id = a.service_id
        join provider_profiles p on p.id = a.provider_id
        where a.status in (${sql.join(statuses.map((st) => sql`${st}`), sql`, `)})
          and a.patient_id in (select id from users where email like ${`%@${DEMO_EMAIL_DOMAIN}`})`,
  );
  expect(visits.length).toBeGreaterThan(0);
  return visits.flatMap((v) => {
    const start = new Date(v.starts_at);
    const slots = availableSlots({
      rules: { timeZone: v.time_zone, weekly: v.weekly_hours, breaks: v.breaks, overrides: [], slotIntervalMinutes: v.slot_interval_minutes, minimumNoticeMinutes: 0, horizonDays: 365 },
      service: { durationMinutes: v.duration_minutes, bufferBeforeMinutes: v.buffer_before_minutes, bufferAfterMinutes: v.buffer_after_minutes },
      busy: [],
      from: start,
      to: new Date(start.getTime() + (v.duration_minutes + 1) * 60_000),
      now: new Date(start.getTime() - 60_000),
    });
    if (slots.some((slot) => slot.start.getTime() === start.getTime())) return [];
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: v.time_zone, weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(start);
    return [`${v.provider}: ${v.status} visit ${v.id} on ${local} (${v.time_zone})`];
  });
}

class RolledBack extends Error {}

describe('demo history', () => {
  it('shows the demo practice’s video visits to its manager as the provider’s, which only the provider starts', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    const dayOf = async (role: 'provider' | 'practice_manager') => {
      const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/demo/sign-in', payload: { role } });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/practice/telehealth?timeZone=Australia%2FSydney&date=${today}`, headers: { cookie: cookieHeader(signIn) } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TelehealthDay>().visits;
    };
    const providers = await dayOf('provider');
    expect(providers.length).toBeGreaterThan(0);
    expect(providers.every((v) => v.mine)).toBe(true);
    const managers = await dayOf('practice_manager');
    expect(managers.map((v) => v.appointmentId).sort()).toEqual(providers.map((v) => v.appointmentId).sort());
    expect(managers.some((v) => v.mine)).toBe(false);
  });

  it('puts every active visit inside its provider’s weekly hours, whatever the day the demo is seeded', async () => {
    expect(['seeded', 'already-seeded']).toContain(await seedDemoDataOnce(t.database.db));
    expect(await visitsOutsideHours(t.database.db)).toEqual([]);
    // Seeded on each day of a week (a Friday among them): the history is made again in a
    // transaction that is rolled back, so the data of other tests stays as it was.
    const monday = new Date('2026-11-30T09:00:00Z');
    for (let day = 0; day < 7; day++) {
      const now = new Date(monday.getTime() + day * 86_400_000);
      const outside = await t.database.db
        .transaction(async (tx) => {
          const demoPatients = sql`(select id from users where email like ${`%@${DEMO_EMAIL_DOMAIN}`})`;
          await tx.execute(sql`delete from appointment_ratings where patient_id in ${demoPatients}`);
          await tx.execute(sql`delete from appointments where patient_id in ${demoPatients}`);
          await seedDemoHistory(tx, now);
          const found = await visitsOutsideHours(tx);
          throw new RolledBack(JSON.stringify(found));
        })
        .catch((error: unknown) => {
          if (error instanceof RolledBack) return JSON.parse(error.message) as string[];
          throw error;
        });
      expect(outside, `seeded on ${now.toISOString()}`).toEqual([]);
    }
  });

  it('rates most of the directory from reviewers’ completed visits inside each provider’s hours, and gives practices real postcodes', async () => {
    expect(['seeded', 'already-seeded']).toContain(await seedDemoDataOnce(t.database.db));
    const [figures] = await queryRows<{ providers: number; rated: number; ratings: number; average: number; low: number }>(
      t.database.db,
      sql`select count(*)::int as providers, count(*) filter (where p.rating_count > 0)::int as rated, sum(p.rating_count)::int as ratings,
            (sum(p.rating_sum)::float8 / nullif(sum(p.rating_count), 0)) as average,
            count(*) filter (where p.rating_count > 0 and p.rating_sum::float8 / p.rating_count < 4)::int as low
          from provider_profiles p join users u on u.id = p.user_id
          where p.verification_status = 'verified' and u.email like ${`%@${DEMO_EMAIL_DOMAIN}`} and p.user_id <> ${DEMO_USER_IDS.provider}`,
    );
    expect(figures!.rated / figures!.providers).toBeGreaterThan(0.8);
    expect(figures!.rated).toBeLessThan(figures!.providers);
    expect(figures!.ratings).toBeGreaterThan(1000);
    expect(figures!.average).toBeGreaterThan(4);
    expect(figures!.average).toBeLessThan(4.7);
    expect(figures!.low).toBeGreaterThan(0);
    // Each rating is a reviewer's completed visit of that provider in the provider's organisation,
    // and the profile's figures are the sum of its ratings.
    const strays = await queryRows<{ id: string }>(
      t.database.db,
      sql`select r.appointment_id as id from appointment_ratings r join appointments a on a.id = r.appointment_id join users u on u.id = r.patient_id
          where u.email like ${`${REVIEWER_EMAIL_PREFIX}%`}
            and (a.status <> 'completed' or a.provider_id <> r.provider_id or a.patient_id <> r.patient_id or a.tenant_id <> r.tenant_id or a.starts_at > now())`,
    );
    expect(strays).toEqual([]);
    // (The demo's providers only: on PostgreSQL the API files share one database, and another
    // file's test sets a profile's figures directly to rank by rating.)
    const mismatched = await queryRows<{ id: string }>(
      t.database.db,
      sql`select p.id from provider_profiles p join users u on u.id = p.user_id
            left join (select provider_id, count(*)::int as n, sum(score)::int as total from appointment_ratings group by 1) r on r.provider_id = p.id
          where u.email like ${`%@${DEMO_EMAIL_DOMAIN}`} and (p.rating_count <> coalesce(r.n, 0) or p.rating_sum <> coalesce(r.total, 0))`,
    );
    expect(mismatched).toEqual([]);
    // No reviewer is in two places at once.
    const [twice] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from appointments a join appointments b on a.patient_id = b.patient_id and a.id < b.id and a.starts_at < b.ends_at and b.starts_at < a.ends_at
          join users u on u.id = a.patient_id where u.email like ${`${REVIEWER_EMAIL_PREFIX}%`}`,
    );
    expect(twice!.n).toBe(0);
    expect(await visitsOutsideHours(t.database.db, ['completed'])).toEqual([]);
    // A Sydney practice's postcode is Sydney's.
    const sydney = await queryRows<{ postal_code: string | null }>(
      t.database.db,
      sql`select distinct l.postal_code from provider_locations l join provider_profiles p on p.id = l.provider_id join users u on u.id = p.user_id
          where l.kind = 'practice' and l.city = 'Sydney' and u.email like ${`%@${DEMO_EMAIL_DOMAIN}`} and p.user_id <> ${DEMO_USER_IDS.provider}`,
    );
    expect(sydney.map((r) => r.postal_code)).toEqual(['2000']);
  });
});
