// Booking rows of `npm run bench` (issue 5): no double booking under 200 concurrent requests (one
// time, and partly overlapping times), availability and search latency, and bookings per second
// against a bare single-row insert route. On PostgreSQL: a fresh database on BENCH_DATABASE_URL's
// server (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { seededSession } from './accounts.mjs';

const SEARCH_PROVIDERS = 10_000;
const LATENCY_SAMPLES = 300;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Latency of `count` requests one after another (after a warm-up), in ms. */
async function sequentialLatency(urls, count = LATENCY_SAMPLES, headers = {}) {
  for (let i = 0; i < 20; i++) await fetch(urls[i % urls.length], { headers }).then((r) => r.arrayBuffer());
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(urls[i % urls.length], { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${urls[i % urls.length]} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
}

export async function createBenchDatabase() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `tendwell_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function book(base, cookie, body) {
  return fetch(`${base}/api/v1/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) }));
}

/** Adds bench providers straight into the database: verified, open all day, one service each. */
export async function seedProviders(db, count) {
  const { rows } = await db.query(`select id from tenants where slug = 'harbourview-allied-health'`);
  const tenantId = rows[0].id;
  await db.query(
    `with u as (
       insert into users (name, email, email_verified, role, professional_status)
       select 'Dr Bench ' || g, 'bench-provider-' || g || '@example.test', true, 'provider', 'verified' from generate_series(1, $1) g
       returning id, name),
     p as (
       insert into provider_profiles (user_id, tenant_id, specialty_slug, verification_status, region_code, display_name, title, bio, languages, conditions,
         offers_telehealth, offers_in_person, latitude, longitude, minimum_notice_minutes, search_document, next_available_at, next_available_stale, rating_count, rating_sum)
       select u.id, $2, (array['cardiology','neurology','family-medicine','pediatrics','orthopedics','ophthalmology','dentistry','dermatology'])[1 + (row_number() over () % 8)],
         'verified', 'AU', u.name, 'MBBS', 'A bench provider who treats many conditions.', array['en'], array['back pain', 'asthma'],
         true, true, -33.87 + random() - 0.5, 151.21 + random() - 0.5, 0,
         lower(u.name) || ' ' || (array['cardiology cardiologist heart high blood pressure','neurology neurologist brain migraine epilepsy','family medicine general practitioner gp asthma diabetes','pediatrics paediatrician children allergies','orthopedics bones joints back pain knee pain','ophthalmology eyes cataracts glaucoma','dentistry dentist teeth fillings','dermatology skin eczema acne'])[1 + (row_number() over () % 8)] || ' ' || (array['sydney','melbourne','brisbane','perth','parramatta'])[1 + (row_number() over () % 5)], now() + random() * interval '20 days', false, 0, 0
       from u returning id, latitude, longitude)
     insert into provider_locations (tenant_id, provider_id, name, kind, city, country, latitude, longitude, time_zone, weekly_hours)
     select $2, p.id, 'Bench practice', 'practice', 'Sydney', 'AU', p.latitude, p.longitude, 'Australia/Sydney',
       '[{"weekday":0,"start":"00:00","end":"24:00"},{"weekday":1,"start":"00:00","end":"24:00"},{"weekday":2,"start":"00:00","end":"24:00"},{"weekday":3,"start":"00:00","end":"24:00"},{"weekday":4,"start":"00:00","end":"24:00"},{"weekday":5,"start":"00:00","end":"24:00"},{"weekday":6,"start":"00:00","end":"24:00"}]'::jsonb
     from p`,
    [count, tenantId],
  );
  await db.query(`update provider_profiles set rating_count = n, rating_sum = n * 4 from (select id as pid, (random() * 20)::int as n from provider_profiles where display_name like 'Dr Bench %') r where id = r.pid`);
  await db.query(
    `insert into provider_services (tenant_id, provider_id, name, mode, duration_minutes, price_minor, currency)
     select l.tenant_id, l.provider_id, 'Bench consultation', 'in_person', 30, 10000, 'AUD' from provider_locations l where l.name = 'Bench practice'`,
  );
  await db.query('analyze');
  const { rows: targets } = await db.query(
    `select p.id as provider_id, s.id as service_id, l.id as location_id from provider_profiles p
     join provider_services s on s.provider_id = p.id join provider_locations l on l.provider_id = p.id
     where p.display_name like 'Dr Bench %' order by p.id`,
  );
  return targets;
}

