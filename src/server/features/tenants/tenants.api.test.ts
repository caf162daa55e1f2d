import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTenantPermission } from '../../../shared/permissions.js';
import type { Invitation, Member, MembersPage, MyTenantsResponse, TenantDetail, UsageResponse } from '../../../shared/contracts/tenants.js';
import { auditEvents } from '../../db/schema/audit-events.js';
import { users } from '../../db/schema/auth.js';
import { tenantInvitations, tenantMemberships, tenantUsageMetrics } from '../../db/schema/tenant-memberships.js';
import { tenants } from '../../db/schema/tenants.js';
import { startTestApp, uniqueSlug, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser, firstLink, latestMail } from '../../testing/auth-helpers.js';
import { hashInvitationToken } from './tenants.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type User = Awaited<ReturnType<typeof createSignedInUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

function call(method: Method, url: string, user?: User | null, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function newTenant(owner: User, prefix = 'org'): Promise<TenantDetail> {
  const res = await call('POST', '/api/v1/tenants', owner, { name: `Test Org ${prefix} ${randomUUID().slice(0, 4)}`, slug: uniqueSlug(prefix) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TenantDetail>();
}

async function sessionOf(user: User) {
  return (await call('GET', '/api/v1/session', user)).json<{ currentTenant: { id: string; membershipRole: string } | null; permissions: string[] }>();
}

async function switchTo(user: User, tenantId: string) {
  const res = await call('PUT', '/api/v1/session/tenant', user, { tenantId });
  expect(res.statusCode, res.body).toBe(200);
}

/** Invites by email and reads the token from the mail the invitee received. */
async function invite(owner: User, email: string, role = 'member', permissions?: string[]) {
  const res = await call('POST', '/api/v1/tenant/invitations', owner, { email, role, ...(permissions ? { permissions } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ invitation: Invitation; emailSent: boolean }>();
  const mail = await latestMail(t, email.toLowerCase(), 'invited to join');
  if (!mail) throw new Error('no invitation mail');
  const link = new URL(firstLink(mail.textBody));
  return { invitation: body.invitation, emailSent: body.emailSent, token: link.searchParams.get('token') ?? '', link, mail };
}

/** Owner invites member into the owner's current organisation; the member accepts. */
async function join(owner: User, member: User, role = 'member') {
  const { token } = await invite(owner, member.email, role);
  const res = await call('POST', '/api/v1/invitations/accept', member, { token });
  expect(res.statusCode, res.body).toBe(200);
}

async function membership(tenantId: string, userId: string) {
  const [row] = await t.database.db
    .select()
    .from(tenantMemberships)
    .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.userId, userId)));
  return row;
}

async function auditActions(tenantId: string) {
  const rows = await t.database.db.select({ action: auditEvents.action, outcome: auditEvents.outcome }).from(auditEvents).where(eq(auditEvents.tenantId, tenantId));
  return rows.map((r) => `${r.action}:${r.outcome}`);
}

describe('POST /api/v1/tenants', () => {
  it('creates a starter organisation with a 30-day trial, makes the caller its owner and switches the session', async () => {
    const owner = await createSignedInUser(t, { prefix: 'creator' });
    expect((await sessionOf(owner)).currentTenant).toBeNull();
    const before = Date.now();
    const slug = uniqueSlug('harbour');
    const res = await call('POST', '/api/v1/tenants', owner, { name: '  Harbour Test Clinic ', slug: slug.toUpperCase(), domain: `${slug}.example.test` });
    expect(res.statusCode, res.body).toBe(201);
    const tenant = res.json<TenantDetail>();
    expect(tenant).toMatchObject({
      name: 'Harbour Test Clinic',
      slug,
      domain: `${slug}.example.test`,
      planType: 'starter',
      features: {},
      branding: {},
      requireMfaForStaff: false,
      membershipRole: 'owner',
    });
    const trialMs = Date.parse(tenant.trialEndsAt ?? '') - before;
    expect(trialMs).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(trialMs).toBeLessThan(30 * DAY_MS + 60_000);

    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(row).toMatchObject({ adminUserId: owner.userId, planType: 'starter', features: {}, branding: {} });
    const own = await membership(tenant.id, owner.userId);
    expect(own).toMatchObject({ role: 'owner', status: 'active', permissions: [] });
    expect(own?.joinedAt).toBeInstanceOf(Date);

    const session = await sessionOf(owner);
    expect(session.currentTenant).toMatchObject({ id: tenant.id, membershipRole: 'owner' });
    expect(session.permissions).toEqual(expect.arrayContaining(['tenant.read', 'tenant.manage', 'tenant.members.manage']));
    expect(await auditActions(tenant.id)).toContain('tenant.create:success');
  });

  it('refuses a taken slug or domain with 409 and a clear code, in any letter case', async () => {
    const owner = await createSignedInUser(t, { prefix: 'dupe' });
    const first = await newTenant(owner, 'dupe');
    const sameSlug = await call('POST', '/api/v1/tenants', owner, { name: 'Another', slug: first.slug.toUpperCase() });
    expect(sameSlug.statusCode).toBe(409);
    expect(sameSlug.json()).toMatchObject({ code: 'tenant.slug-taken' });

    const domain = `${uniqueSlug('dom')}.example.test`;
    expect((await call('PATCH', '/api/v1/tenant', owner, { domain })).statusCode).toBe(200);
    const sameDomain = await call('POST', '/api/v1/tenants', owner, { name: 'Another', slug: uniqueSlug('other'), domain: domain.toUpperCase() });
    expect(sameDomain.statusCode).toBe(409);
    expect(sameDomain.json()).toMatchObject({ code: 'tenant.domain-taken' });
    // The session still acts in the first organisation.
    expect((await sessionOf(owner)).currentTenant?.id).toBe(first.id);
  });

  it('refuses invalid names, slugs and domains, and fields a client may not set', async () => {
    const owner = await createSignedInUser(t, { prefix: 'invalid' });
    const base = { name: 'Valid Name', slug: uniqueSlug('valid') };
    const cases: Record<string, unknown>[] = [
      { ...base, name: '   ' },
      { ...base, name: 'x'.repeat(201) },
      { ...base, slug: '-starts-with-dash' },
      { ...base, slug: 'has space' },
      { ...base, slug: 'a'.repeat(64) },
      { ...base, domain: 'not a domain' },
      { ...base, planType: 'enterprise' },
      { ...base, adminUserId: randomUUID() },
      { ...base, tenantId: randomUUID() },
      { ...base, status: 'active' },
      { ...base, features: { telehealth: true } },
    ];
    for (const payload of cases) {
      const res = await call('POST', '/api/v1/tenants', owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'request.invalid' });
    }
    expect(await t.database.db.select().from(tenants).where(eq(tenants.slug, base.slug))).toHaveLength(0);
  });

  it('needs a signed-in person', async () => {
    const res = await call('POST', '/api/v1/tenants', null, { name: 'Nobody', slug: uniqueSlug('nobody') });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'auth.unauthenticated' });
  });
});

