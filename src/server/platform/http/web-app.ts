import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildProblem, sendProblem } from '../errors/problem-response.js';
import { SERVICE_WORKER_POLICY, type SecurityHeaders } from './security-headers.js';

/** React Router's request handler: a Fetch request (plus our load context) in, a response out. */
export type PageHandler = (request: Request, context: PageLoadContext) => Promise<Response>;

/** What the web app's loaders get from the server besides the request. */
export interface PageLoadContext {
  cspNonce: string;
  /** The site's public origin when configured (PUBLIC_URL), for canonical links. */
  publicOrigin: string | undefined;
  /** GET on our own JSON API as the visitor of this page (see {@link pageApi}). */
  api: PageApi;
}

export type PageApi = (path: string) => Promise<{ status: number; body: unknown }>;

/** Headers of the page request that the API call carries: who is asking, and in which language. */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent'] as const;

/**
 * A page loader's way to read data on the server: a GET of an `/api/` path, answered by this same
 * Fastify instance (`inject`, no socket) as if the visitor had asked, with their cookies, language
 * and address. So the page sees exactly what the browser would, with every permission, tenant and
 * validation check of the API route; loaders never reach the database themselves.
 */
export function pageApi(app: FastifyInstance, request: FastifyRequest): PageApi {
  return async (path) => {
    if (!path.startsWith('/api/')) throw new Error(`page loaders may only read /api/ paths, not ${path}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const response = await app.inject({ method: 'GET', url: path, headers, remoteAddress: request.ip });
    let body: unknown;
    try {
      body = response.body.length > 0 ? JSON.parse(response.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, body };
  };
}

export interface WebApp {
  /** The browser assets (build/web/client). */
  distDir: string;
  /** The server build's page handler, or undefined when the web app has not been built. */
  handler: PageHandler | undefined;
}

/** The server build React Router writes beside the browser assets. */
export function serverBuildPath(distDir: string): string {
  return join(dirname(resolve(distDir)), 'server', 'index.js');
}

/**
 * Loads the built web app: the browser assets directory and React Router's server build. The
 * server build and `react-router` itself are loaded from disk at run time (never bundled into
 * the server), so the handler and the route modules share one copy of the router.
 */
export async function loadWebApp(distDir: string): Promise<WebApp> {
  const dir = resolve(distDir);
  const buildPath = serverBuildPath(dir);
  if (!existsSync(buildPath)) return { distDir: dir, handler: undefined };
  const [build, router] = await Promise.all([
    import(pathToFileURL(buildPath).href) as Promise<Record<string, unknown>>,
    import('react-router'),
  ]);
  // The module namespace of the server build is the ServerBuild React Router expects.
  const handle = router.createRequestHandler(build as unknown as Parameters<typeof router.createRequestHandler>[0], 'production');
  return { distDir: dir, handler: (request, context) => handle(request, { ...context }) };
}

const FILE_PATH = /\/[^/]*\.[A-Za-z0-9]+$/;
/** React Router's own requests: route data for client navigations and lazy route discovery. */
const ROUTER_DATA_PATH = /(\.data$)|(^\/__manifest$)|(^\/(sitemap\.xml|robots\.txt)$)/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function toFetchRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  return new Request(new URL(request.url, origin), { method: request.method, headers });
}

async function sendPage(
  app: FastifyInstance,
  web: WebApp & { handler: PageHandler },
  security: SecurityHeaders,
  publicOrigin: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const nonce = randomBytes(16).toString('base64');
  const response = await web.handler(toFetchRequest(request), { cspNonce: nonce, publicOrigin, api: pageApi(app, request) });
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const isDocument = (response.headers.get('content-type') ?? '').startsWith('text/html');
  if (isDocument) {
    reply.headers(security.documentHeaders(nonce));
    if (!response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');
  }
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** An encoded C0 control character or DEL in a path. */
const CONTROL_IN_PATH = /%(?:[01][0-9a-f]|7f)/i;

/**
 * Serves the web app: hashed assets with long-lived immutable caching, other files
 * revalidated, and every page path rendered by React Router on the server (it answers 404 with
 * the not-found page for a path no screen owns). API paths never reach the page renderer.
 */
export async function registerWebApp(
  app: FastifyInstance,
  web: WebApp,
  security: SecurityHeaders,
  publicUrl?: string,
): Promise<void> {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  if (web.handler !== undefined) {
    await app.register(fastifyStatic, {
      root: web.distDir,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: false,
      cacheControl: false,
      // Only file paths (a last segment with an extension) are looked up on disk; pages and
      // React Router's data requests fall through to the renderer.
      allowedPath: (pathName) => FILE_PATH.test(pathName) && !ROUTER_DATA_PATH.test(pathName),
      setHeaders(reply, filePath) {
        const inAssets = filePath.startsWith(join(web.distDir, 'assets') + '/');
        reply.header('cache-control', inAssets ? IMMUTABLE : 'public, max-age=0, must-revalidate');
        if (filePath === join(web.distDir, 'sw.js')) reply.header('content-security-policy', SERVICE_WORKER_POLICY);
      },
    });
  }

  // A page path holding an encoded control character (%00, %0A, %7F) names no file and no page:
  // it gets the not-found page, not @fastify/static's 403 for a path whose spelling it cannot check.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || !CONTROL_IN_PATH.test(path)) return;
    return reply.callNotFound();
  });

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      (!FILE_PATH.test(path) || ROUTER_DATA_PATH.test(path));
    if (!wantsPage || web.handler === undefined) {
      return sendProblem(reply, buildProblem(404, 'route.not-found', `No resource at ${request.method} ${path}.`, request.id));
    }
    return sendPage(app, { ...web, handler: web.handler }, security, publicOrigin, request, reply);
  });
}
