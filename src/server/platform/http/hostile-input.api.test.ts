// "No 5xx for anything a client can send", checked route by route. Every operation of the
// server's own OpenAPI document is called by a person allowed to call it, first with a request
// generated from its schemas (json-schema-faker, seeded, so a failure repeats), then with one field
// at a time replaced by a hostile value: the extremes its schema still allows (longest strings,
// largest integers, far dates, astral and right-to-left text) and values it does not (wrong
// types, out-of-range numbers, impossible dates), then whole bodies, path parameters and headers
// that are wrong as a whole. Every answer must be below 500, and every refusal problem+json with
// a `code`. The paths hold real ids where the route is about one (this test's appointment,
// conversation, practice), so the handlers run past their lookups.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../../shared/page-routes.js';
import { users } from '../../db/schema/auth.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { bookWithConversation, createPractice, hoursAhead, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';
import { hostileValues, RTL_COMBINING, type Schema } from '../../testing/hostile-values.js';
import { multipartBody, TINY_PNG } from '../../testing/multipart.js';
import { asText, documentedOperations, generatedBody, generatedQuery, problemCode, type DocumentedOperation, type HttpMethod as Method, type OpenApiOperation as Operation } from '../../testing/openapi-operations.js';

interface Call {
  method: Method;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: { raw: string; contentType: string };
}

let t: TestApp;
let patient: SignedIn;
let admin: SignedIn;
let bystander: SignedIn;
let practice: Practice;
let other: Practice;
let appointmentId: string;
let conversationId: string;
let operations: DocumentedOperation[];
/** The log's lines about unreadable uploads (the info level, where a client's mistake is said). */
const uploadLogLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await startTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void (line.includes('upload could not be read') && uploadLogLines.push(JSON.parse(line) as Record<string, unknown>)) } },
  );
  patient = await createSignedInUser(t, { prefix: 'hostile-patient' });
  bystander = await createSignedInUser(t, { prefix: 'hostile-bystander' });
  admin = await createSignedInUser(t, { prefix: 'hostile-admin' });
  // Test setup: platform admins are granted, never chosen at sign-up.
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  practice = await createPractice(t, { telehealth: true });
  other = await createPractice(t, { verification: 'pending' });
  ({ appointmentId, conversationId } = await bookWithConversation(t, patient, practice, hoursAhead(72)));
  operations = await documentedOperations(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 86_400_000;
const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);

/** The id a path parameter gets: this test's own record where the route is about one. */
function knownValue(path: string, name: string): string {
  if (name === 'date') return tomorrow;
  if (name === 'sessionId' || name === 'attachmentId') return randomUUID();
  const byPrefix: [string, () => string][] = [
    ['/api/v1/appointments/', () => appointmentId],
    ['/api/v1/practice/appointments/', () => appointmentId],
    ['/api/v1/telehealth/visits/', () => appointmentId],
    ['/api/v1/conversations/', () => conversationId],
    ['/api/v1/providers/', () => practice.profileId],
    ['/api/v1/practice/services/', () => practice.serviceId],
    ['/api/v1/practice/locations/', () => practice.locationId],
    ['/api/v1/avatars/', () => patient.userId],
    ['/api/v1/admin/users/', () => bystander.userId],
    ['/api/v1/admin/providers/', () => other.profileId],
    ['/api/v1/tenant/members/', () => bystander.userId],
  ];
  return byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1]() ?? randomUUID();
}

/** Fields whose generated value would point nowhere: the test's own ids instead. */
function knownField(name: string): string | undefined {
  const ids: Record<string, () => string> = {
    providerId: () => practice.profileId,
    serviceId: () => practice.serviceId,
    locationId: () => practice.locationId,
    appointmentId: () => appointmentId,
    tenantId: () => practice.tenantId,
    userId: () => bystander.userId,
  };
  return ids[name]?.();
}

