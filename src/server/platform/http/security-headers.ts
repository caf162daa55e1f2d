import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * Security headers. Every response: nosniff, a referrer policy, X-Frame-Options DENY,
 * CORP same-origin, `default-src 'none'; frame-ancestors 'none'` (nothing a JSON body or a
 * file opened directly could run), and HSTS when the request arrived over HTTPS (directly
 * or, with TRUST_PROXY, via the proxy). Server-rendered HTML documents get the page policy
 * instead: scripts only from our origin plus the response's own nonce (no unsafe-inline or
 * unsafe-eval for scripts), frame-ancestors 'none'.
 * Everything but the nonce is computed once at start-up (helmet rebuilt the headers per request,
 * and a page policy on every JSON response cost throughput for nothing: see bench/README.md).
 */
const HSTS = 'max-age=31536000; includeSubDomains';

export function contentSecurityPolicy(nonce: string): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The service worker's own policy. A worker is governed by the CSP of its script's response, so
 * the base `default-src 'none'` would block every fetch it makes (and its install, which caches
 * the offline page). It may fetch from our origin and nothing else.
 */
export const SERVICE_WORKER_POLICY = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

export interface SecurityHeaders {
  /** Headers for an HTML document whose scripts carry `nonce`: the full policy for a page. */
  documentHeaders(nonce: string): Record<string, string>;
}

/** What every response carries. Non-document responses (JSON, assets) need no page policy. */
const BASE_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * The headers every response carries, and its request id. The onRequest hook applies them; a
 * refusal by the router itself (Fastify's frameworkErrors, before any hook runs) applies them too.
 */
export function applyBaseHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(BASE_HEADERS);
  reply.header('x-request-id', request.id);
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

export function registerSecurityHeaders(app: FastifyInstance): SecurityHeaders {
  const document = {
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    'permissions-policy': 'camera=(self), microphone=(self), geolocation=(self), payment=()',
  };
  app.addHook('onRequest', (request, reply, done) => {
    applyBaseHeaders(request, reply);
    done();
  });
  return { documentHeaders: (nonce) => ({ ...document, 'content-security-policy': contentSecurityPolicy(nonce) }) };
}
