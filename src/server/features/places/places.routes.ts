import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlaceListSchema, PlaceSuggestionQuerySchema } from '../../../shared/contracts/places.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { suggestPlaces } from './places.service.js';

/** The gazetteer: towns and suburbs people type to search near them or to place a practice. */
export const placesRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  app.get(
    '/api/v1/places',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['directory'],
        summary: 'Towns and suburbs named like the typed text (also close spellings), the visitor’s region first',
        querystring: PlaceSuggestionQuerySchema,
        response: { 200: PlaceListSchema },
      },
    },
    async (request, reply) => {
      // Reference data that changes only with a release: a browser and a CDN may keep it a day.
      reply.header('cache-control', 'public, max-age=86400');
      return suggestPlaces(context(request), request.query);
    },
  );
};
