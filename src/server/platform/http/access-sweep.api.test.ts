// "Access is enforced on the server", checked route by route. Organisation A's people make their
// own records through the API (an appointment and its conversation with a file, a video visit, a
// waitlist entry for a full day, a colleague, an invitation, an avatar, an enquiry), then every operation
// of the server's OpenAPI document that takes a path parameter is called with A's real ids by
// people with no claim on them: signed out, a signed-in patient with no link to A, the provider who
// owns another organisation B acting in B, another patient of A (a link to A, none to these
// records) and a plain member of A acting in A. Reads and writes alike must be refused and never
// answer 2xx or 5xx: signed out 401; someone without the route's declared permission 403 from the
// permission check; someone who holds it 404, exactly as for an id that does not exist (a refusal
// must not reveal that A's record is there). Public routes and the few that are about a public or
// shared record are listed with the reason. The list of operations comes from the document, so a
// new route with an id is swept or fails here for lack of an id. Afterwards every row of the
// database that names one of A's records or people is compared with its state before the sweep,
// and the owners' own view through the API too: a refused write must have written nothing.
import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WaitlistDays } from '../../../shared/contracts/appointments.js';
import type { Conversation } from '../../../shared/contracts/messaging.js';
import { availabilityOverrides, providerServices, waitlistEntries } from '../../db/schema/booking.js';
import { tenantMemberships } from '../../db/schema/tenant-memberships.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { bookAppointment, bookWithConversation, createPractice, hoursAhead, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';
import { multipartBody, TINY_PNG } from '../../testing/multipart.js';
import { declaredPermission, documentedOperations, generatedBody, generatedQuery, problemCode, type DocumentedOperation } from '../../testing/openapi-operations.js';
import { queryRows } from '../db/database.js';
import { withTenant } from '../tenancy/with-tenant.js';

/** A's records, as their owners made them. */
interface Owned {
  appointmentId: string;
  conversationId: string;
  attachmentId: string;
  visitAppointmentId: string;
  waitlistEntryId: string;
  colleagueId: string;
  invitationId: string;
  notificationId: string;
  patientSessionId: string;
  enquiryId: string;
  /** A date A's location has one time on, taken: A's patient waits for it. */
  fullDate: string;
}

interface Sweeper {
  label: string;
  who: SignedIn | null;
  permissions: Set<string>;
}

let t: TestApp;
let practice: Practice;
let patient: SignedIn;
let owned: Owned;
let sweepers: Sweeper[];
let operations: DocumentedOperation[];
/** A provider's profile not yet verified: not in the public directory. */
let pendingProfileId: string;
/** A's ids and addresses: a row holding one is A's data. */
let marks: string[];

/** Public routes about one record: anyone may read them, so there is nothing to refuse. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/v1/providers/{id}': 'the public directory’s profile of a verified provider',
  'GET /api/v1/providers/{id}/photo': 'the photo on that public profile',
  'GET /api/v1/providers/{id}/slots': 'the free times on that public profile, which anyone may book',
};

/** Routes whose id names a record every holder of the permission may see: they answer 2xx to a stranger. */
const SHARED_ROUTES: Record<string, string> = {
  'GET /api/v1/providers/{id}/waitlist-days':
    'the id is a public provider profile and the answer is the caller’s own waitlist days (checked below not to tell them A’s patient waits)',
};

/**
 * Bodies for routes whose rules go beyond what their JSON Schema says (ranges in order, a city for
 * a practice, a known time zone): a generated body would be refused as invalid before the route
 * looks the record up, and the sweep would not reach the check it is about.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'PUT /api/v1/practice/locations/{id}/hours': { weeklyHours: [{ weekday: 1, start: '09:00', end: '17:00' }], breaks: [] },
  'PUT /api/v1/practice/locations/{id}/overrides/{date}': { hours: [{ start: '09:00', end: '12:00' }], note: 'Moved' },
  'PUT /api/v1/practice/locations/{id}': { name: 'Moved practice', kind: 'practice', city: 'Melbourne', country: 'AU', timeZone: 'Australia/Melbourne' },
};

/** The codes of the permission check's own refusal (platform/http/permissions.ts). */
const PERMISSION_REFUSALS = new Set(['auth.forbidden', 'tenant.none-selected', 'tenant.mfa-required']);