/**
 * The booking rows. `startServer(extraEnv)` and `startInsertBaseline(databaseUrl)` start processes
 * and resolve with their base URL; `account(base)` makes a signed-in person and resolves with
 * their cookie header.
 */
/** The outbox of appointment emails: how many wait to be sent, and how many have gone. */
async function queuedEmails(db) {
  const { rows } = await db.query(`select count(*) filter (where outcome is null)::int as pending, count(*) filter (where outcome = 'sent')::int as sent from appointment_emails`);
  return rows[0];
}

/** The eight typical directory searches of row 9, cycled through. */
export const SEARCH_QUERIES = ['query=heart', 'query=cardiolgist&near=Sydney', 'specialty=dermatology&sort=rating', 'query=back%20pain&availableWithinDays=7', 'near=Sydney&radiusKm=25&sort=distance', 'query=asthma&lang=en&page=3', 'sort=soonest', 'mode=in_person&acceptingNew=true'];

/** Patients of the load, with their sessions, straight into the database (see seededSession). */
async function seedPatients(db, secret, count) {
  const { rows } = await db.query(
    `insert into users (name, email, email_verified, role, professional_status)
     select 'Bench Patient ' || g, 'bench-patient-' || g || '@example.test', true, 'patient', 'not_applicable' from generate_series(1, $1::int) g returning id`,
    [count],
  );
  const patients = rows.map((r) => ({ userId: r.id, ...seededSession(secret) }));
  await db.query(
    `insert into sessions (token, user_id, expires_at, ip_address, user_agent)
     select t, u, now() + interval '1 day', '127.0.0.1', 'tendwell-bench' from unnest($1::text[], $2::uuid[]) as s(t, u)`,
    [patients.map((p) => p.token), patients.map((p) => p.userId)],
  );
  return patients;
}

/** Patients (and bench providers) of the bookings-per-second load: patient j books provider j's half hours in turn. */
const LOAD_PATIENTS = 500;

/**
 * The requests of the bookings-per-second load (row 10, and bench/profile-booking.mjs): each call
 * gives the next booking's body and its patient's cookie. Nobody is in two visits at once (409
 * booking.patient-busy), so each of LOAD_PATIENTS patients books one bench provider's consecutive
 * half hours: every request asks for a time free for both, and requests in a row go to different
 * patients and providers. `secret` is the server's AUTH_SECRET.
 */
