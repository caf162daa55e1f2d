import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotificationIdParamsSchema, NotificationListSchema, NotificationsQuerySchema } from '../../../shared/contracts/notifications.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { listNotifications, markRead } from './notifications.service.js';

const Empty = z.object({}).strict().nullish();

/** The header's notifications of the signed-in person ('account.self'). */
export const notificationsRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  app.get(
    '/api/v1/notifications',
    {
      config: { permission: 'account.self' },
      schema: { tags: ['notifications'], summary: 'A page of my notifications, newest first, and how many are unread', querystring: NotificationsQuerySchema, response: { 200: NotificationListSchema } },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listNotifications(await context.withActor(request), request.query.before)),
  );
  app.post(
    '/api/v1/notifications/read-all',
    { config: { permission: 'account.self' }, schema: { tags: ['notifications'], summary: 'Mark all my notifications read', body: Empty, response: { 200: NotificationListSchema } } },
    async (request) => markRead(await context.withActor(request), null),
  );
  app.post(
    '/api/v1/notifications/:id/read',
    { config: { permission: 'account.self' }, schema: { tags: ['notifications'], summary: 'Mark one notification read', params: NotificationIdParamsSchema, body: Empty, response: { 200: NotificationListSchema } } },
    async (request) => markRead(await context.withActor(request), request.params.id),
  );
};
