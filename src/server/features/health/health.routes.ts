import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { unavailable } from '../../platform/errors/domain-errors.js';

const StatusSchema = z.object({ status: z.enum(['ok', 'ready']) });

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/healthz',
    {
      config: { permission: 'public' },
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: StatusSchema } },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { permission: 'public' },
      schema: { tags: ['health'], summary: 'The database answers', response: { 200: StatusSchema } },
      logLevel: 'warn',
    },
    async () => {
      try {
        await database.ping();
      } catch {
        throw unavailable('health.database-unavailable', 'The database is not answering.');
      }
      return { status: 'ready' as const };
    },
  );
};