const opKey = (op: Pick<DocumentedOperation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/** Where each path parameter's real value comes from: A's record for that route. */
function idSource(path: string, name: string): (() => string) | undefined {
  const sources: { prefix: string; name: string; value: () => string }[] = [
    { prefix: '/api/v1/tenant/members/', name: 'userId', value: () => owned.colleagueId },
    { prefix: '/api/v1/tenant/invitations/', name: 'id', value: () => owned.invitationId },
    { prefix: '/api/v1/avatars/', name: 'userId', value: () => patient.userId },
    { prefix: '/api/v1/profile/sessions/', name: 'sessionId', value: () => owned.patientSessionId },
    { prefix: '/api/v1/admin/users/', name: 'id', value: () => practice.provider.userId },
    { prefix: '/api/v1/admin/providers/', name: 'id', value: () => practice.profileId },
    { prefix: '/api/v1/admin/enquiries/', name: 'id', value: () => owned.enquiryId },
    { prefix: '/api/v1/providers/', name: 'id', value: () => practice.profileId },
    { prefix: '/api/v1/appointments/', name: 'id', value: () => owned.appointmentId },
    { prefix: '/api/v1/waitlist/', name: 'id', value: () => owned.waitlistEntryId },
    { prefix: '/api/v1/practice/appointments/', name: 'id', value: () => owned.appointmentId },
    { prefix: '/api/v1/practice/locations/', name: 'id', value: () => practice.locationId },
    { prefix: '/api/v1/practice/locations/', name: 'date', value: () => owned.fullDate },
    { prefix: '/api/v1/practice/services/', name: 'id', value: () => practice.serviceId },
    { prefix: '/api/v1/notifications/', name: 'id', value: () => owned.notificationId },
    { prefix: '/api/v1/conversations/for-appointment/', name: 'appointmentId', value: () => owned.appointmentId },
    { prefix: '/api/v1/conversations/', name: 'id', value: () => owned.conversationId },
    { prefix: '/api/v1/conversations/', name: 'attachmentId', value: () => owned.attachmentId },
    { prefix: '/api/v1/telehealth/visits/', name: 'appointmentId', value: () => owned.visitAppointmentId },
  ];
  return sources.find((s) => path.startsWith(s.prefix) && s.name === name)?.value;
}

/** Body fields that name a record: A's, so a write that got through would land on A's data. */
function knownField(name: string): string | undefined {
  const ids: Record<string, () => string> = {
    userId: () => patient.userId,
    serviceId: () => practice.serviceId,
    locationId: () => practice.locationId,
    providerId: () => practice.profileId,
    appointmentId: () => owned.appointmentId,
  };
  return ids[name]?.();
}

const pathParams = (op: DocumentedOperation) => (op.operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);

/** The operation's path with A's ids, or with made-up ones (a date stays a date). */
function fillPath(op: DocumentedOperation, madeUp: boolean): string {
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(madeUp && name !== 'date' ? randomUUID() : idSource(op.path, name)!()));
}

/** A request the route's owner could send: a generated body (or a file for an upload) and query. */
function request(op: DocumentedOperation, url: string, who: SignedIn | null) {
  const headers: Record<string, string> = { 'idempotency-key': randomUUID(), ...(who ? { cookie: who.cookie } : {}) };
  const query = generatedQuery(op.operation, 2, knownField);
  if (op.method === 'GET' || op.method === 'DELETE') return { method: op.method, url, query, headers };
  if (op.path.endsWith('/attachments')) {
    const form = multipartBody([{ name: 'file', filename: 'scan.png', contentType: 'image/png', body: TINY_PNG }]);
    return { method: op.method, url, query, headers: { ...headers, ...form.headers }, payload: form.payload };
  }
  const body = VALID_BODIES[opKey(op)] ?? generatedBody(op.operation.requestBody?.content?.['application/json']?.schema, 1, knownField) ?? {};
  return { method: op.method, url, query, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) };
}