describe('GET /api/v1/tenants', () => {
  it("lists the caller's active memberships with the current one marked, and nobody else's", async () => {
    const me = await createSignedInUser(t, { prefix: 'lister' });
    const stranger = await createSignedInUser(t, { prefix: 'stranger' });
    const first = await newTenant(me, 'first');
    const second = await newTenant(me, 'second');
    const theirs = await newTenant(stranger, 'theirs');
    const res = await call('GET', '/api/v1/tenants', me);
    expect(res.statusCode).toBe(200);
    const body = res.json<MyTenantsResponse>();
    expect(body.currentTenantId).toBe(second.id);
    expect(body.tenants.map((x) => x.id).sort()).toEqual([first.id, second.id].sort());
    expect(body.tenants.find((x) => x.id === second.id)).toMatchObject({ current: true, membershipRole: 'owner', planType: 'starter' });
    expect(body.tenants.find((x) => x.id === first.id)?.current).toBe(false);
    expect(JSON.stringify(body)).not.toContain(theirs.id);

    const none = await createSignedInUser(t, { prefix: 'no-orgs' });
    expect((await call('GET', '/api/v1/tenants', none)).json()).toEqual({ tenants: [], currentTenantId: null });
  });

  it('leaves out suspended memberships', async () => {
    const owner = await createSignedInUser(t, { prefix: 'susp-owner' });
    const member = await createSignedInUser(t, { prefix: 'susp-member' });
    const tenant = await newTenant(owner, 'susp');
    await join(owner, member);
    await t.database.db
      .update(tenantMemberships)
      .set({ status: 'suspended' })
      .where(and(eq(tenantMemberships.tenantId, tenant.id), eq(tenantMemberships.userId, member.userId)));
    const body = (await call('GET', '/api/v1/tenants', member)).json<MyTenantsResponse>();
    expect(body.tenants).toEqual([]);
    expect(body.currentTenantId).toBeNull();
  });
});

