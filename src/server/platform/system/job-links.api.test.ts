import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { bookAppointment, createPractice, hoursAhead } from '../../testing/booking-fixtures.js';
import { queryRows } from '../db/database.js';

/**
 * Without PUBLIC_URL the links the jobs write into emails point at the address the server listens
 * on. That address is worked out when the server starts listening and kept: while the server
 * closes, `server.address()` is null, and a job still running then must not write
 * http://localhost/… without the port.
 */
let t: TestApp;
let listening: string;

beforeAll(async () => {
  // No PUBLIC_URL; the jobs run only when the test asks.
  t = await startTestApp({ REMINDER_INTERVAL_SECONDS: '3600', WAITLIST_INTERVAL_SECONDS: '3600', APPOINTMENT_EMAIL_INTERVAL_SECONDS: '3600' });
  expect(t.config.PUBLIC_URL).toBeUndefined();
  listening = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

describe('links the jobs write without PUBLIC_URL', () => {
  it('keep the listening address and port while the server is closing', async () => {
    expect(listening).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const practice = await createPractice(t);
    const patient = await createSignedInUser(t, { prefix: 'linked' });
    const id = await bookAppointment(t, patient, practice, hoursAhead(6));
    // Booked two days ago, so it is due for its reminder now.
    await queryRows(t.database.db, sql`update appointments set created_at = now() - interval '2 days' where id = ${id}`);

    // As while closing: the server no longer has an address.
    const address = vi.spyOn(t.app.server, 'address').mockReturnValue(null);
    expect(await t.app.reminders.runOnce()).toEqual({ status: 'sent', count: 1 });
    address.mockRestore();

    const rows = await queryRows<{ link_origin: string }>(t.database.db, sql`select link_origin from appointment_emails where appointment_id = ${id} and kind = 'reminder'`);
    expect(rows).toEqual([{ link_origin: listening }]);
  });
});