function describeAnswer(res: LightMyRequestResponse): string {
  return `${res.statusCode} ${problemCode(res) ?? res.body.slice(0, 160)}`;
}

/** What is wrong with this answer to someone with no claim on A's record, or undefined when it is right. */
function unexpected(res: LightMyRequestResponse, sweeper: Sweeper, permission: string, shared: string | undefined): string | undefined {
  const code = problemCode(res);
  if (res.statusCode >= 500) return 'a server error';
  if (res.statusCode >= 400 && code === undefined) return 'a refusal without problem+json and a code';
  if (!sweeper.who) return res.statusCode === 401 ? undefined : 'expected 401';
  const holds = sweeper.permissions.has(permission);
  if (shared && holds) return res.statusCode < 300 ? undefined : `expected the shared answer (${shared})`;
  if (res.statusCode < 300) return 'A’s record was served or changed';
  if (!holds) return res.statusCode === 403 && PERMISSION_REFUSALS.has(code ?? '') ? undefined : `expected 403 from the permission check (${permission})`;
  return res.statusCode === 404 ? undefined : 'expected 404 (the record is someone else’s)';
}

async function permissionsOf(who: SignedIn): Promise<Set<string>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: who.cookie } });
  return new Set(res.json<{ permissions: string[] }>().permissions);
}

/**
 * What the comparison leaves out: the places gazetteer (tens of thousands of rows no route writes),
 * and what the background jobs write on their own time (on PostgreSQL those of other test files'
 * servers too, across organisations): daily usage figures, sent mail, the directory's next free
 * time, claims and outcomes of queued emails, reminder and unread-message claims. A write a
 * refusal let through would still show in the rows it changes (an appointment, a message, a row
 * queued for mail).
 */
const UNCOMPARED_TABLES = ['places', 'tenant_usage_metrics', 'dev_mail_outbox'];
const JOB_COLUMNS: Record<string, string[]> = {
  provider_profiles: ['next_available_at', 'next_available_stale'],
  appointment_emails: ['attempts', 'next_attempt_at', 'claimed_until', 'outcome', 'done_at', 'last_error'],
  appointments: ['reminder_sent_at'],
  conversation_participants: ['unread_emailed_at'],
};

/**
 * Every row of every table that names one of A's records or people (an id or an address anywhere
 * in the row), as text, by table: what "nothing was written" is checked against. Only A's rows,
 * because on PostgreSQL other test files share the database and write their own.
 */
