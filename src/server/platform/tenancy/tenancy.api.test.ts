import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit-events.js';
import { tenants } from '../../db/schema/tenants.js';
import { openTestDatabase } from '../../testing/test-database.js';
import { uniqueSlug } from '../../testing/api-fixture.js';
import { queryRows, type DatabaseHandle } from '../db/database.js';
import { asAppUser, withTenant } from './with-tenant.js';

let database: DatabaseHandle;
let tenantA: string;
let tenantB: string;

/** Unwraps Drizzle's error to PostgreSQL's SQLSTATE. */
async function sqlState(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? 'unknown';
  }
}

beforeAll(async () => {
  database = await openTestDatabase();
  // Set-up runs as the connection's own role (the system path), outside row-level security.
  const [a] = await database.db.insert(tenants).values({ name: 'Test Tenant A', slug: uniqueSlug('rls-a') }).returning({ id: tenants.id });
  const [b] = await database.db.insert(tenants).values({ name: 'Test Tenant B', slug: uniqueSlug('rls-b') }).returning({ id: tenants.id });
  tenantA = a!.id;
  tenantB = b!.id;
  await database.db.insert(auditEvents).values([
    { tenantId: tenantA, action: 'test.a1' },
    { tenantId: tenantA, action: 'test.a2' },
    { tenantId: tenantB, action: 'test.b1' },
  ]);
});
afterAll(async () => {
  await database?.close();
});

describe(`row-level security (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is enabled and forced on every tenant table', async () => {
    const rows = await queryRows<{ table: string; enabled: boolean; forced: boolean }>(database.db, sql`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (c.relname = 'tenants' or exists (
          select 1 from information_schema.columns col
          where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'tenant_id'))
      order by 1`);
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(['audit_events', 'tenants']));
    for (const row of rows) expect(row, row.table).toMatchObject({ enabled: true, forced: true });
  });

  it('returns no rows from a tenant table when no tenant is set', async () => {
    const rows = await asAppUser(database.db, { tenantId: null, userId: null }, async (tx) => ({
      tenants: await tx.select({ id: tenants.id }).from(tenants),
      events: await tx.select({ id: auditEvents.id }).from(auditEvents),
    }));
    expect(rows.tenants).toHaveLength(0);
    expect(rows.events).toHaveLength(0);
  });

  it('shows tenant A only its own rows, even when asked for B’s by id', async () => {
    const seen = await withTenant({ db: database.db, tenantId: tenantA }, async (tx) => ({
      events: await tx.select({ action: auditEvents.action, tenantId: auditEvents.tenantId }).from(auditEvents),
      tenantB: await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantB)),
      ownTenant: await tx.select({ id: tenants.id }).from(tenants),
    }));
    expect(seen.events.map((e) => e.action).sort()).toEqual(['test.a1', 'test.a2']);
    expect(seen.events.every((e) => e.tenantId === tenantA)).toBe(true);
    expect(seen.tenantB).toHaveLength(0);
    expect(seen.ownTenant.map((t) => t.id)).toEqual([tenantA]);
  });

  it('refuses an insert carrying another tenant’s id', async () => {
    const state = await sqlState(
      withTenant({ db: database.db, tenantId: tenantA }, (tx) =>
        tx.insert(auditEvents).values({ tenantId: tenantB, action: 'test.smuggled' }),
      ),
    );
    expect(state).toBe('42501');
    const smuggled = await database.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.smuggled'));
    expect(smuggled).toHaveLength(0);
  });

  it('cannot change or move another tenant’s rows', async () => {
    const renamed = await withTenant({ db: database.db, tenantId: tenantA }, (tx) =>
      tx.update(tenants).set({ name: 'Hijacked' }).where(eq(tenants.id, tenantB)).returning({ id: tenants.id }),
    );
    expect(renamed).toHaveLength(0);
    const moved = await sqlState(
      withTenant({ db: database.db, tenantId: tenantA }, (tx) => tx.update(tenants).set({ id: tenantB }).where(eq(tenants.id, tenantA))),
    );
    expect(moved).toBeDefined();
    const [b] = await database.db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantB));
    expect(b?.name).toBe('Test Tenant B');
  });

  it('keeps the audit trail append-only for the application role', async () => {
    const state = await sqlState(
      withTenant({ db: database.db, tenantId: tenantA }, (tx) => tx.delete(auditEvents).where(eq(auditEvents.tenantId, tenantA))),
    );
    expect(state).toBe('42501');
  });

  it('does not leak the settings or the role past the transaction', async () => {
    await withTenant({ db: database.db, tenantId: tenantA, userId: '00000000-0000-4000-8000-000000000001' }, async () => undefined);
    const rows = await queryRows<{ tenant: string | null; role: string }>(
      database.db,
      sql`select nullif(current_setting('app.tenant_id', true), '') as tenant, current_user as role`,
    );
    expect(rows[0]?.tenant ?? null).toBeNull();
    expect(rows[0]?.role).not.toBe('app_user');
  });
});
