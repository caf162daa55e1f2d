import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SpecialtyListSchema } from '../../../shared/contracts/specialties.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { listSpecialties } from './specialties.service.js';

export const specialtiesRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  app.get(
    '/api/v1/specialties',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['directory'],
        summary: 'Specialties with the number of verified providers practising each',
        response: { 200: SpecialtyListSchema },
      },
    },
    async (request, reply) => {
      // Counts change only when a provider is verified; a minute of caching spares the database.
      reply.header('cache-control', 'public, max-age=60');
      return listSpecialties(context(request));
    },
  );
};
