import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events.js';
import { tenantMemberships } from '../../db/schema/tenant-memberships.js';
import { tenants } from '../../db/schema/tenants.js';
import { startTestApp, uniqueSlug, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import type * as Repo from './tenants.repo.js';

/**
 * Spec §4: "if the membership insert fails the tenant is deleted again". Here the owner
 * membership is written with a role the database refuses (its check constraint), so the insert
 * really fails inside the transaction; the organisation must not survive it.
 */
const failing = vi.hoisted(() => ({ slug: '' }));
vi.mock('./tenants.repo.js', async (importOriginal) => {
  const original = await importOriginal<typeof Repo>();
  return {
    ...original,
    insertMembership: (tx: Parameters<typeof original.insertMembership>[0], values: Parameters<typeof original.insertMembership>[1]) =>
      original.insertMembership(tx, failing.slug ? { ...values, role: 'not-a-role' } : values),
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('creating an organisation when the owner membership fails', () => {
  it('leaves no organisation, membership or audit event behind, and the session unchanged', async () => {
    const owner = await createSignedInUser(t, { prefix: 'rollback' });
    failing.slug = uniqueSlug('rollback');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tenants',
      headers: { cookie: owner.cookie },
      payload: { name: 'Doomed Test Org', slug: failing.slug },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'server.internal' });
    expect(await t.database.db.select().from(tenants).where(eq(tenants.slug, failing.slug))).toHaveLength(0);
    expect(await t.database.db.select().from(tenantMemberships).where(eq(tenantMemberships.userId, owner.userId))).toHaveLength(0);
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, owner.userId));
    expect(audits.filter((a) => a.action === 'tenant.create')).toHaveLength(0);
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: owner.cookie } });
    expect(session.json()).toMatchObject({ currentTenant: null });

    // The same request succeeds once the membership can be written: nothing was left half-done.
    failing.slug = '';
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/v1/tenants',
      headers: { cookie: owner.cookie },
      payload: { name: 'Doomed Test Org', slug: uniqueSlug('rollback') },
    });
    expect(retry.statusCode).toBe(201);
  });
});
