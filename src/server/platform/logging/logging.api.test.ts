import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';

const lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('logs', () => {
  it('are JSON with a request id on every request line, and carry no personal data', async () => {
    const email = 'private.person@example.org';
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/newsletter/subscriptions?email=${encodeURIComponent(email)}`,
      headers: { cookie: 'session=secret-cookie', authorization: 'Bearer secret-token', 'x-request-id': 'log-test-0001' },
      payload: { email },
    });
    await t.app.inject({ method: 'POST', url: '/api/v1/newsletter/subscriptions', payload: { email: 'bad', name: 'Private Person' } });

    const requestLines = lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    for (const line of requestLines) expect(line.reqId).toEqual(expect.any(String));
    expect(requestLines.some((l) => l.reqId === 'log-test-0001')).toBe(true);

    const all = JSON.stringify(lines);
    for (const secret of [email, 'secret-cookie', 'secret-token', 'Private Person']) expect(all).not.toContain(secret);
  });
});