export async function bookingRequests(db, secret, targets) {
  if (targets.length < LOAD_PATIENTS) throw new Error(`the booking load needs ${LOAD_PATIENTS} bench providers, not ${targets.length}`);
  const patients = await seedPatients(db, secret, LOAD_PATIENTS);
  let n = 0;
  const start0 = Date.parse(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00Z');
  return () => {
    const i = n++;
    const j = i % LOAD_PATIENTS;
    const t = targets[j];
    const startsAt = new Date(start0 + Math.floor(i / LOAD_PATIENTS) * 30 * 60_000).toISOString();
    return { body: JSON.stringify({ providerId: t.provider_id, serviceId: t.service_id, locationId: t.location_id, startsAt }), headers: { cookie: patients[j].cookie } };
  };
}

export async function bookingRows({ startServer, startInsertBaseline, account, log, round }) {
  const database = await createBenchDatabase();
  const db = new pg.Client({ connectionString: database.url });
  const stops = [];
  // Known to the bench, so that the load's patients can be given sessions with SQL.
  const secret = randomBytes(32).toString('base64url');
  try {
    const server = await startServer({ DATABASE_URL: database.url, DATABASE_POOL_MAX: '10', AUTH_SECRET: secret });
    stops.push(server.stop);
    const base = server.base;
    const cookie = await account(base);
    await db.connect();
    const demo = await (await fetch(`${base}/api/v1/providers?query=${encodeURIComponent('Demo Provider')}`)).json();
    const providerId = demo.providers[0].id;
    const detail = await (await fetch(`${base}/api/v1/providers/${providerId}`)).json();
    const service = detail.services.find((s) => s.mode === 'in_person');
    const location = detail.locations.find((l) => l.kind === 'practice');
    const slotsUrl = (days, from) =>
      `${base}/api/v1/providers/${providerId}/slots?serviceId=${service.id}&locationId=${location.id}&days=${days}${from ? `&from=${encodeURIComponent(from)}` : ''}`;
    const target = (startsAt) => ({ providerId, serviceId: service.id, locationId: location.id, startsAt });

    // 200 concurrent bookings of one time, then of partly overlapping times.
    const later = await (await fetch(slotsUrl(3, new Date(Date.now() + 30 * 86_400_000).toISOString()))).json();
    const one = later.slots[0].start;
    const results = await Promise.all(Array.from({ length: 200 }, () => book(base, cookie, target(one))));
    const count = (status) => results.filter((r) => r.status === status).length;
    const fiveHundreds = results.filter((r) => r.status >= 500).length;
    const day = later.slots.filter((s) => s.start.slice(0, 10) === later.slots[20].start.slice(0, 10)).slice(0, 16);
    const overlapping = await Promise.all(Array.from({ length: 200 }, (_, i) => book(base, cookie, target(day[i % day.length].start))));
    const overlapOk = overlapping.filter((r) => r.status === 201).length;
    const overlap5xx = overlapping.filter((r) => r.status >= 500).length;
    // The same race split across two server processes sharing the database (a scaled-out deployment).
    const second = await startServer({ DATABASE_URL: database.url, DATABASE_POOL_MAX: '10', AUTH_SECRET: secret });
    stops.push(second.stop);
    const further = await (await fetch(slotsUrl(3, new Date(Date.now() + 40 * 86_400_000).toISOString()))).json();
    const another = further.slots[0].start;
    const split = await Promise.all(Array.from({ length: 200 }, (_, i) => book(i % 2 ? base : second.base, cookie, target(another))));
    const splitBooked = split.filter((r) => r.status === 201).length;
    const splitRefused = split.filter((r) => r.status === 409).length;
    const split5xx = split.filter((r) => r.status >= 500).length;
    const { rows: pairs } = await db.query(
      `select count(*)::int as n from appointments a join appointments b on a.provider_id = b.provider_id and a.id < b.id
       and tstzrange(a.occupied_from, a.occupied_to) && tstzrange(b.occupied_from, b.occupied_to)
       where a.status in ('booked','confirmed','checked_in','completed') and b.status in ('booked','confirmed','checked_in','completed')`,
    );
    log(
      `  one time: ${count(201)} booked, ${count(409)} refused (409), ${fiveHundreds} 5xx; overlapping: ${overlapOk} booked, ${overlap5xx} 5xx; two processes: ${splitBooked} booked, ${splitRefused} refused, ${split5xx} 5xx; overlapping pairs in the table: ${pairs[0].n}`,
    );
    if (count(201) !== 1 || count(409) !== 199 || fiveHundreds > 0 || overlap5xx > 0 || splitBooked !== 1 || splitRefused !== 199 || split5xx > 0 || pairs[0].n !== 0) {
      throw new Error(
        `double-booking check failed: ${count(201)} × 201, ${count(409)} × 409, ${fiveHundreds} × 5xx, ${overlap5xx} overlapping 5xx, two processes ${splitBooked} × 201 and ${splitRefused} × 409 and ${split5xx} × 5xx, ${pairs[0].n} overlapping pairs`,
      );
    }
    // The second process is not needed for the latency and throughput rows.
    await second.stop();
    stops.splice(stops.indexOf(second.stop), 1);

    // Availability of 1 provider × 90 days, and /healthz as the baseline, one request at a time.
    const availability = await sequentialLatency([slotsUrl(90)]);
    const healthz = await sequentialLatency([`${base}/healthz`]);
    log(`  availability (90 days) p95 ${availability.p95.toFixed(1)} ms; /healthz p95 ${healthz.p95.toFixed(1)} ms`);

    // Search with 10,000 more providers.
    const targets = await seedProviders(db, SEARCH_PROVIDERS);
    const search = await sequentialLatency(SEARCH_QUERIES.map((q) => `${base}/api/v1/providers?${q}`));
    const { rows: total } = await db.query(`select count(*)::int as n from provider_profiles where verification_status = 'verified'`);
    log(`  search over ${total[0].n} providers p95 ${search.p95.toFixed(1)} ms`);

    // Bookings per second (distinct free times of the bench providers) ÷ a bare insert route.
    const baseline = await startInsertBaseline(database.url);
    stops.push(baseline.stop);
    const nextBooking = await bookingRequests(db, secret, targets);
    const load = (url, next) =>
      autocannon({
        url,
        method: 'POST',
        connections: 10,
        duration: 8,
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => {
              const { body, headers } = next();
              return { ...req, body, headers: { ...req.headers, ...headers, 'idempotency-key': randomUUID() } };
            },
          },
        ],
      });
    const emailsBefore = await queuedEmails(db);
    const bookings = await load(`${base}/api/v1/appointments`, nextBooking);
    // The confirmation emails go through the outbox (appointment_emails): the bookings' work is done
    // only when every one is sent, and the baseline must not share the machine with the rest.
    const loadEnded = performance.now();
    let emails = await queuedEmails(db);
    while (emails.pending > 0 && performance.now() - loadEnded < 180_000) {
      await new Promise((r) => setTimeout(r, 100));
      emails = await queuedEmails(db);
    }
    if (emails.pending > 0) throw new Error(`${emails.pending} confirmation emails still unsent 180 s after the booking load`);
    const confirmationEmails = { sent: emails.sent - emailsBefore.sent, drainedMsAfterLoad: Math.round(performance.now() - loadEnded) };
    log(`  confirmation emails: ${confirmationEmails.sent} sent, the last ${confirmationEmails.drainedMsAfterLoad} ms after the load ended`);
    const inserts = await load(`${baseline.base}/insert`, () => ({ body: JSON.stringify({ startsAt: new Date().toISOString() }), headers: {} }));
    const booked = bookings['2xx'];
    if (bookings.non2xx > bookings.requests.total * 0.01 || bookings.errors > 0) throw new Error(`booking load: ${bookings.non2xx} non-2xx, ${bookings.errors} errors of ${bookings.requests.total}`);
    if (confirmationEmails.sent < booked) throw new Error(`${booked} bookings but ${confirmationEmails.sent} confirmation emails sent`);
    // Counted until the last confirmation email went, not only until the last answer.
    const perSecond = booked / (8 + confirmationEmails.drainedMsAfterLoad / 1000);
    log(`  bookings ${perSecond.toFixed(1)} /s with their emails (${(booked / 8).toFixed(1)} /s answered; ${bookings.non2xx} refused); bare inserts ${inserts.requests.average.toFixed(1)} /s`);

    return [
      {
        id: 'no-double-booking',
        name: '200 concurrent bookings of one time (PostgreSQL): bookings made',
        value: count(201),
        unit: 'booked',
        baseline: 200,
        baselineName: 'requests',
        ratio: null,
        target: { of: 'value', op: '<=', limit: 1 },
        details: {
          oneTime: { booked: count(201), conflicts: count(409), serverErrors: fiveHundreds },
          overlapping: { booked: overlapOk, serverErrors: overlap5xx },
          twoProcesses: { booked: splitBooked, conflicts: splitRefused, serverErrors: split5xx },
          overlappingPairs: pairs[0].n,
        },
      },
      {
        id: 'availability-p95',
        name: 'Availability of 1 provider × 90 days (GET …/slots) p95',
        value: round(availability.p95, 1),
        unit: 'ms',
        baseline: round(healthz.p95, 1),
        baselineName: 'GET /healthz p95 (same server)',
        ratio: round(availability.p95 / Math.max(healthz.p95, 0.1), 1),
        target: { of: 'value', op: '<=', limit: 25 },
        details: { samples: LATENCY_SAMPLES, availability, healthz },
      },
      {
        id: 'search-p95',
        name: `Directory search p95 with ${total[0].n} providers`,
        value: round(search.p95, 1),
        unit: 'ms',
        baseline: round(healthz.p95, 1),
        baselineName: 'GET /healthz p95 (same server)',
        ratio: round(search.p95 / Math.max(healthz.p95, 0.1), 1),
        target: { of: 'value', op: '<=', limit: 50 },
        details: { samples: LATENCY_SAMPLES, queries: SEARCH_QUERIES, search },
      },
      {
        id: 'bookings-per-second',
        name: 'Bookings per second (10 connections)',
        value: round(perSecond, 1),
        unit: '/s',
        baseline: round(inserts.requests.average, 1),
        baselineName: 'bare single-row insert route',
        ratio: round(perSecond / inserts.requests.average, 3),
        target: { of: 'ratio', op: '>=', limit: 0.4 },
        details: { connections: 10, seconds: 8, booked, answeredPerSecond: round(booked / 8, 1), refused: bookings.non2xx, confirmationEmails },
      },
    ];
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await db.end().catch(() => undefined);
    await database.drop().catch(() => undefined);
  }
}
