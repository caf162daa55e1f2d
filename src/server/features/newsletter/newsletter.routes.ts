import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NewsletterConfirmResponseSchema,
  NewsletterSubscribeRequestSchema,
  NewsletterSubscribeResponseSchema,
  NewsletterTokenRequestSchema,
  NewsletterUnsubscribeResponseSchema,
} from '../../../shared/contracts/newsletter.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { confirm, subscribe, unsubscribe } from './newsletter.service.js';

export const newsletterRoutes: FastifyPluginAsyncZod<{ context: ContextFactory; perMinute: number }> = async (
  app,
  { context, perMinute },
) => {
  // Public and unauthenticated: limited per client address so nobody can flood the list or mailboxes.
  const limited = { permission: 'public' as const, rateLimit: { max: perMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/v1/newsletter/subscriptions',
    {
      config: limited,
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address: a confirmation link is mailed (double opt-in)',
        body: NewsletterSubscribeRequestSchema,
        response: { 202: NewsletterSubscribeResponseSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await subscribe(context(request), request.body)),
  );

  app.post(
    '/api/v1/newsletter/confirm',
    {
      config: limited,
      schema: {
        tags: ['newsletter'],
        summary: 'Confirm a subscription with the token from the mailed link',
        body: NewsletterTokenRequestSchema,
        response: { 200: NewsletterConfirmResponseSchema },
      },
    },
    async (request) => confirm(context(request), request.body.token),
  );

  app.post(
    '/api/v1/newsletter/unsubscribe',
    {
      config: limited,
      schema: {
        tags: ['newsletter'],
        summary: 'Unsubscribe with the token from a newsletter mail',
        body: NewsletterTokenRequestSchema,
        response: { 200: NewsletterUnsubscribeResponseSchema },
      },
    },
    async (request) => unsubscribe(context(request), request.body.token),
  );
};
