import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminUserSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  EmptyRequestSchema,
  ProfessionalStatusRequestSchema,
} from '../../../shared/contracts/admin-users.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { decideProfessionalStatus, disableUser, enableUser, searchUsers } from './admin-users.service.js';

const UserParams = z.object({ id: z.string().max(100) });

/** Platform administration of people: platform admins only ('platform.users.manage'). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  app.get(
    '/api/v1/admin/users',
    {
      config: { permission: 'platform.users.manage' },
      schema: {
        tags: ['admin'],
        summary: 'People on the platform, newest first: search by name or email, filter by role and professional status',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersPageSchema },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await searchUsers(await context.withActor(request), request.query)),
  );

  app.post(
    '/api/v1/admin/users/:id/professional-status',
    {
      config: { permission: 'platform.users.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Verify or reject a professional',
        params: UserParams,
        body: ProfessionalStatusRequestSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) => decideProfessionalStatus(await context.withActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/admin/users/:id/disable',
    {
      config: { permission: 'platform.users.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Disable a person: every session of theirs ends at once and sign-in is refused',
        params: UserParams,
        body: EmptyRequestSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) => disableUser(await context.withActor(request), request.params.id),
  );

  app.post(
    '/api/v1/admin/users/:id/enable',
    {
      config: { permission: 'platform.users.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Enable a disabled person again',
        params: UserParams,
        body: EmptyRequestSchema,
        response: { 200: AdminUserSchema },
      },
    },
    async (request) => enableUser(await context.withActor(request), request.params.id),
  );
};
