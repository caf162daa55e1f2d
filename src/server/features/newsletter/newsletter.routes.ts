import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NewsletterSubscribeRequestSchema,
  NewsletterSubscribeResponseSchema,
} from '../../../shared/contracts/newsletter.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { subscribe } from './newsletter.service.js';

export const newsletterRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  app.post(
    '/api/v1/newsletter/subscriptions',
    {
      config: { permission: 'public' },
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
