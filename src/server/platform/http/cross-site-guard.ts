import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors/domain-errors.js';

/**
 * The origin a page of this server has: PUBLIC_URL's when set, else the one the request was
 * addressed to (scheme as trusted through TRUST_PROXY, and the Host header).
 */
export function expectedOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return new URL(`${request.protocol}://${request.host}`).origin;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * onRequest hook of every `/api/v1/` change (not GET, HEAD or OPTIONS) that carries a cookie: a
 * browser names the page that sent it in `Origin` (and `Sec-Fetch-Site`), and one from another site
 * (or an opaque `null` origin) is refused with 403 `request.cross-site` before the route runs.
 * Session cookies are `SameSite=Lax`, which already keeps them off most cross-site requests; this
 * also covers a same-site page on another origin (another subdomain). A request without those
 * headers is no browser's cross-site request and passes (API clients, curl). `/api/auth/*` has
 * better-auth's own check, which also demands an Origin there.
 */
export function refuseCrossSiteChanges(publicUrl: string | undefined) {
  return async function crossSiteGuard(request: FastifyRequest): Promise<void> {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/v1/') || request.headers.cookie === undefined) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const foreignOrigin = origin !== undefined && origin !== expectedOrigin(request, publicUrl);
    if (site === 'cross-site' || site === 'same-site' || foreignOrigin) {
      throw forbidden('request.cross-site', 'This change came from another site, so it was refused.');
    }
  };
}
