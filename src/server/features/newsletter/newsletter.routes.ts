import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NewsletterSubscribeRequestSchema,
  NewsletterSubscribeResponseSchema,
} from '../../../shared/contracts/newsletter.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { subscribe } from './newsletter.service.js';

export const newsletterRoutes: FastifyPluginAsyncZod<{ context: ContextFactory; perMinute: number }> = async (
  app,
  { context, perMinute },
) => {
  app.post(
    '/api/v1/newsletter/subscriptions',
    {
      // Public and unauthenticated: limited per client address so nobody can flood the list.
      config: { permission: 'public', rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an email address to the Tendwell newsletter',
        body: NewsletterSubscribeRequestSchema,
        response: { 201: NewsletterSubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await subscribe(context(request), request.body);
      return reply.status(201).send(result);
    },
  );
};
