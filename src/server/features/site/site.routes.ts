import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteInfoSchema } from '../../../shared/contracts/site.js';
import type { Config } from '../../config/env.js';
import { getSiteInfo } from './site.service.js';

export const siteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/v1/site',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Public organisation details: contacts, offices, social links',
        response: { 200: SiteInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return getSiteInfo(config);
    },
  );
};
