import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SessionStateSchema } from '../../../shared/contracts/auth.js';
import type { Auth } from '../../platform/auth/auth.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { sessionState, switchTenant } from './session.service.js';

export const sessionRoutes: FastifyPluginAsyncZod<{ context: ContextFactory; getAuth: () => Promise<Auth> }> = async (app, { context }) => {
  app.get(
    '/api/v1/session',
    {
      config: { permission: 'account.self' },
      schema: {
        tags: ['session'],
        summary: 'The signed-in person, their current organisation and their permissions',
        response: { 200: SessionStateSchema },
      },
    },
    async (request, reply) => {
      const ctx = await context.withActor(request);
      return reply.header('cache-control', 'no-store').send(sessionState(ctx.actor));
    },
  );

  app.put(
    '/api/v1/session/tenant',
    {
      config: { permission: 'account.self' },
      schema: {
        tags: ['session'],
        summary: 'Switch the organisation this session acts in (an active membership is required)',
        body: z.object({ tenantId: z.uuid() }).strict(),
        response: { 200: SessionStateSchema },
      },
    },
    async (request) => switchTenant(await context.withActor(request), request.body.tenantId),
  );
};
