import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnalyticsEventRequestSchema,
  AnalyticsEventResponseSchema,
  CONSENT_MONTHS,
  ConsentQuerySchema,
  ConsentRecordSchema,
  ConsentResponseSchema,
  SaveConsentRequestSchema,
  VISITOR_COOKIE,
} from '../../../shared/contracts/consent.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import type { ConsentOwner } from './consent.repo.js';
import { isVisitorId, newVisitorId, readConsent, recordAnalyticsEvent, saveConsent } from './consent.service.js';

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The signed-in user, else the visitor id from the cookie, else nobody. */
async function ownerOf(request: FastifyRequest): Promise<ConsentOwner | null> {
  const { actor } = await request.actorResult();
  if (actor) return { userId: actor.userId };
  const visitor = cookieValue(request, VISITOR_COOKIE);
  return isVisitorId(visitor) ? { sessionId: visitor } : null;
}

function setVisitorCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  const maxAge = CONSENT_MONTHS * 31 * 24 * 60 * 60;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header('set-cookie', `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`);
}

export const consentRoutes: FastifyPluginAsyncZod<{ context: ContextFactory; perMinute: number }> = async (app, { context, perMinute }) => {
  app.get(
    '/api/v1/cookie-consent',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['consent'],
        summary: 'The cookie consent in force for a region and the caller (user, else visitor)',
        querystring: ConsentQuerySchema,
        response: { 200: ConsentResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { consent: await readConsent(context(request), await ownerOf(request), request.query.region) };
    },
  );

  app.post(
    '/api/v1/cookie-consent',
    {
      config: { permission: 'public', rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['consent'],
        summary: 'Record a cookie consent choice (essential is always on; kept 12 months)',
        body: SaveConsentRequestSchema,
        response: { 201: ConsentRecordSchema },
      },
    },
    async (request, reply) => {
      let owner = await ownerOf(request);
      if (!owner) {
        const id = newVisitorId();
        setVisitorCookie(request, reply, id);
        owner = { sessionId: id };
      }
      const record = await saveConsent(context(request), owner, request.body, request.headers['user-agent']);
      return reply.status(201).send(record);
    },
  );

  app.post(
    '/api/v1/analytics/events',
    {
      config: { permission: 'public', rateLimit: { max: perMinute * 6, timeWindow: '1 minute' } },
      schema: {
        tags: ['consent'],
        summary: 'A first-party analytics event, stored only with analytics consent',
        body: AnalyticsEventRequestSchema,
        response: { 202: AnalyticsEventResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await recordAnalyticsEvent(context(request), await ownerOf(request), request.body, request.headers['user-agent']);
      return reply.status(202).send(result);
    },
  );
};
