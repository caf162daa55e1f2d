import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Database } from '../db/database.js';
import { validationError } from '../errors/domain-errors.js';
import { buildProblem, sendProblem } from '../errors/problem-response.js';
import { recordAudit } from '../audit/audit.js';
import { resolveActor, type ActorResult } from './actor.js';
import { accountThrottleKey, admitAuthRequest, authPathLimit } from './auth-limits.js';
import { ACCOUNT_FAILURES_HEADER, AUTH_BASE_PATH, CLIENT_IP_HEADER, REQUEST_ID_HEADER, type Auth } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in actor, resolved once per request on first use. */
    actorResult(): Promise<ActorResult>;
    actorPromise: Promise<ActorResult> | null;
  }
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

/** The Fetch API headers of a Fastify request, with our trusted client address and request id. */
export function fetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    if (name === CLIENT_IP_HEADER || name === REQUEST_ID_HEADER || name === ACCOUNT_FAILURES_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // request.ip honours TRUST_PROXY: the socket's address, or X-Forwarded-For from a trusted proxy.
  headers.set(CLIENT_IP_HEADER, request.ip);
  headers.set(REQUEST_ID_HEADER, request.id);
  return headers;
}

/** better-auth's error codes (SCREAMING_SNAKE) as our stable problem codes: auth.kebab-case. */
export function authProblemCode(code: unknown, status: number): string {
  if (status === 429 && (code === undefined || code === null)) return 'rate-limited';
  if (typeof code !== 'string' || code === '') return status === 401 ? 'auth.unauthenticated' : 'auth.failed';
  return `auth.${code.toLowerCase().replace(/_/g, '-')}`;
}

async function sendAuthResponse(request: FastifyRequest, reply: FastifyReply, response: Response): Promise<FastifyReply> {
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
  // better-auth reports its limiter's wait in X-Retry-After; clients read the standard header.
  const retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after');
  if (retryAfter) reply.header('retry-after', retryAfter);
  reply.header('cache-control', 'no-store');
  if (response.status >= 400) {
    const text = await response.text();
    let parsed: { code?: unknown; message?: unknown } = {};
    try {
      parsed = text ? (JSON.parse(text) as typeof parsed) : {};
    } catch {
      parsed = { message: text };
    }
    const status = response.status >= 500 ? 500 : response.status;
    if (response.status >= 500) request.log.error({ status: response.status, body: text.slice(0, 500) }, 'auth handler failed');
    const detail = status >= 500 ? 'An unexpected error occurred.' : typeof parsed.message === 'string' ? parsed.message : undefined;
    return sendProblem(reply, buildProblem(status, status >= 500 ? 'server.internal' : authProblemCode(parsed.code, status), detail, request.id));
  }
  const location = response.headers.get('location');
  if (location) reply.header('location', location);
  const contentType = response.headers.get('content-type');
  if (contentType) reply.header('content-type', contentType);
  reply.status(response.status);
  const body = await response.text();
  return reply.serializer((payload: unknown) => payload as string).send(body);
}

/**
 * The parsed JSON body as text again for better-auth's Fetch request. JSON.parse takes any nesting
 * but JSON.stringify recurses, so a body of thousands of nested arrays overflowed the stack (a 500);
 * no auth request nests more than a few levels, so such a body is refused as unreadable.
 */
function bodyText(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (error instanceof RangeError) throw validationError('request.invalid', 'The request body is nested too deeply to read.');
    throw error;
  }
}

export interface AuthHttpOptions {
  /** better-auth and its secret, built on first use once the database is ready. */
  getAuthRuntime: () => Promise<{ auth: Auth; secret: string }>;
  db: Database;
  config: Config;
  now: () => Date;
}

/**
 * Mounts better-auth at /api/auth/* and gives every request a lazily resolved actor. The mount
 * converts Fastify's request into a Fetch Request (the body Fastify already parsed as JSON) and
 * better-auth's errors into problem+json.
 */
export async function authHttp(app: FastifyInstance, options: AuthHttpOptions): Promise<void> {
  app.decorateRequest('actorPromise', null);
  app.decorateRequest('actorResult', function actorResult(this: FastifyRequest): Promise<ActorResult> {
    this.actorPromise ??= options.getAuthRuntime().then(({ secret }) => resolveActor({ ...options, secret }, fetchHeaders(this)));
    return this.actorPromise;
  });

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    config: { permission: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const headers = fetchHeaders(request);
      const init: RequestInit = { method: request.method, headers };
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        init.body = request.body === undefined ? undefined : bodyText(request.body);
        if (init.body !== undefined) headers.set('content-type', 'application/json');
      }
      const { auth } = await options.getAuthRuntime();
      if (await refuse(request, reply, url.pathname.slice(AUTH_BASE_PATH.length), headers, options)) return reply;
      const response = await auth.handler(new Request(url, init));
      return sendAuthResponse(request, reply, response);
    },
  });
}

/**
 * The per-address limit and, for a sign-in, the per-account back-off, checked before better-auth
 * runs (one statement, auth-limits.ts). Returns true when it has sent the refusal. (Not the
 * reply itself: a Fastify reply is thenable, and an async function returning it would resolve to
 * what the reply's `then` gives, undefined.)
 */
async function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  headers: Headers,
  options: AuthHttpOptions,
): Promise<boolean> {
  const limit = authPathLimit(path, options.config.AUTH_IP_LIMIT_PER_MINUTE);
  if (limit === null) return false;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const email = path === '/sign-in/email' && typeof body.email === 'string' ? body.email.toLowerCase() : null;
  const now = options.now();
  const admission = await admitAuthRequest(options.db, { ip: request.ip, path, limit, accountKey: email === null ? null : accountThrottleKey(email), now });
  reply.header('cache-control', 'no-store');
  if (!admission.allowed) {
    reply.header('retry-after', String(admission.retryAfterSeconds));
    sendProblem(reply, buildProblem(429, 'rate-limited', 'Too many requests from this address. Try again shortly.', request.id));
    return true;
  }
  if (email !== null && admission.accountBlockedUntil) {
    await recordAudit(options.db, {
      action: 'auth.sign-in',
      outcome: 'denied',
      metadata: { reason: 'account-backoff', email },
      clientIp: request.ip,
      requestId: request.id,
    });
    const seconds = Math.max(1, Math.ceil((admission.accountBlockedUntil.getTime() - now.getTime()) / 1000));
    reply.header('retry-after', String(seconds));
    sendProblem(
      reply,
      buildProblem(
        429,
        authProblemCode('ACCOUNT_THROTTLED', 429),
        `Too many failed sign-ins for this account. Try again in ${seconds} seconds, or reset your password.`,
        request.id,
      ),
    );
    return true;
  }
  if (admission.accountHasFailures) headers.set(ACCOUNT_FAILURES_HEADER, '1');
  return false;
}