/** UTF-8 text as Node's HTTP parser hands it over in a header: one character per byte. */
function asHeaderBytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** Every request this test sends for one operation; another `variant` generates other values. */
function callsFor(path: string, method: Method, operation: Operation, variant = 0): Call[] {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const takesBody = method !== 'GET' && method !== 'DELETE';
  const fill = (overrides: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(overrides[name] ?? knownValue(path, name)));
  const baseQuery = generatedQuery(operation, 2 + variant, knownField);
  const baseBody = generatedBody(jsonSchema, 1 + variant, knownField);
  const json = (value: unknown) => ({ raw: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  const base: Call = {
    method,
    path: fill(),
    query: baseQuery,
    headers: { 'idempotency-key': randomUUID() },
    ...(takesBody ? { body: json(baseBody ?? {}) } : {}),
  };
  const calls: Call[] = [base, { ...base, query: {} }];
  for (const p of queryParams) {
    for (const value of hostileValues(p.schema)) calls.push({ ...base, query: { ...baseQuery, [p.name]: asText(value) } });
    calls.push({ ...base, query: { ...baseQuery, [p.name]: ['a', 'b'] } });
  }
  for (const p of pathParams) {
    for (const value of ['x', 'a'.repeat(3000), '00000000-0000-0000-0000-000000000000', randomUUID().toUpperCase(), '..', '-1', '9999-12-31', '2023-02-30', 'null']) {
      calls.push({ ...base, path: fill({ [p.name]: value }) });
    }
  }
  if (takesBody) {
    for (const [name, schema] of Object.entries(jsonSchema?.properties ?? {})) {
      for (const value of hostileValues(schema)) calls.push({ ...base, body: json({ ...baseBody, [name]: value }) });
    }
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    for (const raw of ['null', '[]', '"text"', '123', '{', '{"a":1,}', deep, '{"__proto__":{"polluted":true}}', '\u0000']) {
      calls.push({ ...base, body: { raw, contentType: 'application/json' } });
    }
    calls.push({ ...base, body: { raw: 'a=1', contentType: 'application/x-www-form-urlencoded' } });
    calls.push({ ...base, body: { raw: '--x\r\n\r\n--x--', contentType: 'multipart/form-data; boundary=x' } });
    calls.push({ ...base, body: { raw: '{}', contentType: 'multipart/form-data' } });
  }
  calls.push({ ...base, headers: { 'idempotency-key': 'k'.repeat(5000), 'accept-language': '*;q=NaN, ;;; ,zz-ZZZZ-x', 'if-none-match': '"'.repeat(300), 'user-agent': asHeaderBytes(RTL_COMBINING) } });
  calls.push({ ...base, headers: { 'idempotency-key': '' } });
  return calls;
}

function describeCall(call: Call): string {
  const query = new URLSearchParams(Object.entries(call.query).flatMap(([k, v]) => [v].flat().map((one) => [k, one]))).toString();
  return `${call.method} ${call.path.slice(0, 120)}?${query.slice(0, 200)} ${call.body?.raw.slice(0, 200) ?? ''}`;
}

/** The first of the people who may call it: its request is not refused as 401/403 (sends it once as them). */
async function firstAllowed(call: Call): Promise<SignedIn | null> {
  const people = [null, patient, practice.provider, admin];
  for (const candidate of people) {
    const res = await send(call, candidate);
    if (res.statusCode !== 401 && res.statusCode !== 403) return candidate;
  }
  return admin;
}

function send(call: Call, who: SignedIn | null): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: call.method,
    url: call.path,
    query: call.query,
    headers: { ...call.headers, ...(who ? { cookie: who.cookie } : {}), ...(call.body ? { 'content-type': call.body.contentType } : {}) },
    ...(call.body ? { payload: call.body.raw } : {}),
  });
}

