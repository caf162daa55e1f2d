import Fastify, { type FastifyInstance } from 'fastify';
import { effectivePermissions } from '../../../shared/permissions.js';
import type { MembershipRole, Role } from '../../../shared/roles.js';
import type { Actor, ActorResult } from '../auth/actor.js';
import { describe, expect, it } from 'vitest';
import { problemErrorHandler } from '../errors/problem-response.js';
import { enforceRoutePermissions, MissingPermissionError, type RegisteredRoute } from './permissions.js';

describe('effectivePermissions', () => {
  it('adds a membership’s extra tenant permissions, never a platform one, and none without a membership', () => {
    expect(effectivePermissions('provider', 'member', ['audit.read'])).toEqual(['account.self', 'appointments.self', 'messages.self', 'tenant.read', 'audit.read']);
    expect(effectivePermissions('provider', 'member', ['platform.users.manage', 'nonsense', 42])).toEqual(['account.self', 'appointments.self', 'messages.self', 'tenant.read']);
    expect(effectivePermissions('patient', null, ['tenant.manage'])).toEqual(['account.self', 'appointments.self', 'messages.self']);
    expect(effectivePermissions('provider', 'provider')).toContain('appointments.manage');
    expect(effectivePermissions('patient', 'member')).not.toContain('appointments.manage');
  });
});

describe('enforceRoutePermissions', () => {
  it('refuses to register a route that declares no permission', async () => {
    const app = Fastify();
    enforceRoutePermissions(app, []);
    expect(() => app.get('/api/v1/secret', async () => 'x')).toThrow(MissingPermissionError);
    await app.close();
  });

  it('refuses a permission that does not exist', async () => {
    const app = Fastify();
    enforceRoutePermissions(app, []);
    // @ts-expect-error: proves the runtime check as well as the type
    expect(() => app.get('/api/v1/x', { config: { permission: 'everything' } }, async () => 'x')).toThrow(MissingPermissionError);
    await app.close();
  });

  function actor(role: Role, membershipRole: MembershipRole | null, notice: Actor['tenantNotice'] = null): Actor {
    return {
      userId: '00000000-0000-4000-8000-00000000000a',
      role,
      name: 'Test Person',
      email: 'test.person@example.test',
      emailVerified: true,
      professionalStatus: 'not_applicable',
      image: null,
      locale: null,
      timeZone: null,
      region: null,
      twoFactorEnabled: false,
      sessionId: '00000000-0000-4000-8000-00000000000b',
      sessionCreatedAt: new Date(0),
      sessionExpiresAt: new Date(0),
      tenant: membershipRole
        ? { id: '00000000-0000-4000-8000-00000000000c', name: 'Test Org', slug: 'test-org', planType: 'starter', membershipRole, extraPermissions: [] }
        : null,
      tenantNotice: notice,
      permissions: new Set(effectivePermissions(role, membershipRole)),
    };
  }

  /** A server whose callers are whoever `who` says (the unit under test is the hook, not sign-in). */
  async function appWith(who: ActorResult): Promise<FastifyInstance> {
    const app = Fastify();
    app.setErrorHandler(problemErrorHandler);
    app.decorateRequest('actorPromise', null);
    app.decorateRequest('actorResult', () => Promise.resolve(who));
    enforceRoutePermissions(app, []);
    app.get('/open', { config: { permission: 'public' } }, async () => ({ ok: true }));
    app.get('/me', { config: { permission: 'account.self' } }, async () => ({ ok: true }));
    app.get('/org', { config: { permission: 'tenant.read' } }, async () => ({ ok: true }));
    app.get('/org/settings', { config: { permission: 'tenant.manage' } }, async () => ({ ok: true }));
    app.get('/platform', { config: { permission: 'platform.users.manage' } }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('refuses every protected route without a session, and says when it ended for inactivity', async () => {
    const none = await appWith({ actor: null, reason: 'none' });
    expect((await none.inject('/open')).statusCode).toBe(200);
    for (const url of ['/me', '/org', '/org/settings', '/platform']) {
      const res = await none.inject(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'auth.unauthenticated' });
    }
    const idle = await appWith({ actor: null, reason: 'idle-expired' });
    expect((await idle.inject('/me')).json()).toMatchObject({ status: 401, code: 'auth.session-idle-expired' });
    await none.close();
    await idle.close();
  });

  it('grants tenant permissions only through a current membership', async () => {
    const patient = await appWith({ actor: actor('patient', null) });
    expect((await patient.inject('/me')).statusCode).toBe(200);
    expect((await patient.inject('/org')).json()).toMatchObject({ status: 403, code: 'tenant.none-selected' });
    expect((await patient.inject('/platform')).json()).toMatchObject({ status: 403, code: 'auth.forbidden' });

    const member = await appWith({ actor: actor('provider', 'member') });
    expect((await member.inject('/org')).statusCode).toBe(200);
    expect((await member.inject('/org/settings')).json()).toMatchObject({ status: 403, code: 'auth.forbidden' });

    const owner = await appWith({ actor: actor('organization_admin', 'owner') });
    expect((await owner.inject('/org/settings')).statusCode).toBe(200);
    expect((await owner.inject('/platform')).statusCode).toBe(403);

    const lockedOut = await appWith({ actor: actor('provider', null, 'mfa-required') });
    expect((await lockedOut.inject('/org')).json()).toMatchObject({ status: 403, code: 'tenant.mfa-required' });

    const platformAdmin = await appWith({ actor: actor('admin', null) });
    expect((await platformAdmin.inject('/platform')).statusCode).toBe(200);
    for (const app of [patient, member, owner, lockedOut, platformAdmin]) await app.close();
  });

  it('records every route with the permission it declared', async () => {
    const registry: RegisteredRoute[] = [];
    const app = Fastify();
    enforceRoutePermissions(app, registry);
    app.get('/open', { config: { permission: 'public' } }, async () => ({ ok: true }));
    app.get('/audit', { config: { permission: 'audit.read' } }, async () => ({ ok: true }));
    await app.ready();
    expect(registry.map((r) => `${r.method} ${r.url} ${r.permission}`)).toEqual(
      expect.arrayContaining(['GET /open public', 'GET /audit audit.read']),
    );
    await app.close();
  });
});