describe('GET and PATCH /api/v1/tenant', () => {
  it('shows the current organisation and lets an owner change name, domain, branding', async () => {
    const owner = await createSignedInUser(t, { prefix: 'editor' });
    const tenant = await newTenant(owner, 'edit');
    const got = await call('GET', '/api/v1/tenant', owner);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(tenant);

    const domain = `${uniqueSlug('brand')}.example.test`;
    const patched = await call('PATCH', '/api/v1/tenant', owner, {
      name: 'Renamed Test Clinic',
      domain,
      branding: { primaryColor: '#0F766E', logoUrl: 'https://cdn.example.test/logo.png' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Renamed Test Clinic', domain, branding: { primaryColor: '#0F766E', logoUrl: 'https://cdn.example.test/logo.png' } });

    // Branding merges: a value sets, null clears, absent keeps.
    const cleared = await call('PATCH', '/api/v1/tenant', owner, { branding: { logoUrl: null } });
    expect(cleared.json<TenantDetail>().branding).toEqual({ primaryColor: '#0F766E' });
    const noDomain = await call('PATCH', '/api/v1/tenant', owner, { domain: null });
    expect(noDomain.json<TenantDetail>()).toMatchObject({ domain: null, name: 'Renamed Test Clinic' });
    expect(await auditActions(tenant.id)).toEqual(expect.arrayContaining(['tenant.update:success']));
  });

  it('refuses a plan change, identity fields, bad branding and an empty change', async () => {
    const owner = await createSignedInUser(t, { prefix: 'patcher' });
    const tenant = await newTenant(owner, 'patch');
    const cases: Record<string, unknown>[] = [
      {},
      { planType: 'enterprise' },
      { name: 'X', tenantId: randomUUID() },
      { name: 'X', adminUserId: owner.userId },
      { name: 'X', slug: 'new-slug' },
      { name: 'X', trialEndsAt: new Date().toISOString() },
      { branding: { primaryColor: 'teal' } },
      { branding: { primaryColor: '#12345' } },
      { branding: { logoUrl: 'http://cdn.example.test/logo.png' } },
      { branding: { logoUrl: 'javascript:alert(1)' } },
      { branding: { fontFamily: 'Comic Sans' } },
    ];
    for (const payload of cases) {
      const res = await call('PATCH', '/api/v1/tenant', owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenant.id));
    expect(row).toMatchObject({ name: tenant.name, planType: 'starter', slug: tenant.slug });
  });

  it('requires two-factor authentication of the person turning on the staff rule', async () => {
    const owner = await createSignedInUser(t, { prefix: 'mfa-owner' });
    const tenant = await newTenant(owner, 'mfa');
    const refused = await call('PATCH', '/api/v1/tenant', owner, { requireMfaForStaff: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'tenant.mfa-self-required' });

    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, owner.userId));
    const allowed = await call('PATCH', '/api/v1/tenant', owner, { requireMfaForStaff: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ id: tenant.id, requireMfaForStaff: true });

    // A staff invitee without two-factor joins, but the session does not switch to the organisation.
    const provider = await createSignedInUser(t, { prefix: 'mfa-provider' });
    const { token } = await invite(owner, provider.email, 'provider');
    const accepted = await call('POST', '/api/v1/invitations/accept', provider, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ tenantId: tenant.id, switched: false });
    expect(await membership(tenant.id, provider.userId)).toMatchObject({ role: 'provider', status: 'active' });
    expect((await sessionOf(provider)).currentTenant).toBeNull();
  });

  it('refuses members without tenant.manage, and people with no organisation', async () => {
    const owner = await createSignedInUser(t, { prefix: 'perm-owner' });
    const member = await createSignedInUser(t, { prefix: 'perm-member' });
    const tenant = await newTenant(owner, 'perm');
    await join(owner, member, 'provider');
    expect((await sessionOf(member)).currentTenant?.id).toBe(tenant.id);

    expect((await call('GET', '/api/v1/tenant', member)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['PATCH', '/api/v1/tenant', { name: 'Taken Over' }],
      ['POST', '/api/v1/tenant/invitations', { email: 'someone@example.test', role: 'member' }],
      ['GET', '/api/v1/tenant/invitations', undefined],
      ['PATCH', `/api/v1/tenant/members/${owner.userId}`, { role: 'member' }],
      ['DELETE', `/api/v1/tenant/members/${owner.userId}`, undefined],
    ] as const) {
      const res = await call(method, url, member, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'auth.forbidden' });
    }
    expect((await membership(tenant.id, owner.userId))?.role).toBe('owner');

    const patient = await createSignedInUser(t, { prefix: 'patient' });
    for (const url of ['/api/v1/tenant', '/api/v1/tenant/members', '/api/v1/tenant/usage', '/api/v1/tenant/invitations']) {
      const res = await call('GET', url, patient);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'tenant.none-selected' });
    }
    const patch = await call('PATCH', '/api/v1/tenant', patient, { name: 'Mine now' });
    expect(patch.json()).toMatchObject({ code: 'tenant.none-selected' });
    for (const url of ['/api/v1/tenant', '/api/v1/tenant/members', '/api/v1/tenant/usage', '/api/v1/tenants']) {
      expect((await call('GET', url, null)).statusCode, url).toBe(401);
    }
  });
});

