import type { FastifyInstance } from 'fastify';

/*
 * Security headers. Every response: nosniff, a referrer policy, X-Frame-Options DENY,
 * CORP same-origin, `default-src 'none'; frame-ancestors 'none'` (nothing a JSON body or a
 * file opened directly could run), and HSTS when the request arrived over HTTPS (directly
 * or, with TRUST_PROXY, via the proxy). HTML documents get the page policy instead: scripts
 * only from our origin plus the hashes of the app shell's own inline scripts (no
 * unsafe-inline or unsafe-eval for scripts), frame-ancestors 'none'.
 * Values are computed once at start-up (helmet rebuilt them per request, and a page policy
 * on every JSON response cost throughput for nothing: see bench/README.md).
 */
const HSTS = 'max-age=31536000; includeSubDomains';

export function contentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)],
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

export interface SecurityHeaders {
  /** Headers for HTML documents (the app shell): the full policy for a page. */
  document: Record<string, string>;
}

/** What every response carries. Non-document responses (JSON, assets) need no page policy. */
const BASE_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export function registerSecurityHeaders(app: FastifyInstance, inlineScriptHashes: readonly string[]): SecurityHeaders {
  const document = {
    'content-security-policy': contentSecurityPolicy(inlineScriptHashes),
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    'permissions-policy': 'camera=(self), microphone=(self), geolocation=(self), payment=()',
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(BASE_HEADERS);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
  return { document };
}
