import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response: a strict Content-Security-Policy (scripts only from
 * our origin plus the hashes of the app shell's own inline scripts; no unsafe-inline or
 * unsafe-eval for scripts), frame-ancestors 'none', nosniff, a referrer policy, and HSTS
 * when the request arrived over HTTPS (directly or, with TRUST_PROXY, via the proxy).
 */
export async function registerSecurityHeaders(app: FastifyInstance, inlineScriptHashes: readonly string[]): Promise<void> {
  await app.register(helmet, {
    global: true,
    hsts: false,
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes.map((h) => `'${h}'`)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
