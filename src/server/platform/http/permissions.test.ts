import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { problemErrorHandler } from '../errors/problem-response.js';
import { enforceRoutePermissions, MissingPermissionError, type RegisteredRoute } from './permissions.js';

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

  it('lets public routes through and refuses protected ones without a signed-in caller', async () => {
    const app = Fastify();
    app.setErrorHandler(problemErrorHandler);
    const registry: RegisteredRoute[] = [];
    enforceRoutePermissions(app, registry);
    app.get('/open', { config: { permission: 'public' } }, async () => ({ ok: true }));
    app.get('/audit', { config: { permission: 'audit.read' } }, async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject('/open')).statusCode).toBe(200);
    const denied = await app.inject('/audit');
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ code: 'auth.unauthenticated' });
    expect(registry.map((r) => `${r.method} ${r.url} ${r.permission}`)).toEqual(
      expect.arrayContaining(['GET /open public', 'GET /audit audit.read']),
    );
    await app.close();
  });
});
