import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DevMailboxQuerySchema, DevMailboxResponseSchema } from '../../../shared/contracts/dev-mailbox.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { readMailbox } from './dev-mailbox.service.js';

export const devMailboxRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  app.get(
    '/api/v1/dev/mailbox',
    {
      // Demo mode only (404 otherwise): the mail a developer would have received, to follow its links.
      config: { permission: 'public' },
      schema: {
        tags: ['development'],
        summary: 'Demo mode only: the latest 50 mails kept by the development outbox, newest first',
        querystring: DevMailboxQuerySchema,
        response: { 200: DevMailboxResponseSchema },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await readMailbox(context(request), request.query)),
  );
};
