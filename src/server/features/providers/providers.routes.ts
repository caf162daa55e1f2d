import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DirectoryPageSchema, DirectoryQuerySchema, ProviderDetailSchema, ProviderIdParamsSchema } from '../../../shared/contracts/providers.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { etagMatches } from '../../platform/http/etag.js';
import { getProvider, readProviderPhoto, searchProviders } from './providers.service.js';

/** The public directory of verified providers. */
export const providersRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  app.get(
    '/api/v1/providers',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['directory'],
        summary: 'Search verified providers: free text (typo-tolerant), filters, sort, pages; each result says why it matched',
        querystring: DirectoryQuerySchema,
        response: { 200: DirectoryPageSchema },
      },
    },
    async (request) => searchProviders(context(request), request.query),
  );

  app.get(
    '/api/v1/providers/:id',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['directory'],
        summary: "A verified provider's profile with practice locations and services",
        params: ProviderIdParamsSchema,
        response: { 200: ProviderDetailSchema },
      },
    },
    async (request) => getProvider(context(request), request.params.id),
  );

  app.get(
    '/api/v1/providers/:id/photo',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['directory'],
        summary: "A verified provider's photo (their account's picture), for everyone",
        params: ProviderIdParamsSchema,
      },
    },
    async (request, reply) => {
      const photo = await readProviderPhoto(context(request), request.params.id);
      // Public and versioned by its address (?v=): a changed photo has a new address.
      reply.header('cache-control', 'public, max-age=86400').header('etag', photo.etag).header('content-disposition', 'inline');
      if (etagMatches(request.headers['if-none-match'], photo.etag)) return reply.status(304).send();
      return reply.type(photo.contentType).send(photo.body);
    },
  );
};