describe('members', () => {
  it('lists newest first with paging and search by name or email, and only this organisation', async () => {
    const owner = await createSignedInUser(t, { prefix: 'roster' });
    const tenant = await newTenant(owner, 'roster');
    const alpha = await createSignedInUser(t, { prefix: 'alpha' });
    const beta = await createSignedInUser(t, { prefix: 'beta' });
    await join(owner, alpha, 'provider');
    await join(owner, beta, 'support_coordinator');
    // Beta also owns an organisation elsewhere: that membership must never appear here.
    const elsewhere = await newTenant(beta, 'elsewhere');
    await switchTo(beta, tenant.id);

    const page = (await call('GET', '/api/v1/tenant/members', owner)).json<MembersPage>();
    expect(page.total).toBe(3);
    expect(page.members.map((m) => m.userId)).toEqual([beta.userId, alpha.userId, owner.userId]);
    expect(page.members[0]).toMatchObject({
      name: beta.name,
      email: beta.email,
      role: 'support_coordinator',
      status: 'active',
      invitedBy: { userId: owner.userId, name: owner.name },
    });
    expect(page.members[2]).toMatchObject({ role: 'owner', invitedBy: null });
    expect(page.members.every((m) => m.joinedAt !== null)).toBe(true);

    // Seen by a member too (read-only list), and never with the other organisation's rows.
    const asBeta = (await call('GET', '/api/v1/tenant/members', beta)).json<MembersPage>();
    expect(asBeta.total).toBe(3);
    expect(asBeta.members.filter((m) => m.userId === beta.userId)).toHaveLength(1);
    expect(JSON.stringify(asBeta)).not.toContain(elsewhere.id);

    const second = (await call('GET', '/api/v1/tenant/members?page=2&pageSize=1', owner)).json<MembersPage>();
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 3 });
    expect(second.members.map((m) => m.userId)).toEqual([alpha.userId]);

    const byName = (await call('GET', `/api/v1/tenant/members?search=${encodeURIComponent(alpha.name.slice(5).toUpperCase())}`, owner)).json<MembersPage>();
    expect(byName.members.map((m) => m.userId)).toEqual([alpha.userId]);
    const byEmail = (await call('GET', `/api/v1/tenant/members?search=${encodeURIComponent(beta.email)}`, owner)).json<MembersPage>();
    expect(byEmail.members.map((m) => m.userId)).toEqual([beta.userId]);
    const wildcard = (await call('GET', '/api/v1/tenant/members?search=%25', owner)).json<MembersPage>();
    expect(wildcard.total).toBe(0);

    for (const query of ['page=0', 'pageSize=101', 'tenantId=' + tenant.id, 'page=abc']) {
      expect((await call('GET', `/api/v1/tenant/members?${query}`, owner)).statusCode, query).toBe(400);
    }
  });

  it('changes roles by the rules: owners grant admin, admins cannot; the last owner stays', async () => {
    const owner = await createSignedInUser(t, { prefix: 'roles-owner' });
    const admin = await createSignedInUser(t, { prefix: 'roles-admin' });
    const member = await createSignedInUser(t, { prefix: 'roles-member' });
    const tenant = await newTenant(owner, 'roles');
    await join(owner, admin, 'admin');
    await join(owner, member, 'member');

    const toProvider = await call('PATCH', `/api/v1/tenant/members/${member.userId}`, admin, { role: 'provider' });
    expect(toProvider.statusCode, toProvider.body).toBe(200);
    expect(toProvider.json<Member>()).toMatchObject({ userId: member.userId, role: 'provider' });

    for (const [target, role] of [
      [member, 'admin'],
      [member, 'owner'],
      [owner, 'member'],
    ] as const) {
      const res = await call('PATCH', `/api/v1/tenant/members/${target.userId}`, admin, { role });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'tenant.owner-required' });
    }
    const removeOwner = await call('DELETE', `/api/v1/tenant/members/${owner.userId}`, admin);
    expect(removeOwner.json()).toMatchObject({ code: 'tenant.owner-required' });

    const lastOwner = await call('PATCH', `/api/v1/tenant/members/${owner.userId}`, owner, { role: 'admin' });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json()).toMatchObject({ code: 'tenant.last-owner' });
    const leave = await call('DELETE', `/api/v1/tenant/members/${owner.userId}`, owner);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toMatchObject({ code: 'tenant.last-owner' });

    // A second owner lets the first step down.
    expect((await call('PATCH', `/api/v1/tenant/members/${admin.userId}`, owner, { role: 'owner' })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/v1/tenant/members/${owner.userId}`, owner, { role: 'member' })).statusCode).toBe(200);
    expect((await membership(tenant.id, owner.userId))?.role).toBe('member');

    for (const payload of [{ role: 'superuser' }, { role: 'member', status: 'suspended' }, { role: 'member', userId: randomUUID() }, { role: 'member', tenantId: tenant.id }]) {
      expect((await call('PATCH', `/api/v1/tenant/members/${member.userId}`, admin, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('PATCH', '/api/v1/tenant/members/not-a-uuid', admin, { role: 'member' })).statusCode).toBe(400);

    const actions = await auditActions(tenant.id);
    expect(actions).toEqual(expect.arrayContaining(['tenant.member.role-change:success', 'tenant.member.role-change:denied', 'tenant.member.remove:denied']));
  });

  it('removes a member, answers 404 for someone who is not one, and the removed person loses access', async () => {
    const owner = await createSignedInUser(t, { prefix: 'remover' });
    const member = await createSignedInUser(t, { prefix: 'removed' });
    const tenant = await newTenant(owner, 'remove');
    await join(owner, member, 'member');
    expect((await call('GET', '/api/v1/tenant', member)).statusCode).toBe(200);

    const removed = await call('DELETE', `/api/v1/tenant/members/${member.userId}`, owner);
    expect(removed.statusCode).toBe(204);
    expect(await membership(tenant.id, member.userId)).toBeUndefined();
    expect((await call('GET', '/api/v1/tenant', member)).json()).toMatchObject({ code: 'tenant.none-selected' });

    const again = await call('DELETE', `/api/v1/tenant/members/${member.userId}`, owner);
    const unknown = await call('DELETE', `/api/v1/tenant/members/${randomUUID()}`, owner);
    expect(again.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(again.json().code).toBe('tenant.member-not-found');
    expect(unknown.json().code).toBe('tenant.member-not-found');
    expect(await auditActions(tenant.id)).toContain('tenant.member.remove:success');
  });
});

describe('invitations', () => {
  it('invites by email with a 7-day link, stores only the token hash, and lists pending invitations', async () => {
    const owner = await createSignedInUser(t, { prefix: 'inviter' });
    const tenant = await newTenant(owner, 'invite');
    const email = `Invitee.${randomUUID().slice(0, 8)}@Example.test`;
    const before = Date.now();
    const sent = await invite(owner, email, 'support_coordinator', ['audit.read']);
    expect(sent.emailSent).toBe(true);
    expect(sent.invitation).toMatchObject({ email: email.toLowerCase(), role: 'support_coordinator', permissions: ['audit.read'], invitedBy: { userId: owner.userId, name: owner.name } });
    const ttl = Date.parse(sent.invitation.expiresAt) - before;
    expect(ttl).toBeGreaterThanOrEqual(7 * DAY_MS - 1000);
    expect(ttl).toBeLessThan(7 * DAY_MS + 60_000);

    expect(sent.link.pathname).toBe('/invitations/accept');
    expect(sent.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.mail.subject).toContain(tenant.name);
    expect(sent.mail.textBody).toContain(owner.name);
    const [row] = await t.database.db.select().from(tenantInvitations).where(eq(tenantInvitations.id, sent.invitation.id));
    expect(row?.tokenHash).toBe(hashInvitationToken(sent.token));
    expect(JSON.stringify(row)).not.toContain(sent.token);
    expect(row?.tenantId).toBe(tenant.id);

    const list = await call('GET', '/api/v1/tenant/invitations', owner);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ invitations: Invitation[] }>().invitations.map((i) => i.id)).toEqual([sent.invitation.id]);
    expect(JSON.stringify(list.json())).not.toContain(row?.tokenHash ?? 'x');
    expect(await auditActions(tenant.id)).toContain('tenant.invitation.create:success');
  });

  it('refuses a second pending invitation, an existing member, the owner role and admin invitations from admins', async () => {
    const owner = await createSignedInUser(t, { prefix: 'dup-inviter' });
    const admin = await createSignedInUser(t, { prefix: 'dup-admin' });
    await newTenant(owner, 'dup-invite');
    await join(owner, admin, 'admin');
    const email = `twice.${randomUUID().slice(0, 8)}@example.test`;
    await invite(owner, email);
    const twice = await call('POST', '/api/v1/tenant/invitations', owner, { email: email.toUpperCase(), role: 'provider' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'tenant.invitation-pending' });

    const member = await call('POST', '/api/v1/tenant/invitations', owner, { email: admin.email, role: 'member' });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({ code: 'tenant.already-member' });

    const asOwnerRole = await call('POST', '/api/v1/tenant/invitations', owner, { email: 'new.owner@example.test', role: 'owner' });
    expect(asOwnerRole.statusCode).toBe(400);
    const adminByAdmin = await call('POST', '/api/v1/tenant/invitations', admin, { email: 'new.admin@example.test', role: 'admin' });
    expect(adminByAdmin.statusCode).toBe(403);
    expect(adminByAdmin.json()).toMatchObject({ code: 'tenant.owner-required' });
    expect((await call('POST', '/api/v1/tenant/invitations', admin, { email: `by.admin.${randomUUID().slice(0, 6)}@example.test`, role: 'provider' })).statusCode).toBe(201);

    for (const payload of [
      { email: 'not-an-email', role: 'member' },
      { email: 'x@example.test', role: 'member', tenantId: randomUUID() },
      { email: 'x@example.test', role: 'member', status: 'accepted' },
      { email: 'x@example.test', role: 'member', invitedBy: randomUUID() },
      { email: 'x@example.test', role: 'member', permissions: ['platform.users.manage'] },
    ]) {
      expect((await call('POST', '/api/v1/tenant/invitations', owner, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('resends with a new token and expiry, and revokes', async () => {
    const owner = await createSignedInUser(t, { prefix: 'resender' });
    const tenant = await newTenant(owner, 'resend');
    const email = `resend.${randomUUID().slice(0, 8)}@example.test`;
    const first = await invite(owner, email, 'provider');
    await t.database.db.update(tenantInvitations).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(tenantInvitations.id, first.invitation.id));

    const resent = await call('POST', `/api/v1/tenant/invitations/${first.invitation.id}/resend`, owner);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(Date.parse(resent.json<{ invitation: Invitation }>().invitation.expiresAt)).toBeGreaterThan(Date.now() + 6 * DAY_MS);
    const mail = await latestMail(t, email, 'invited to join');
    const newToken = new URL(firstLink(mail!.textBody)).searchParams.get('token') ?? '';
    expect(newToken).not.toBe(first.token);
    expect((await call('GET', `/api/v1/invitations/preview?token=${first.token}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/invitations/preview?token=${newToken}`)).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/v1/tenant/invitations/${first.invitation.id}`, owner);
    expect(revoked.statusCode).toBe(204);
    expect((await call('GET', '/api/v1/tenant/invitations', owner)).json()).toEqual({ invitations: [] });
    const preview = await call('GET', `/api/v1/invitations/preview?token=${newToken}`);
    expect(preview.statusCode).toBe(400);
    expect(preview.json()).toMatchObject({ code: 'tenant.invitation-invalid' });
    for (const [method, url] of [
      ['DELETE', `/api/v1/tenant/invitations/${first.invitation.id}`],
      ['POST', `/api/v1/tenant/invitations/${first.invitation.id}/resend`],
    ] as const) {
      const res = await call(method, url, owner);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'tenant.invitation-not-found' });
    }
    expect(await auditActions(tenant.id)).toEqual(expect.arrayContaining(['tenant.invitation.resend:success', 'tenant.invitation.revoke:success']));
  });

  it('previews a valid token publicly with the organisation name and role only', async () => {
    const owner = await createSignedInUser(t, { prefix: 'previewer' });
    const tenant = await newTenant(owner, 'preview');
    const email = `preview.${randomUUID().slice(0, 8)}@example.test`;
    const { token } = await invite(owner, email, 'allied_health');
    const res = await call('GET', `/api/v1/invitations/preview?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['expiresAt', 'role', 'tenantName']);
    expect(res.json()).toMatchObject({ tenantName: tenant.name, role: 'allied_health' });
    expect(res.body).not.toContain(email);

    for (const bad of ['', 'short', 'x'.repeat(43), token.slice(0, 42) + (token.endsWith('A') ? 'B' : 'A')]) {
      const invalid = await call('GET', `/api/v1/invitations/preview?token=${encodeURIComponent(bad)}`);
      expect(invalid.statusCode, bad).toBe(404);
      expect(invalid.json()).toMatchObject({ code: 'tenant.invitation-invalid' });
    }
  });

  it('accepts only for the invited email: membership, then accepted_at, then the session switches', async () => {
    const owner = await createSignedInUser(t, { prefix: 'acc-owner' });
    const invitee = await createSignedInUser(t, { prefix: 'acc-invitee' });
    const intruder = await createSignedInUser(t, { prefix: 'acc-intruder' });
    const tenant = await newTenant(owner, 'accept');
    const { token, invitation } = await invite(owner, invitee.email.toUpperCase(), 'provider', ['audit.read']);

    const wrongPerson = await call('POST', '/api/v1/invitations/accept', intruder, { token });
    expect(wrongPerson.statusCode).toBe(400);
    expect(wrongPerson.json()).toMatchObject({ code: 'tenant.invitation-invalid' });
    expect(await membership(tenant.id, intruder.userId)).toBeUndefined();
    expect((await call('POST', '/api/v1/invitations/accept', null, { token })).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/invitations/accept', invitee, { token, tenantId: tenant.id })).statusCode).toBe(400);

    const accepted = await call('POST', '/api/v1/invitations/accept', invitee, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ tenantId: tenant.id, tenantName: tenant.name, role: 'provider', switched: true });
    const row = await membership(tenant.id, invitee.userId);
    expect(row).toMatchObject({ role: 'provider', status: 'active', permissions: ['audit.read'], invitedBy: owner.userId });
    expect(row?.invitedAt?.toISOString()).toBe(invitation.createdAt);
    expect(row?.joinedAt).toBeInstanceOf(Date);
    const [inv] = await t.database.db.select().from(tenantInvitations).where(eq(tenantInvitations.id, invitation.id));
    expect(inv?.acceptedAt).toBeInstanceOf(Date);
    expect((await sessionOf(invitee)).currentTenant).toMatchObject({ id: tenant.id, membershipRole: 'provider' });
    // The invitation's extra permission is held on top of the provider role's.
    expect((await sessionOf(invitee)).permissions).toEqual(expect.arrayContaining(['tenant.read', 'audit.read']));
    expect((await sessionOf(invitee)).permissions).not.toContain('tenant.manage');
    expect(await auditActions(tenant.id)).toContain('tenant.invitation.accept:success');

    const twice = await call('POST', '/api/v1/invitations/accept', invitee, { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'tenant.invitation-invalid' });
  });

  it('refuses expired, revoked and unknown invitations', async () => {
    const owner = await createSignedInUser(t, { prefix: 'exp-owner' });
    const invitee = await createSignedInUser(t, { prefix: 'exp-invitee' });
    const tenant = await newTenant(owner, 'expire');
    const expired = await invite(owner, invitee.email);
    await t.database.db.update(tenantInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tenantInvitations.id, expired.invitation.id));
    const res = await call('POST', '/api/v1/invitations/accept', invitee, { token: expired.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'tenant.invitation-invalid' });
    // An expired invitation is no longer pending: a new one may be sent.
    const fresh = await invite(owner, invitee.email);
    expect((await call('DELETE', `/api/v1/tenant/invitations/${fresh.invitation.id}`, owner)).statusCode).toBe(204);
    expect((await call('POST', '/api/v1/invitations/accept', invitee, { token: fresh.token })).statusCode).toBe(400);
    const unknown = await call('POST', '/api/v1/invitations/accept', invitee, { token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'tenant.invitation-invalid' });
    expect(await membership(tenant.id, invitee.userId)).toBeUndefined();
  });
});

describe('switching organisation', () => {
  it('answers 404 for an organisation without an active membership, as for a missing one', async () => {
    const owner = await createSignedInUser(t, { prefix: 'sw-owner' });
    const outsider = await createSignedInUser(t, { prefix: 'sw-outsider' });
    const tenant = await newTenant(owner, 'switch');
    const theirs = await call('PUT', '/api/v1/session/tenant', outsider, { tenantId: tenant.id });
    const missing = await call('PUT', '/api/v1/session/tenant', outsider, { tenantId: randomUUID() });
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.json().code).toBe(missing.json().code);
    expect((await sessionOf(outsider)).currentTenant).toBeNull();
  });
});

describe('GET /api/v1/tenant/usage', () => {
  it('serves the daily rows of the current organisation by range, oldest first, last 30 days by default', async () => {
    const owner = await createSignedInUser(t, { prefix: 'usage-owner' });
    const member = await createSignedInUser(t, { prefix: 'usage-member' });
    const patient = await createSignedInUser(t, { prefix: 'usage-patient' });
    const tenant = await newTenant(owner, 'usage');
    await join(owner, member, 'provider');
    // A plain member (a patient or family carer of the organisation) sees neither usage nor the member list.
    await join(owner, patient, 'member');
    for (const url of ['/api/v1/tenant/usage', '/api/v1/tenant/members']) {
      const refused = await call('GET', url, patient);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ code: 'auth.forbidden' });
    }
    expect((await call('GET', '/api/v1/tenant', patient)).statusCode).toBe(200);
    const now = new Date();
    const today = utcDay(now);
    const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
    const longAgo = utcDay(new Date(now.getTime() - 40 * DAY_MS));
    // Rows as the daily job writes them (the job itself is tested in platform/system).
    await t.database.db
      .insert(tenantUsageMetrics)
      .values([
        { tenantId: tenant.id, metricDate: today, activeUsers: 2, signIns: 3, storageBytes: 5_000_000_000 },
        { tenantId: tenant.id, metricDate: yesterday, activeUsers: 1, signIns: 1, storageBytes: 10 },
        { tenantId: tenant.id, metricDate: longAgo, activeUsers: 5, signIns: 9, storageBytes: 20 },
      ])
      .onConflictDoUpdate({ target: [tenantUsageMetrics.tenantId, tenantUsageMetrics.metricDate], set: { activeUsers: 2, signIns: 3, storageBytes: 5_000_000_000 } });

    const usage = await call('GET', '/api/v1/tenant/usage', member);
    expect(usage.statusCode, usage.body).toBe(200);
    const body = usage.json<UsageResponse>();
    expect(body.to).toBe(today);
    expect(body.from).toBe(utcDay(new Date(now.getTime() - 29 * DAY_MS)));
    expect(body.days.map((d) => d.date)).toEqual([yesterday, today]);
    expect(body.days[1]).toEqual({ date: today, activeUsers: 2, signIns: 3, storageBytes: 5_000_000_000 });

    const ranged = (await call('GET', `/api/v1/tenant/usage?from=${longAgo}&to=${yesterday}`, owner)).json<UsageResponse>();
    expect(ranged.days.map((d) => d.date)).toEqual([longAgo, yesterday]);

    for (const query of [`from=${today}&to=${yesterday}`, 'from=2020-01-01&to=2021-12-31', 'from=2024-02-30', 'to=yesterday', `from=${today}&tenantId=${tenant.id}`]) {
      const res = await call('GET', `/api/v1/tenant/usage?${query}`, owner);
      expect(res.statusCode, query).toBe(400);
    }
    const longest = await call('GET', '/api/v1/tenant/usage?from=2024-01-01&to=2024-12-31', owner);
    expect(longest.statusCode).toBe(200);
    expect(longest.json()).toEqual({ from: '2024-01-01', to: '2024-12-31', days: [] });
  });
});

describe('cross-tenant isolation', () => {
  it("gives a member of organisation B 404 for A's ids, exactly as for missing ones, and never A's data", async () => {
    const ownerA = await createSignedInUser(t, { prefix: 'iso-owner-a' });
    const memberA = await createSignedInUser(t, { prefix: 'iso-member-a' });
    const ownerB = await createSignedInUser(t, { prefix: 'iso-owner-b' });
    const tenantA = await newTenant(ownerA, 'iso-a');
    await join(ownerA, memberA, 'provider');
    const pendingA = await invite(ownerA, `iso.pending.${randomUUID().slice(0, 8)}@example.test`, 'member');
    const tenantB = await newTenant(ownerB, 'iso-b');
    await t.database.db.insert(tenantUsageMetrics).values({ tenantId: tenantA.id, metricDate: utcDay(new Date()), activeUsers: 77, signIns: 77, storageBytes: 77 })
      .onConflictDoUpdate({ target: [tenantUsageMetrics.tenantId, tenantUsageMetrics.metricDate], set: { activeUsers: 77 } });
    const missing = randomUUID();

    // Reads show B only, whatever the request names.
    const current = await call('GET', '/api/v1/tenant', ownerB, undefined, { 'x-tenant-id': tenantA.id });
    expect(current.json<TenantDetail>().id).toBe(tenantB.id);
    const reads = [
      await call('GET', '/api/v1/tenant', ownerB),
      await call('GET', '/api/v1/tenant/members', ownerB),
      await call('GET', `/api/v1/tenant/members?search=${encodeURIComponent(memberA.email)}`, ownerB),
      await call('GET', '/api/v1/tenant/invitations', ownerB),
      await call('GET', '/api/v1/tenant/usage', ownerB),
      await call('GET', '/api/v1/tenants', ownerB),
    ];
    for (const res of reads) {
      expect(res.statusCode, res.body).toBe(200);
      for (const secret of [tenantA.id, tenantA.name, memberA.userId, memberA.email, ownerA.userId, pendingA.invitation.id]) {
        expect(res.body, secret).not.toContain(secret);
      }
    }
    expect((await call('GET', '/api/v1/tenant/usage', ownerB)).json<UsageResponse>().days.every((d) => d.activeUsers !== 77)).toBe(true);

    // Writes naming A's records answer exactly like missing records.
    const byId: [Method, (id: string) => string, unknown][] = [
      ['PATCH', (id) => `/api/v1/tenant/members/${id}`, { role: 'member' }],
      ['DELETE', (id) => `/api/v1/tenant/members/${id}`, undefined],
    ];
    for (const [method, url, payload] of byId) {
      for (const foreign of [memberA.userId, ownerA.userId]) {
        const theirs = await call(method, url(foreign), ownerB, payload);
        const none = await call(method, url(missing), ownerB, payload);
        expect(theirs.statusCode, `${method} ${url(foreign)}`).toBe(404);
        expect(theirs.json().code).toBe(none.json().code);
        expect(theirs.json().detail).toBe(none.json().detail);
      }
    }
    for (const [method, url] of [
      ['POST', (id: string) => `/api/v1/tenant/invitations/${id}/resend`],
      ['DELETE', (id: string) => `/api/v1/tenant/invitations/${id}`],
    ] as const) {
      const theirs = await call(method, url(pendingA.invitation.id), ownerB);
      const none = await call(method, url(missing), ownerB);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().code).toBe(none.json().code);
    }

    // Updates and new invitations land in B, and bodies naming A are refused.
    expect((await call('PATCH', '/api/v1/tenant', ownerB, { name: 'B Renamed', tenantId: tenantA.id })).statusCode).toBe(400);
    expect((await call('POST', '/api/v1/tenant/invitations', ownerB, { email: 'x@example.test', role: 'member', tenantId: tenantA.id })).statusCode).toBe(400);
    expect((await call('PATCH', '/api/v1/tenant', ownerB, { name: 'B Renamed' })).statusCode).toBe(200);
    const created = await invite(ownerB, `iso.b.${randomUUID().slice(0, 8)}@example.test`);
    const [createdRow] = await t.database.db.select().from(tenantInvitations).where(eq(tenantInvitations.id, created.invitation.id));
    expect(createdRow?.tenantId).toBe(tenantB.id);

    // A is untouched.
    const [a] = await t.database.db.select().from(tenants).where(eq(tenants.id, tenantA.id));
    expect(a?.name).toBe(tenantA.name);
    expect(await membership(tenantA.id, memberA.userId)).toMatchObject({ role: 'provider', status: 'active' });
    const [stillPending] = await t.database.db.select().from(tenantInvitations).where(eq(tenantInvitations.id, pendingA.invitation.id));
    expect(stillPending).toMatchObject({ revokedAt: null, tokenHash: hashInvitationToken(pendingA.token) });

    // B's owner cannot accept A's invitation meant for someone else, nor switch into A.
    expect((await call('POST', '/api/v1/invitations/accept', ownerB, { token: pendingA.token })).statusCode).toBe(400);
    expect((await call('PUT', '/api/v1/session/tenant', ownerB, { tenantId: tenantA.id })).statusCode).toBe(404);
    expect(await membership(tenantA.id, ownerB.userId)).toBeUndefined();
  });

  it('covers every tenant-scoped route: a new one must join the matrix above', () => {
    // The routes the isolation test exercises with another organisation's ids and bodies.
    const covered = new Set([
      'GET /api/v1/tenant',
      'PATCH /api/v1/tenant',
      'GET /api/v1/tenant/members',
      'PATCH /api/v1/tenant/members/:userId',
      'DELETE /api/v1/tenant/members/:userId',
      'GET /api/v1/tenant/invitations',
      'POST /api/v1/tenant/invitations',
      'POST /api/v1/tenant/invitations/:id/resend',
      'DELETE /api/v1/tenant/invitations/:id',
      'GET /api/v1/tenant/usage',
      // The practice's side of booking: its cross-organisation test is in
      // features/booking/practice.api.test.ts ("another organisation's staff…").
      'GET /api/v1/practice/dashboard',
      'GET /api/v1/practice/appointments',
      'POST /api/v1/practice/appointments/:id/actions',
      'POST /api/v1/practice/appointments/:id/keep-outside-hours',
      'POST /api/v1/practice/appointments/:id/reschedule',
      'GET /api/v1/practice/availability',
      'PUT /api/v1/practice/availability/settings',
      'PUT /api/v1/practice/locations/:id/hours',
      'PUT /api/v1/practice/locations/:id/overrides/:date',
      'DELETE /api/v1/practice/locations/:id/overrides/:date',
      'GET /api/v1/practice/availability/preview',
      // Booking for the practice's patients: features/booking/practice-booking.api.test.ts ("refuses
      // people who are not its patients, … other organisations …"; the rival sees none of them).
      'POST /api/v1/practice/appointments',
      // A series, and cancelling a visit with its series' later ones: the same file's "refuses bad
      // series, patients, other organisations…" and "cancels a visit with the later ones…" (the
      // rival's provider gets 404 for both).
      'POST /api/v1/practice/appointments/series',
      'POST /api/v1/practice/appointments/:id/cancel-with-later',
      'GET /api/v1/practice/patients',
      'GET /api/v1/practice/providers',
      // ("books and moves inside the online notice…": another organisation's staff get 404.)
      'GET /api/v1/practice/slots',
      // The provider's own profile, services and locations: their cross-organisation test is in
      // features/booking/practice-profile.api.test.ts ("gets 404 for this provider's service and location ids…").
      'GET /api/v1/practice/profile',
      'POST /api/v1/practice/profile',
      'PUT /api/v1/practice/profile',
      'POST /api/v1/practice/profile/resubmit',
      'GET /api/v1/practice/services',
      'POST /api/v1/practice/services',
      'PUT /api/v1/practice/services/:id',
      'DELETE /api/v1/practice/services/:id',
      'GET /api/v1/practice/locations',
      'POST /api/v1/practice/locations',
      'PUT /api/v1/practice/locations/:id',
      'DELETE /api/v1/practice/locations/:id',
      // A day's video visits: features/telehealth/telehealth.api.test.ts ("…anyone else gets 404…")
      // checks another organisation's provider sees none of this one's.
      'GET /api/v1/practice/telehealth',
    ]);
    const tenantScoped = t.app.registeredRoutes
      .filter((r) => r.method !== 'HEAD' && r.permission !== undefined && r.permission !== 'public' && isTenantPermission(r.permission))
      .map((r) => `${r.method} ${r.url}`);
    expect(tenantScoped.length).toBeGreaterThan(0);
    expect(tenantScoped.filter((route) => !covered.has(route))).toEqual([]);
  });
});
