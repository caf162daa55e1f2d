import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '../../../shared/problem.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true', BODY_LIMIT_BYTES: '2048' });
});
afterAll(async () => {
  await t?.close();
});

function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const problem = ProblemSchema.parse(JSON.parse(res.body));
  expect(problem.status).toBe(status);
  expect(problem.code).toBe(code);
  expect(problem.instance).toBe(res.headers['x-request-id']);
  return problem;
}

describe('health', () => {
  it('answers /healthz while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database answers, and 503 problem+json when it does not', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ready' });

    const broken = await startTestApp();
    await broken.database.close();
    const down = await broken.app.inject({ method: 'GET', url: '/readyz' });
    expectProblem(down, 503, 'health.database-unavailable');
    await broken.app.close();
  });
});

describe('errors are RFC 9457 problem+json', () => {
  it('answers an unknown /api path with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expectProblem(res, 404, 'route.not-found');
  });

  it('answers an unknown method on /api with 404, not the app shell', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/site' });
    expectProblem(res, 404, 'route.not-found');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscriptions',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expectProblem(res, 400, 'request.malformed-json');
  });

  it('answers a wrong content type with 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/newsletter/subscriptions',
        headers: { 'content-type': type },
        payload: 'email=a@b.example',
      });
      expectProblem(res, 415, 'request.unsupported-media-type');
    }
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscriptions',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.example', padding: 'x'.repeat(4096) }),
    });
    expectProblem(res, 413, 'request.body-too-large');
  });

  it('answers invalid fields with 400 and the field paths', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/subscriptions',
      payload: { email: 'not-an-email', language: 'xx' },
    });
    const problem = expectProblem(res, 400, 'request.invalid');
    expect(problem.errors?.map((e) => e.path).sort()).toEqual(['body.email', 'body.language']);
  });

  it('never answers 5xx to hostile input', async () => {
    const payloads = ['null', '[]', '"x"', '{"__proto__":{"polluted":1}}', '{"email":{"$ne":1}}', '1e999', '{"email":"' + 'a'.repeat(1000) + '@x.example"}'];
    for (const payload of payloads) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/newsletter/subscriptions',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
    }
    const weird = await t.app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' });
    expect(weird.statusCode).toBeLessThan(500);
  });

  it('answers a path that does not decode (a broken percent escape) with 400 problem+json, page or API', async () => {
    // The router refuses these before any route runs; they used to leave as Fastify's own JSON.
    for (const url of ['/api/v1/%E0%A4%A', '/api/v1/providers/%E0%A4%A/slots', '/providers/%E0%A4%A', '/%ZZ']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectProblem(res, 400, 'request.bad-url');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('refuses U+0000 anywhere in a body, query or path with 400 naming the field (PostgreSQL cannot store it)', async () => {
    const cases = [
      { method: 'POST' as const, url: '/api/v1/newsletter/subscriptions', payload: { email: 'a\u0000@x.example', language: 'en' }, path: 'body.email' },
      { method: 'POST' as const, url: '/api/v1/newsletter/subscriptions', payload: { email: 'a@x.example', language: 'en', 'x\u0000': 1 }, path: 'body.x\u0000' },
      { method: 'GET' as const, url: '/api/v1/providers?query=heart%00', path: 'querystring.query' },
      { method: 'GET' as const, url: '/api/v1/providers?specialty=cardiology&lang=en%00', path: 'querystring.lang' },
      // The auth handler's routes too (a sign-up's name would have reached the database).
      { method: 'POST' as const, url: '/api/auth/sign-up/email', payload: { name: 'Nul\u0000Name', email: 'nul@example.test', password: 'correct horse battery staple' }, path: 'body.name' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: c.url, ...(c.payload ? { payload: c.payload, headers: { origin: 'http://localhost:3000' } } : {}) });
      const problem = expectProblem(res, 400, 'request.invalid');
      expect(problem.errors, c.url).toEqual([expect.objectContaining({ path: c.path, code: 'nul-character' })]);
    }
    // The escape spelled out as text is only text.
    const spelled = await t.app.inject({ method: 'GET', url: '/api/v1/providers?query=%5Cu0000' });
    expect(spelled.statusCode).toBe(200);
  });

  it('refuses a signed-in change sent from another site (Origin or Sec-Fetch-Site), before the route runs', async () => {
    const person = await createSignedInUser(t, { prefix: 'cross-site' });
    const patch = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: { cookie: person.cookie, ...headers }, payload: {} });
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: 'http://localhost:8080' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site', origin: 'http://other.localhost' }];
    for (const headers of foreign) {
      expectProblem(await patch(headers), 403, 'request.cross-site');
    }
    // A refusal by an early hook still carries the headers every response carries.
    const refused = await patch({ origin: 'https://evil.example' });
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['content-security-policy']).toContain("default-src 'none'");
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/notifications' });
    expectProblem(anonymous, 401, 'auth.unauthenticated');
    expect(anonymous.headers['x-content-type-options']).toBe('nosniff');
    // The app's own pages, and clients that are no browser (no Origin), go through.
    expect((await patch({ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await patch({})).statusCode).toBe(200);
    // Reads are not changes, and a request without a cookie has no session to abuse.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie: person.cookie, origin: 'https://evil.example' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: { origin: 'https://evil.example' }, payload: {} })).statusCode).toBe(401);
  });

  it('refuses half a surrogate pair in a JSON body with 400 naming the field (it has no UTF-8 form; jsonb refused it as a 500)', async () => {
    for (const [raw, path] of [
      ['{"email":"a\\ud800@x.example","language":"en"}', 'body.email'],
      ['{"email":"a@x.example","language":"en","\\udfff":1}', 'body.\udfff'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: raw, headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' } });
      const problem = expectProblem(res, 400, 'request.invalid');
      expect(problem.errors, raw).toEqual([expect.objectContaining({ path, code: 'lone-surrogate' })]);
    }
    // A whole pair is a character like any other.
    const pair = await t.app.inject({ method: 'GET', url: `/api/v1/providers?query=${encodeURIComponent('\u{1D11E}')}` });
    expect(pair.statusCode).toBe(200);
  });

  it('uses the caller’s request id when it is well formed, a fresh one otherwise', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'trace-abc-12345' } });
    expect(mine.headers['x-request-id']).toBe('trace-abc-12345');
    const evil = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': '<script>' } });
    expect(evil.headers['x-request-id']).not.toBe('<script>');
    expect(String(evil.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it('sends a strict page CSP on documents, nosniff, a referrer policy and frame-ancestors none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/any/page', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('lets nothing run from a JSON response or a file opened directly', async () => {
    for (const url of ['/healthz', '/api/v1/site', '/locales/en/common.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});

describe('compression and caching', () => {
  it('compresses large responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('caches hashed assets for a year as immutable, and the app shell not at all', async () => {
    const assets = readdirSync(join(t.config.WEB_DIST_DIR, 'assets')).filter((f) => f.endsWith('.js'));
    expect(assets.length).toBeGreaterThan(0);
    const asset = await t.app.inject({ method: 'GET', url: `/assets/${assets[0]}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const page = await t.app.inject({ method: 'GET', url: '/some/page', headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('pages', () => {
  it('answers a path no screen owns with the server-rendered not-found page and status 404, scripts under a nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.body).toContain('<html');
    expect(res.body).toContain('Page Not Found');
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    const scripts = [...res.body.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>/g)];
    for (const m of scripts) expect(m[1]).toContain(`nonce="${nonce}"`);
  });

  it('answers the root and directory-like paths with a page, never 403', async () => {
    for (const url of ['/', '/locales/', '/assets', '/about/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect([200, 404], url).toContain(res.statusCode);
      expect(String(res.headers['content-type']), url).toMatch(/^text\/html/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/locales/' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/about/' })).statusCode).toBe(200);
  });

  it('answers a missing file with 404 problem+json rather than the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-file.js' });
    expectProblem(res, 404, 'route.not-found');
  });
});

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/api/v1/site', '/api/v1/newsletter/subscriptions']));
    const post = doc.paths['/api/v1/newsletter/subscriptions']?.post as { requestBody?: unknown } | undefined;
    expect(post?.requestBody).toBeDefined();
  });

  it('serves a browsable reference at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const final = res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: String(res.headers.location).startsWith('/') ? String(res.headers.location) : `/api/docs/${res.headers.location}` }) : res;
    expect(final.statusCode).toBe(200);
    expect(final.body).toContain('swagger');
    expect(String(final.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(final.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('route permissions', () => {
  it('every registered route declares a permission', () => {
    expect(t.app.registeredRoutes.length).toBeGreaterThan(5);
    const missing = t.app.registeredRoutes.filter((r) => r.permission === undefined);
    expect(missing).toEqual([]);
  });
});
