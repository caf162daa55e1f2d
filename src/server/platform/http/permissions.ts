import type { FastifyInstance, RouteOptions } from 'fastify';
import { isTenantPermission, PERMISSIONS, type RoutePermission } from '../../../shared/permissions.js';
import { forbidden, unauthenticated } from '../errors/domain-errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a caller needs to reach this route: one permission of src/shared/permissions.ts, or 'public'. */
    permission?: RoutePermission;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
}

/** Routes added by third-party plugins we register ourselves, and what they need. */
const PLUGIN_ROUTE_PERMISSIONS: { prefix: string; permission: RoutePermission }[] = [
  { prefix: '/api/docs', permission: 'public' },
];
/** @fastify/static's wildcard route for the built web app's files (all public by nature). */
const STATIC_WILDCARD = '/*';

const VALID = new Set<string>(['public', ...PERMISSIONS]);

export class MissingPermissionError extends Error {
  constructor(method: string, url: string) {
    super(`Route ${method} ${url} declares no config.permission (use 'public' or a permission from src/shared/permissions.ts)`);
    this.name = 'MissingPermissionError';
  }
}

/**
 * Every route must declare config.permission; registering one without it fails at start-up.
 * A request to a non-public route is refused before the handler runs unless its signed-in actor
 * holds the permission: 401 without a session, 403 without the permission. Tenant permissions
 * come only from an active membership of the session's current organisation.
 */
export function enforceRoutePermissions(app: FastifyInstance, registry: RegisteredRoute[]): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let permission = route.config?.permission;
    if (permission === undefined) {
      permission =
        url === STATIC_WILDCARD
          ? 'public'
          : PLUGIN_ROUTE_PERMISSIONS.find((p) => url === p.prefix || url.startsWith(p.prefix + '/'))?.permission;
      if (permission !== undefined) route.config = { ...route.config, permission };
    }
    if (permission === undefined || !VALID.has(permission)) throw new MissingPermissionError(methods.join(','), url);
    for (const method of methods) registry.push({ method, url, permission });
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (permission === undefined || permission === 'public') return;
    const result = await request.actorResult();
    if (!result.actor) {
      throw result.reason === 'idle-expired'
        ? unauthenticated('auth.session-idle-expired', 'Your session ended after a period of inactivity. Sign in again.')
        : unauthenticated();
    }
    const actor = result.actor;
    if (actor.permissions.has(permission)) return;
    if (isTenantPermission(permission) && !actor.tenant) {
      throw actor.tenantNotice === 'mfa-required'
        ? forbidden('tenant.mfa-required', 'This organisation requires two-factor authentication for staff. Turn it on in Settings.')
        : forbidden('tenant.none-selected', 'Choose an organisation first.');
    }
    throw forbidden('auth.forbidden', 'You do not have permission to do this.');
  });
}
