import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_ROUTES } from '../../../shared/page-routes.js';
import { buildProblem, sendProblem } from '../errors/problem-response.js';
import type { SecurityHeaders } from './security-headers.js';

export interface WebApp {
  distDir: string;
  /** The app shell (index.html), or undefined when the web app has not been built. */
  shell: string | undefined;
  /** CSP hashes ('sha256-…') of every inline script in the shell. */
  inlineScriptHashes: string[];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

export function hashInlineScripts(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.add('sha256-' + createHash('sha256').update(body, 'utf8').digest('base64'));
  }
  return [...hashes];
}

export function loadWebApp(distDir: string): WebApp {
  const dir = resolve(distDir);
  const indexPath = join(dir, 'index.html');
  if (!existsSync(indexPath)) return { distDir: dir, shell: undefined, inlineScriptHashes: [] };
  const shell = readFileSync(indexPath, 'utf8');
  return { distDir: dir, shell, inlineScriptHashes: hashInlineScripts(shell) };
}

function patternToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}
const PAGE_MATCHERS = PAGE_ROUTES.map(patternToRegExp);

export function isKnownPage(path: string): boolean {
  return PAGE_MATCHERS.some((m) => m.test(path));
}

const FILE_PATH = /\/[^/]*\.[A-Za-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built React app: hashed assets with long-lived immutable caching, other files
 * revalidated, and the app shell for page paths (200 for a built page, 404 otherwise, where
 * the app renders its not-found page). API paths never fall through to the shell.
 */
export async function registerWebApp(app: FastifyInstance, web: WebApp, security: SecurityHeaders): Promise<void> {
  if (web.shell !== undefined) {
    await app.register(fastifyStatic, {
      root: web.distDir,
      prefix: '/',
      index: false,
      wildcard: true,
      preCompressed: false,
      cacheControl: false,
      // Only file paths (a last segment with an extension) are looked up on disk; a directory
      // such as `/` or `/locales/` falls through to the app shell instead of a 403.
      allowedPath: (pathName) => FILE_PATH.test(pathName),
      setHeaders(reply, filePath) {
        const inAssets = filePath.startsWith(join(web.distDir, 'assets') + '/');
        reply.header('cache-control', inAssets ? IMMUTABLE : 'public, max-age=0, must-revalidate');
        if (filePath.endsWith('.html')) reply.headers(security.document);
      },
    });
  }

  app.setNotFoundHandler(
    async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isApi = path === '/api' || path.startsWith('/api/');
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApi &&
        web.shell !== undefined &&
        !FILE_PATH.test(path);
      if (!wantsPage) {
        return sendProblem(
          reply,
          buildProblem(404, 'route.not-found', `No resource at ${request.method} ${path}.`, request.id),
        );
      }
      return reply
        .status(isKnownPage(path) ? 200 : 404)
        .headers(security.document)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(web.shell);
    },
  );
}
