import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppointmentIdParamsSchema,
  AppointmentPageSchema,
  AppointmentSchema,
  BookAppointmentSchema,
  IdempotencyKeySchema,
  JoinWaitlistSchema,
  WaitlistDaysQuerySchema,
  WaitlistDaysSchema,
  WaitlistEntrySchema,
  WaitlistListSchema,
  MyAppointmentsQuerySchema,
  RatingRequestSchema,
  RescheduleSchema,
} from '../../../shared/contracts/appointments.js';
import { ProviderIdParamsSchema, SlotsQuerySchema, SlotsSchema } from '../../../shared/contracts/providers.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { calendarFileOf } from './notify.js';
import { joinWaitlist, leaveWaitlist, myWaitlist, waitlistDays } from './waitlist.service.js';
import {
  bookAppointment,
  cancelMyAppointment,
  getMyAppointment,
  listMyAppointments,
  providerSlots,
  rateMyAppointment,
  rescheduleMyAppointment,
  toAppointment,
} from './appointments.service.js';

const CancelSchema = z.object({ reason: z.string().trim().max(500).optional() }).strict().nullish();

/** Free times (public) and the signed-in person's own appointments ('appointments.self'). */
export const bookingRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  app.get(
    '/api/v1/providers/:id/slots',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['booking'],
        summary: "Free times of one of a provider's services, in real instants, with the location's time zone",
        params: ProviderIdParamsSchema,
        querystring: SlotsQuerySchema,
        response: { 200: SlotsSchema },
      },
    },
    async (request, reply) => {
      // The signed-in person's own id only (no client names a patient): a time held for their
      // waitlist offer is in their picker, and busy for everyone else.
      const { actor } = await request.actorResult();
      return reply.header('cache-control', 'no-store').send(await providerSlots(context(request), request.params.id, request.query, actor?.userId ?? null));
    },
  );

  app.post(
    '/api/v1/appointments',
    {
      config: { permission: 'appointments.self' },
      schema: {
        tags: ['booking'],
        summary: 'Book a free time (Idempotency-Key header required: a retried request books once). 409 booking.slot-taken carries fresh times',
        headers: z.looseObject({ 'idempotency-key': IdempotencyKeySchema }),
        body: BookAppointmentSchema,
        response: { 200: AppointmentSchema, 201: AppointmentSchema },
      },
    },
    async (request, reply) => {
      const { appointment, created } = await bookAppointment(await context.withActor(request), request.body, request.headers['idempotency-key']);
      return reply.status(created ? 201 : 200).header('location', `/api/v1/appointments/${appointment.id}`).send(appointment);
    },
  );

  app.get(
    '/api/v1/appointments',
    {
      config: { permission: 'appointments.self' },
      schema: {
        tags: ['booking'],
        summary: 'My appointments in every organisation: upcoming (soonest first) or past (latest first)',
        querystring: MyAppointmentsQuerySchema,
        response: { 200: AppointmentPageSchema },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listMyAppointments(await context.withActor(request), request.query)),
  );

  app.get(
    '/api/v1/appointments/:id',
    {
      config: { permission: 'appointments.self' },
      schema: { tags: ['booking'], summary: 'One of my appointments', params: AppointmentIdParamsSchema, response: { 200: AppointmentSchema } },
    },
    async (request, reply) => {
      const ctx = await context.withActor(request);
      return reply.header('cache-control', 'no-store').send(toAppointment(await getMyAppointment(ctx, request.params.id), 'patient', ctx.now()));
    },
  );

  app.get(
    '/api/v1/appointments/:id/calendar.ics',
    {
      config: { permission: 'appointments.self' },
      schema: { tags: ['booking'], summary: 'My appointment as a calendar file (RFC 5545, in the practice’s time zone)', params: AppointmentIdParamsSchema },
    },
    async (request, reply) => {
      const ctx = await context.withActor(request);
      const row = await getMyAppointment(ctx, request.params.id);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="appointment.ics"')
        .type('text/calendar; charset=utf-8')
        .send(calendarFileOf(row, ctx, ctx.actor.locale));
    },
  );

  app.post(
    '/api/v1/appointments/:id/cancel',
    {
      config: { permission: 'appointments.self' },
      schema: {
        tags: ['booking'],
        summary: "Cancel my appointment (outside the practice's cancellation window)",
        params: AppointmentIdParamsSchema,
        body: CancelSchema,
        response: { 200: AppointmentSchema },
      },
    },
    async (request) => cancelMyAppointment(await context.withActor(request), request.params.id, request.body?.reason),
  );

  app.post(
    '/api/v1/appointments/:id/reschedule',
    {
      config: { permission: 'appointments.self' },
      schema: {
        tags: ['booking'],
        summary: "Move my appointment to another free time (outside the practice's cancellation window)",
        params: AppointmentIdParamsSchema,
        body: RescheduleSchema,
        response: { 200: AppointmentSchema },
      },
    },
    async (request) => rescheduleMyAppointment(await context.withActor(request), request.params.id, request.body.startsAt),
  );

  app.post(
    '/api/v1/appointments/:id/rating',
    {
      config: { permission: 'appointments.self' },
      schema: {
        tags: ['booking'],
        summary: 'Rate my completed appointment, once',
        params: AppointmentIdParamsSchema,
        body: RatingRequestSchema,
        response: { 200: AppointmentSchema },
      },
    },
    async (request) => rateMyAppointment(await context.withActor(request), request.params.id, request.body),
  );

  app.post(
    '/api/v1/waitlist',
    {
      config: { permission: 'appointments.self' },
      schema: {
        tags: ['booking'],
        summary: "Wait for a time on a fully booked day; the first person waiting is offered a freed time, held for 2 hours",
        body: JoinWaitlistSchema,
        response: { 201: WaitlistEntrySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await joinWaitlist(await context.withActor(request), request.body)),
  );

  app.get(
    '/api/v1/providers/:id/waitlist-days',
    {
      config: { permission: 'appointments.self' },
      schema: {
        tags: ['booking'],
        summary: 'The days I may join the waitlist for with a service: open for it, with no free time left (and whether I already wait)',
        params: ProviderIdParamsSchema,
        querystring: WaitlistDaysQuerySchema,
        response: { 200: WaitlistDaysSchema },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await waitlistDays(await context.withActor(request), request.params.id, request.query)),
  );

  app.get(
    '/api/v1/waitlist',
    { config: { permission: 'appointments.self' }, schema: { tags: ['booking'], summary: 'The days I am waiting for, and offers held for me', response: { 200: WaitlistListSchema } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send({ entries: await myWaitlist(await context.withActor(request)) }),
  );

  app.post(
    '/api/v1/waitlist/:id/leave',
    { config: { permission: 'appointments.self' }, schema: { tags: ['booking'], summary: 'Leave a waitlist', params: AppointmentIdParamsSchema, body: CancelSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await leaveWaitlist(await context.withActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