async function snapshot(): Promise<Map<string, Set<string>>> {
  const tables = (await queryRows<{ name: string }>(t.database.db, sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`)).filter(
    (table) => !UNCOMPARED_TABLES.includes(table.name),
  );
  const names = sql.join(
    marks.map((mark) => sql`strpos(r::text, ${mark}) > 0`),
    sql` or `,
  );
  const result = new Map<string, Set<string>>();
  for (const { name } of tables) {
    // The columns are the test's own constants, so they go into the statement as written.
    const row = sql.raw(`(to_jsonb(r) - array[${(JOB_COLUMNS[name] ?? []).map((c) => `'${c}'`).join(', ')}]::text[])::text`);
    const rows = await queryRows<{ row: string }>(t.database.db, sql`select ${row} as row from ${sql.identifier(name)} r where ${names}`);
    result.set(name, new Set(rows.map((r) => r.row)));
  }
  return result;
}

/** The owner's view of A's records through the API (read before and after the sweep). */
async function ownersView() {
  const get = async <T = Record<string, unknown>>(who: SignedIn | null, url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const conversation = await get<Conversation>(patient, `/api/v1/conversations/${owned.conversationId}`);
  return {
    appointment: await get(patient, `/api/v1/appointments/${owned.appointmentId}`),
    visit: await get(patient, `/api/v1/appointments/${owned.visitAppointmentId}`),
    messages: conversation.messages.map((m) => ({ id: m.id, body: m.body, attachments: m.attachments.length })),
    profile: await get(null, `/api/v1/providers/${practice.profileId}`),
    waitlist: await get(patient, '/api/v1/waitlist'),
    members: await get(practice.provider, '/api/v1/tenant/members'),
    invitations: await get(practice.provider, '/api/v1/tenant/invitations'),
  };
}

beforeAll(async () => {
  t = await startTestApp();
  practice = await createPractice(t, { telehealth: true });
  patient = await createSignedInUser(t, { prefix: 'sweep-patient' });
  const { appointmentId, conversationId } = await bookWithConversation(t, patient, practice, hoursAhead(72));
  const as = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const expectStatus = (res: LightMyRequestResponse, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res;
  };

  // A file in the conversation, and the patient's avatar.
  const file = multipartBody([{ name: 'file', filename: 'referral.png', contentType: 'image/png', body: TINY_PNG }]);
  const sent = await t.app.inject({ method: 'POST', url: `/api/v1/conversations/${conversationId}/attachments`, headers: { cookie: patient.cookie, ...file.headers }, payload: file.payload });
  const attachmentId = expectStatus(sent, 201, 'attachment').json<Conversation>().messages.at(-1)!.attachments[0]!.id;
  const avatar = multipartBody([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', body: TINY_PNG }]);
  expectStatus(await t.app.inject({ method: 'POST', url: '/api/v1/profile/avatar', headers: { cookie: patient.cookie, ...avatar.headers }, payload: avatar.payload }), 200, 'avatar');

  // A video visit: a telehealth service of A's, booked by the patient.
  const [video] = await t.database.db
    .insert(providerServices)
    .values({ tenantId: practice.tenantId, providerId: practice.profileId, name: 'Video consultation', mode: 'telehealth', durationMinutes: 30, priceMinor: 9000, currency: 'AUD' })
    .returning({ id: providerServices.id });
  const visitAppointmentId = await bookAppointment(t, patient, { ...practice, serviceId: video!.id }, hoursAhead(96));

  // A date with one time, 09:00 at the location, which another patient of A has taken: the day is
  // full, and A's patient waits for it (inserted: the waitlist's own rules are not this test's).
  const fullDate = hoursAhead(24 * 10).toISOString().slice(0, 10);
  const [year, month, day] = fullDate.split('-').map(Number) as [number, number, number];
  await t.database.db.insert(availabilityOverrides).values({ tenantId: practice.tenantId, locationId: practice.locationId, date: fullDate, hours: [{ start: '09:00', end: '09:30' }] });
  const otherPatient = await createSignedInUser(t, { prefix: 'sweep-other-patient' });
  await bookAppointment(t, otherPatient, practice, new TZDate(year, month - 1, day, 9, 0, 'Australia/Sydney'));
  const [entry] = await t.database.db
    .insert(waitlistEntries)
    .values({ tenantId: practice.tenantId, providerId: practice.profileId, serviceId: practice.serviceId, locationId: practice.locationId, patientId: patient.userId, date: fullDate })
    .returning({ id: waitlistEntries.id });

  // A colleague in A, and an invitation A's owner sent.
  const colleague = await createSignedInUser(t, { prefix: 'sweep-colleague' });
  await withTenant({ db: t.database.db, tenantId: practice.tenantId }, (tx) =>
    tx.insert(tenantMemberships).values({ tenantId: practice.tenantId, userId: colleague.userId, role: 'member', joinedAt: new Date() }),
  );
  const inviteeEmail = `sweep.invitee.${randomUUID().slice(0, 8)}@example.test`;
  const invited = await as(practice.provider, 'POST', '/api/v1/tenant/invitations', { email: inviteeEmail, role: 'member' });
  const invitationId = expectStatus(invited, 201, 'invitation').json<{ invitation: { id: string } }>().invitation.id;

  // The patient's notification, session and enquiry.
  const [notification] = await queryRows<{ id: string }>(t.database.db, sql`select id from notifications where user_id in (${patient.userId}, ${practice.provider.userId}) order by created_at limit 1`);
  if (!notification) throw new Error('no notification for A’s people');
  const sessions = expectStatus(await as(patient, 'GET', '/api/v1/profile/sessions'), 200, 'sessions').json<{ sessions: { id: string; current: boolean }[] }>();
  const enquiry = await t.app.inject({
    method: 'POST',
    url: '/api/v1/enquiries',
    headers: { cookie: patient.cookie },
    payload: { kind: 'contact', name: patient.name, email: patient.email, topic: 'billing', message: 'How do I change the card we pay with?', regionCode: 'AU', language: 'en' },
  });
  owned = {
    appointmentId,
    conversationId,
    attachmentId,
    visitAppointmentId,
    waitlistEntryId: entry!.id,
    colleagueId: colleague.userId,
    invitationId,
    notificationId: notification.id,
    patientSessionId: sessions.sessions.find((s) => s.current)!.id,
    enquiryId: expectStatus(enquiry, 201, 'enquiry').json<{ id: string }>().id,
    fullDate,
  };
  marks = [
    ...Object.values(owned).filter((value) => value !== fullDate),
    practice.tenantId,
    practice.profileId,
    practice.serviceId,
    practice.locationId,
    video!.id,
    patient.userId,
    practice.provider.userId,
    patient.email,
    practice.provider.email,
    colleague.email,
    inviteeEmail,
  ];

  const stranger = await createSignedInUser(t, { prefix: 'sweep-stranger' });
  const otherOrganisation = await createPractice(t);
  const member = await createSignedInUser(t, { prefix: 'sweep-member' });
  await withTenant({ db: t.database.db, tenantId: practice.tenantId }, (tx) =>
    tx.insert(tenantMemberships).values({ tenantId: practice.tenantId, userId: member.userId, role: 'member', joinedAt: new Date() }),
  );
  expectStatus(await t.app.inject({ method: 'PUT', url: '/api/v1/session/tenant', headers: { cookie: member.cookie }, payload: { tenantId: practice.tenantId } }), 200, 'member acts in A');
  const sweeper = async (label: string, who: SignedIn): Promise<Sweeper> => ({ label, who, permissions: await permissionsOf(who) });
  sweepers = [
    { label: 'signed out', who: null, permissions: new Set() },
    await sweeper('stranger patient', stranger),
    await sweeper('organisation B’s provider', otherOrganisation.provider),
    await sweeper('another patient of A', otherPatient),
    await sweeper('a member of A', member),
  ];
  pendingProfileId = (await createPractice(t, { verification: 'pending' })).profileId;
  operations = (await documentedOperations(t)).filter((op) => op.path.includes('{'));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('access sweep over every route with an id', () => {
  it('knows a real record of A for every path parameter of every such operation', () => {
    expect(operations.length).toBeGreaterThan(40);
    const missing = operations.flatMap((op) => pathParams(op).filter((name) => !idSource(op.path, name)).map((name) => `${opKey(op)} {${name}}`));
    expect(missing, 'add the record this route is about to idSource').toEqual([]);
    // A route left out of the document would be left out of the sweep.
    const documented = new Set(operations.map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`));
    const undocumented = t.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && r.url.includes(':') && !documented.has(`${r.method} ${r.url}`));
    expect(undocumented).toEqual([]);
    // Every listed exception is still a route, so the lists do not outlive what they excuse.
    const keys = new Set(operations.map(opKey));
    expect(Object.keys({ ...PUBLIC_ROUTES, ...SHARED_ROUTES, ...VALID_BODIES }).filter((key) => !keys.has(key))).toEqual([]);
  });

  let before: Map<string, Set<string>>;
  let ownersBefore: Awaited<ReturnType<typeof ownersView>>;

  it('refuses A’s records to everyone else: 401 signed out, 403 without the permission, 404 with it, as for a made-up id', async () => {
    ownersBefore = await ownersView();
    // The bookings' queued emails go out first, so the sending does not land inside the sweep.
    await t.app.appointmentEmails.runOnce();
    before = await snapshot();
    const failures: string[] = [];
    let swept = 0;
    for (const op of operations) {
      const key = opKey(op);
      const permission = declaredPermission(t, op);
      if (permission === undefined) {
        failures.push(`${key}: no registered route declares a permission`);
        continue;
      }
      if (permission === 'public') {
        if (!PUBLIC_ROUTES[key]) failures.push(`${key}: public, with an id, and not in PUBLIC_ROUTES (say why anyone may call it)`);
        continue;
      }
      swept += 1;
      for (const sweeper of sweepers) {
        const res = await t.app.inject(request(op, fillPath(op, false), sweeper.who));
        const what = `${key} as ${sweeper.label}`;
        const wrong = unexpected(res, sweeper, permission, SHARED_ROUTES[key]);
        if (wrong) {
          failures.push(`${what}: ${describeAnswer(res)}, ${wrong}`);
          continue;
        }
        if (!sweeper.who || res.statusCode < 300) continue;
        // The same answer as for an id nobody has: the refusal says nothing about A's record.
        const madeUp = await t.app.inject(request(op, fillPath(op, true), sweeper.who));
        if (madeUp.statusCode !== res.statusCode || problemCode(madeUp) !== problemCode(res)) {
          failures.push(`${what}: ${describeAnswer(res)} for A’s id but ${describeAnswer(madeUp)} for a made-up one`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(swept).toBeGreaterThan(35);
  }, 60_000);

  it('keeps the public routes public only for a verified provider: an unverified one is 404 to everyone', async () => {
    const failures: string[] = [];
    for (const key of Object.keys(PUBLIC_ROUTES)) {
      const op = operations.find((one) => opKey(one) === key)!;
      for (const sweeper of sweepers) {
        const url = op.path.replace('{id}', pendingProfileId);
        const res = await t.app.inject(request(op, url, sweeper.who));
        if (res.statusCode !== 404 || problemCode(res) === undefined) failures.push(`${key} as ${sweeper.label}: ${describeAnswer(res)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('tells nobody else that A’s patient waits: their waitlist days are their own', async () => {
    const days = async (who: SignedIn) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/providers/${practice.profileId}/waitlist-days?serviceId=${practice.serviceId}&locationId=${practice.locationId}`,
        headers: { cookie: who.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<WaitlistDays>().days;
    };
    // The full day is listed for each of them (today too, late at night); only A's patient waits.
    const mine = await days(patient);
    expect(mine.filter((d) => d.waiting)).toEqual([{ date: owned.fullDate, waiting: true }]);
    for (const sweeper of sweepers.slice(1)) {
      const theirs = await days(sweeper.who!);
      expect(theirs, sweeper.label).toContainEqual({ date: owned.fullDate, waiting: false });
      expect(theirs.filter((d) => d.waiting), sweeper.label).toEqual([]);
    }
  });

  it('left every table as it was: a refused write wrote nothing', async () => {
    expect(before).toBeDefined();
    const after = await snapshot();
    const sweeperIds = sweepers.flatMap((s) => (s.who ? [s.who.userId] : []));
    const changed: string[] = [];
    for (const [table, rows] of after) {
      const was = before.get(table) ?? new Set<string>();
      const added = [...rows].filter((row) => !was.has(row));
      const gone = [...was].filter((row) => !rows.has(row));
      // Allowed: the audit trail records refusals, and the sweepers' own sessions note their use.
      const allowed = (row: string) => table === 'audit_events' || (table === 'sessions' && sweeperIds.some((id) => row.includes(id)));
      for (const row of added.filter((r) => !allowed(r))) changed.push(`${table} + ${row.slice(0, 300)}`);
      for (const row of gone.filter((r) => !allowed(r) || table === 'audit_events')) changed.push(`${table} - ${row.slice(0, 300)}`);
    }
    expect(changed).toEqual([]);
    expect(await ownersView()).toEqual(ownersBefore);
  });
});
