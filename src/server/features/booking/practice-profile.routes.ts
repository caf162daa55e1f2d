import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DirectoryProfileInputSchema,
  DirectoryProfileSchema,
  LocationRemovalSchema,
  ManagedLocationListSchema,
  ManagedLocationSchema,
  OwnDirectoryProfileSchema,
  PracticeItemParamsSchema,
  PracticeLocationInputSchema,
  PracticeServiceInputSchema,
  PracticeServiceListSchema,
  PracticeServiceSchema,
  ResubmitProfileRequestSchema,
} from '../../../shared/contracts/practice-profile.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { createLocation, listOwnLocations, removeOwnLocation, updateOwnLocation } from './practice-locations.service.js';
import { createProfile, getOwnProfile, resubmitOwnProfile, updateOwnProfile } from './practice-profile.service.js';
import { createService, deleteOwnService, listOwnServices, updateOwnService } from './practice-services.service.js';

/**
 * The provider's own directory profile, services and practice locations, inside the session's
 * organisation ('appointments.manage'; the services decide what is the provider's own).
 */
export const practiceProfileRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  const permission = 'appointments.manage' as const;
  const tags = ['practice'];
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/api/v1/practice/profile',
    { config: { permission }, schema: { tags, summary: 'My directory profile here, with its verification (null before I create one)', response: { 200: OwnDirectoryProfileSchema } } },
    async (request, reply) => reply.headers(noStore).send(await getOwnProfile(await context.withActor(request))),
  );

  app.post(
    '/api/v1/practice/profile',
    {
      config: { permission },
      schema: { tags, summary: 'Create my directory profile (waits for the platform’s review)', body: DirectoryProfileInputSchema, response: { 201: DirectoryProfileSchema } },
    },
    async (request, reply) => reply.status(201).send(await createProfile(await context.withActor(request), request.body)),
  );

  app.put(
    '/api/v1/practice/profile',
    { config: { permission }, schema: { tags, summary: 'Change my directory profile (never its verification)', body: DirectoryProfileInputSchema, response: { 200: DirectoryProfileSchema } } },
    async (request) => updateOwnProfile(await context.withActor(request), request.body),
  );

  app.post(
    '/api/v1/practice/profile/resubmit',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Send my rejected profile back to the platform’s review (409 practice.not-rejected unless it was rejected)',
        body: ResubmitProfileRequestSchema,
        response: { 200: DirectoryProfileSchema },
      },
    },
    async (request) => resubmitOwnProfile(await context.withActor(request)),
  );

  app.get(
    '/api/v1/practice/services',
    { config: { permission }, schema: { tags, summary: 'My services, active and deactivated', response: { 200: PracticeServiceListSchema } } },
    async (request, reply) => reply.headers(noStore).send(await listOwnServices(await context.withActor(request))),
  );

  app.post(
    '/api/v1/practice/services',
    { config: { permission }, schema: { tags, summary: 'Offer a service (priced in the organisation’s currency)', body: PracticeServiceInputSchema, response: { 201: PracticeServiceSchema } } },
    async (request, reply) => reply.status(201).send(await createService(await context.withActor(request), request.body)),
  );

  app.put(
    '/api/v1/practice/services/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Change a service, or deactivate it (no longer bookable)', params: PracticeItemParamsSchema, body: PracticeServiceInputSchema, response: { 200: PracticeServiceSchema } },
    },
    async (request) => updateOwnService(await context.withActor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/practice/services/:id',
    { config: { permission }, schema: { tags, summary: 'Delete a service nobody has booked (409 otherwise: deactivate it)', params: PracticeItemParamsSchema } },
    async (request, reply) => {
      await deleteOwnService(await context.withActor(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/practice/locations',
    { config: { permission }, schema: { tags, summary: 'My practices and virtual rooms, with their upcoming appointments', response: { 200: ManagedLocationListSchema } } },
    async (request, reply) => reply.headers(noStore).send(await listOwnLocations(await context.withActor(request))),
  );

  app.post(
    '/api/v1/practice/locations',
    {
      config: { permission },
      schema: { tags, summary: 'Add a location (open Monday to Friday, 09:00 to 17:00, until its hours are edited)', body: PracticeLocationInputSchema, response: { 201: ManagedLocationSchema } },
    },
    async (request, reply) => reply.status(201).send(await createLocation(await context.withActor(request), request.body)),
  );

  app.put(
    '/api/v1/practice/locations/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Change a location’s name, address, place or time zone', params: PracticeItemParamsSchema, body: PracticeLocationInputSchema, response: { 200: ManagedLocationSchema } },
    },
    async (request) => updateOwnLocation(await context.withActor(request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/practice/locations/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Remove a location (409 while appointments are still to come there)', params: PracticeItemParamsSchema, response: { 200: LocationRemovalSchema } },
    },
    async (request) => removeOwnLocation(await context.withActor(request), request.params.id),
  );
};