describe('hostile input, route by route', () => {
  it('answers every request below 500, refusals as problem+json with a code', async () => {
    const failures: string[] = [];
    let sent = 0;
    expect(operations.length).toBeGreaterThan(90);
    for (const { path, method, operation } of operations) {
      const calls = callsFor(path, method, operation);
      const who = await firstAllowed(calls[0]!);
      sent += 1;
      for (const call of calls) {
        const res = await send(call, who);
        sent += 1;
        const what = describeCall(call);
        if (res.statusCode >= 500) {
          failures.push(`${res.statusCode} ${what} → ${res.body.slice(0, 300)}`);
        } else if (res.statusCode >= 400) {
          if (problemCode(res) === undefined) failures.push(`${res.statusCode} without problem+json code: ${what} → ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
  }, 600_000);

  it('renders every page below 500 whatever its path and query hold, signed in or not', async () => {
    const failures: string[] = [];
    const hostileQueries = [
      '',
      'page=1e400&pageSize=-1&query=%ED%A0%80&specialty=__proto__&lang=zz-ZZZZ&near=%25&lat=NaN&lng=Infinity&radiusKm=0&sort=constructor',
      `from=9999-12-31&to=0000-01-01&date=2023-02-30&weekStart=99999-01-01&when=x&status=x&kind=x&serviceId=x&locationId=${'9'.repeat(400)}`,
      'token=%00&email=%E2%80%AE&redirect=https%3A%2F%2Fevil.example&callbackURL=javascript:alert(1)&next=//evil.example',
      'page=2&page=3&query[]=a&query[b]=c&lang=ar&lang=fr',
      `query=${'a'.repeat(3000)}`,
    ];
    const ids = ['x', '..%2F..', '%00', '00000000-0000-0000-0000-000000000000', 'a'.repeat(2000), '%ED%A0%80'];
    const known: Record<string, string> = { '/providers/:id': practice.profileId, '/appointments/book/:id': practice.profileId, '/appointments/telehealth/:appointmentId': appointmentId, '/blog/:id': 'x' };
    for (const pattern of PAGE_ROUTES) {
      const paths = pattern.includes(':') ? [known[pattern] ?? 'x', ...ids].map((id) => pattern.replace(/:\w+/, id)) : [pattern];
      for (const path of paths) {
        for (const query of hostileQueries) {
          for (const who of [null, patient, practice.provider, admin]) {
            const url = query ? `${path}?${query}` : path;
            const res = await t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
            if (res.statusCode >= 500) failures.push(`${res.statusCode} ${url.slice(0, 300)} → ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers every sign-in, account and two-factor endpoint below 500, refusals with a code', async () => {
    const failures: string[] = [];
    const auth = await t.app.getAuth();
    // better-auth's endpoints with their zod schemas; SERVER_ONLY ones have no HTTP route.
    type Endpoint = { path?: string; options?: { method?: string | string[]; body?: unknown; query?: unknown; metadata?: { SERVER_ONLY?: boolean } } };
    const endpoints = Object.values(auth.api as unknown as Record<string, Endpoint>).filter((e) => e.path && !e.options?.metadata?.SERVER_ONLY);
    expect(endpoints.length).toBeGreaterThan(30);
    const jsonSchemaOf = (schema: unknown): Schema | undefined => (schema ? (z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any' }) as Schema) : undefined);
    let sent = 0;
    for (const endpoint of endpoints) {
      const methods = [endpoint.options?.method ?? 'GET'].flat().filter((m): m is Method => ['GET', 'POST'].includes(m));
      for (const method of methods) {
        const path = `/api/auth${endpoint.path!.replace(/:(\w+)/g, '{$1}')}`;
        const query = jsonSchemaOf(endpoint.options?.query);
        const operation: Operation = {
          parameters: [
            ...[...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ in: 'path' as const, name: m[1]!, schema: { type: 'string' } })),
            ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ in: 'query' as const, name, schema })),
          ],
          ...(endpoint.options?.body ? { requestBody: { content: { 'application/json': { schema: jsonSchemaOf(endpoint.options.body)! } } } } : {}),
        };
        // A session of its own per endpoint: signing out, deleting the account or changing the
        // password must not leave the next endpoint without one.
        const person = await createSignedInUser(t, { prefix: 'hostile-auth' });
        for (const call of callsFor(path, method, operation)) {
          const res = await t.app.inject({
            method: call.method,
            url: call.path,
            query: call.query,
            headers: { ...call.headers, cookie: person.cookie, origin: 'http://localhost', ...(call.body ? { 'content-type': call.body.contentType } : {}) },
            ...(call.body ? { payload: call.body.raw } : {}),
          });
          sent += 1;
          const what = describeCall(call);
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what} → ${res.body.slice(0, 300)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers every malformed upload below 500, refusals with a code', async () => {
    const failures: string[] = [];
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const uploads: { url: string; who: SignedIn; field: string }[] = [
      { url: '/api/v1/profile/avatar', who: patient, field: 'avatar' },
      { url: `/api/v1/conversations/${conversationId}/attachments`, who: patient, field: 'file' },
    ];
    const bodies = (field: string): { payload: Buffer; headers: Record<string, string> }[] => [
      multipartBody([{ name: field, filename: 'a.png', contentType: 'image/png', body: Buffer.alloc(0) }]),
      multipartBody([{ name: field, filename: '', body: TINY_PNG }]),
      multipartBody([{ name: field, filename: '../../etc/passwd', contentType: 'image/png', body: TINY_PNG }]),
      multipartBody([{ name: field, filename: `${'€'.repeat(300)}.png`, contentType: 'image/png', body: TINY_PNG }]),
      multipartBody([{ name: field, filename: 'x.pdf', contentType: 'image/png', body: pdf }]),
      multipartBody([{ name: field, filename: 'x.svg', contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }]),
      multipartBody([{ name: field, filename: 'x.png', body: Buffer.concat([TINY_PNG.subarray(0, 16)]) }]),
      multipartBody([
        { name: field, filename: 'a.png', body: TINY_PNG },
        { name: field, filename: 'b.png', body: TINY_PNG },
      ]),
      multipartBody([{ name: 'body', body: 'text only' }]),
      multipartBody([{ name: 'body', body: 'x'.repeat(30_000) }, { name: field, filename: 'a.png', body: TINY_PNG }]),
      multipartBody(Array.from({ length: 20 }, (_v, i) => ({ name: `f${i}`, body: 'x' }))),
      multipartBody([]),
      { payload: Buffer.from('--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\n' + 'x'.repeat(100)), headers: { 'content-type': 'multipart/form-data; boundary=b' } },
      { payload: Buffer.from('no boundary here'), headers: { 'content-type': 'multipart/form-data' } },
      { payload: Buffer.from('--b\r\n\r\n--b--'), headers: { 'content-type': 'multipart/form-data; boundary=' + 'b'.repeat(200) } },
      { payload: Buffer.from('--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n'), headers: { 'content-type': 'multipart/form-data; boundary=b' } },
      { payload: Buffer.from(`--b\r\n${'X-Header: y\r\n'.repeat(500)}\r\nx\r\n--b--\r\n`), headers: { 'content-type': 'multipart/form-data; boundary=b' } },
      { payload: TINY_PNG, headers: { 'content-type': 'image/png' } },
      { payload: Buffer.alloc(0), headers: { 'content-type': 'multipart/form-data; boundary=b' } },
    ];
    for (const upload of uploads) {
      for (const body of bodies(upload.field)) {
        const res = await t.app.inject({ method: 'POST', url: upload.url, payload: body.payload, headers: { ...body.headers, cookie: upload.who.cookie } });
        const what = `${upload.url} ${body.headers['content-type']} ${body.payload.subarray(0, 120).toString('latin1')}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${what} → ${res.body.slice(0, 300)}`);
        else if (res.statusCode >= 400 && !String(res.headers['content-type'] ?? '').startsWith('application/problem+json')) failures.push(`${res.statusCode} without problem+json: ${what}`);
      }
    }
    expect(failures).toEqual([]);
    // A client's malformed upload (two files, too many fields…) is one short line, without a stack.
    expect(uploadLogLines.length).toBeGreaterThan(0);
    for (const line of uploadLogLines) {
      expect(line).not.toHaveProperty('err');
      expect(JSON.stringify(line)).not.toContain('    at ');
    }
    expect(uploadLogLines).toContainEqual(expect.objectContaining({ code: 'FST_FILES_LIMIT', msg: 'attachment upload could not be read' }));
  }, 120_000);
});
