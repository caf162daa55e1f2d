import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateEnquiryRequestSchema,
  CreateEnquiryResponseSchema,
  EnquiryIdParamsSchema,
  EnquiryListQuerySchema,
  EnquiryListSchema,
  EnquirySchema,
  UpdateEnquiryRequestSchema,
} from '../../../shared/contracts/enquiries.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { createEnquiry, searchEnquiries, setEnquiryStatus } from './enquiries.service.js';

export const enquiriesRoutes: FastifyPluginAsyncZod<{ context: ContextFactory; perMinute: number }> = async (app, { context, perMinute }) => {
  app.post(
    '/api/v1/enquiries',
    {
      // Public (the /contact and /enterprise/demo-request forms), limited per client address.
      config: { permission: 'public', rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['enquiries'],
        summary: 'Send a contact message or a demo request; the sender gets a confirmation mail',
        body: CreateEnquiryRequestSchema,
        response: { 201: CreateEnquiryResponseSchema },
      },
    },
    async (request, reply) => {
      const { actor } = await request.actorResult();
      return reply.status(201).send(await createEnquiry(context(request), request.body, actor?.userId ?? null));
    },
  );

  app.get(
    '/api/v1/admin/enquiries',
    {
      config: { permission: 'platform.enquiries.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Contact messages and demo requests, newest first, by kind and status',
        querystring: EnquiryListQuerySchema,
        response: { 200: EnquiryListSchema },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await searchEnquiries(await context.withActor(request), request.query)),
  );

  app.patch(
    '/api/v1/admin/enquiries/:id',
    {
      config: { permission: 'platform.enquiries.manage' },
      schema: {
        tags: ['admin'],
        summary: 'Mark an enquiry handled, or reopen it',
        params: EnquiryIdParamsSchema,
        body: UpdateEnquiryRequestSchema,
        response: { 200: EnquirySchema },
      },
    },
    async (request) => setEnquiryStatus(await context.withActor(request), request.params.id, request.body.status),
  );
};
