import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdmitSchema,
  EndVisitSchema,
  IceConfigSchema,
  InviteGuestSchema,
  SendVisitChatSchema,
  TelehealthDayQuerySchema,
  TelehealthDaySchema,
  VisitChatMessageSchema,
  VisitChatSchema,
  VisitParamsSchema,
  VisitSchema,
} from '../../../shared/contracts/telehealth.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { iceConfig, type IceSettings } from './ice-servers.js';
import { admitToVisit, endVisit, getVisit, inviteToVisit, joinVisit, leaveVisit, sendVisitChat, telehealthDay, visitChat, type VisitPublisher } from './telehealth.service.js';

const Empty = z.object({}).strict().nullish();

/**
 * Video visits. Anyone may be a visit's patient or guest, so the routes need only
 * 'appointments.self'; who may see or do what is the visit's own rule (row-level security through
 * app_visit_role, then the provider-only actions in the service). Everyone else gets 404.
 */
export const telehealthRoutes: FastifyPluginAsyncZod<{ context: ContextFactory; publish: VisitPublisher; ice: IceSettings }> = async (app, { context, publish, ice }) => {
  const permission = 'appointments.self' as const;
  const noStore = { 'cache-control': 'no-store' };
  const tags = ['telehealth'];
  const base = '/api/v1/telehealth/visits/:appointmentId';

  app.get(
    base,
    { config: { permission }, schema: { tags, summary: "A video visit as I see it (its people, the waiting room, the join window)", params: VisitParamsSchema, response: { 200: VisitSchema } } },
    async (request, reply) => reply.headers(noStore).send(await getVisit(await context.withActor(request), request.params.appointmentId)),
  );

  app.post(
    `${base}/join`,
    {
      config: { permission },
      schema: { tags, summary: 'Join: the provider is in at once, the patient and guests wait to be admitted', params: VisitParamsSchema, body: Empty, response: { 200: VisitSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await joinVisit(await context.withActor(request), request.params.appointmentId, publish)),
  );

  app.post(
    `${base}/leave`,
    {
      config: { permission },
      schema: { tags, summary: 'Leave the waiting room or the call (an admitted person stays admitted and is shown as gone)', params: VisitParamsSchema, body: Empty, response: { 200: VisitSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await leaveVisit(await context.withActor(request), request.params.appointmentId, publish)),
  );

  app.post(
    `${base}/admit`,
    { config: { permission }, schema: { tags, summary: 'Let a waiting person in (the provider)', params: VisitParamsSchema, body: AdmitSchema, response: { 200: VisitSchema } } },
    async (request, reply) => reply.headers(noStore).send(await admitToVisit(await context.withActor(request), request.params.appointmentId, request.body.userId, publish)),
  );

  app.post(
    `${base}/invite`,
    { config: { permission }, schema: { tags, summary: 'Invite a carer or an interpreter by email (the provider)', params: VisitParamsSchema, body: InviteGuestSchema, response: { 200: VisitSchema } } },
    async (request, reply) => reply.headers(noStore).send(await inviteToVisit(await context.withActor(request), request.params.appointmentId, request.body, publish)),
  );

  app.post(
    `${base}/end`,
    {
      config: { permission },
      schema: { tags, summary: 'End the visit for everyone, and optionally complete the appointment (the provider)', params: VisitParamsSchema, body: EndVisitSchema, response: { 200: VisitSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await endVisit(await context.withActor(request), request.params.appointmentId, request.body, publish)),
  );

  app.get(
    `${base}/chat`,
    { config: { permission }, schema: { tags, summary: "The visit's chat, oldest first (audited)", params: VisitParamsSchema, response: { 200: VisitChatSchema } } },
    async (request, reply) => reply.headers(noStore).send(await visitChat(await context.withActor(request), request.params.appointmentId)),
  );

  app.post(
    `${base}/chat`,
    { config: { permission }, schema: { tags, summary: 'Write in the chat (people in the call)', params: VisitParamsSchema, body: SendVisitChatSchema, response: { 201: VisitChatMessageSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .headers(noStore)
        .send(await sendVisitChat(await context.withActor(request), request.params.appointmentId, request.body.body, publish)),
  );

  app.get(
    '/api/v1/telehealth/ice-servers',
    { config: { permission }, schema: { tags, summary: 'STUN/TURN servers for my browser, with short-lived TURN credentials', response: { 200: IceConfigSchema } } },
    async (request, reply) => {
      const ctx = await context.withActor(request);
      return reply.headers(noStore).send(iceConfig(ice, ctx.actor.userId, ctx.now()));
    },
  );

  app.get(
    '/api/v1/practice/telehealth',
    {
      config: { permission: 'appointments.manage' },
      schema: { tags, summary: "A day's video visits of my practice, with who is waiting", querystring: TelehealthDayQuerySchema, response: { 200: TelehealthDaySchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await telehealthDay(await context.withActor(request), request.query)),
  );
};
