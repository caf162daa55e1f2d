import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppointmentIdParamsSchema, AppointmentSchema, IdempotencyKeySchema, RescheduleSchema } from '../../../shared/contracts/appointments.js';
import { z } from 'zod';
import {
  AvailabilitySchema,
  CancelWithLaterSchema,
  CancelledVisitsSchema,
  BookingSettingsSchema,
  HoursSchema,
  LocationParamsSchema,
  OverrideParamsSchema,
  OverrideSchema,
  PracticeActionSchema,
  PracticeAppointmentListSchema,
  PracticeAppointmentsQuerySchema,
  PracticeBookSchema,
  PracticeSeriesResultSchema,
  PracticeSeriesSchema,
  PracticeDashboardQuerySchema,
  PracticePatientListSchema,
  PracticePatientsQuerySchema,
  PracticeProviderListSchema,
  PracticeSlotsQuerySchema,
  PracticeDashboardSchema,
  PreviewQuerySchema,
  PreviewSchema,
} from '../../../shared/contracts/practice.js';
import { SlotsSchema } from '../../../shared/contracts/providers.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import {
  actAsPractice,
  bookAsPractice,
  bookSeriesAsPractice,
  cancelWithLaterAsPractice,
  deleteOverride,
  getAvailability,
  keepOutsideHours,
  listPractice,
  moveAsPractice,
  practiceDashboard,
  practicePatients,
  practiceProviders,
  previewWeek,
  slotsAsPractice,
  putOverride,
  updateHours,
  updateSettings,
} from './practice.service.js';

/** The practice's side, inside the session's organisation ('appointments.manage'). */
export const practiceRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  const permission = 'appointments.manage' as const;
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/api/v1/practice/dashboard',
    { config: { permission }, schema: { tags: ['practice'], summary: "Today's schedule, what waits for action, and this week's figures", querystring: PracticeDashboardQuerySchema, response: { 200: PracticeDashboardSchema } } },
    async (request, reply) => reply.headers(noStore).send(await practiceDashboard(await context.withActor(request), request.query.timeZone)),
  );

  app.get(
    '/api/v1/practice/appointments',
    {
      config: { permission },
      schema: { tags: ['practice'], summary: "The organisation's appointments in a range (a provider sees their own)", querystring: PracticeAppointmentsQuerySchema, response: { 200: PracticeAppointmentListSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await listPractice(await context.withActor(request), request.query)),
  );

  app.post(
    '/api/v1/practice/appointments',
    {
      config: { permission },
      schema: {
        tags: ['practice'],
        summary:
          "Book a free time for one of the practice's patients (Idempotency-Key header: a retried request books once). Confirmed at once; the patient is emailed. 409 booking.slot-taken carries fresh times",
        headers: z.looseObject({ 'idempotency-key': IdempotencyKeySchema }),
        body: PracticeBookSchema,
        response: { 200: AppointmentSchema, 201: AppointmentSchema },
      },
    },
    async (request, reply) => {
      const { appointment, created } = await bookAsPractice(await context.withActor(request), request.body, request.headers['idempotency-key']);
      return reply.status(created ? 201 : 200).send(appointment);
    },
  );

  app.post(
    '/api/v1/practice/appointments/series',
    {
      config: { permission },
      schema: {
        tags: ['practice'],
        summary:
          "Book a series of visits for one of the practice's patients: the first at startsAt, then at the same time of day every 1, 2 or 4 weeks, 2 to 12 in all (Idempotency-Key header). All or nothing: 409 practice.series-unavailable names the times that are not free, unless skipUnavailable books the others",
        headers: z.looseObject({ 'idempotency-key': IdempotencyKeySchema }),
        body: PracticeSeriesSchema,
        response: { 200: PracticeSeriesResultSchema, 201: PracticeSeriesResultSchema },
      },
    },
    async (request, reply) => {
      const { result, created } = await bookSeriesAsPractice(await context.withActor(request), request.body, request.headers['idempotency-key']);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/api/v1/practice/patients',
    {
      config: { permission },
      schema: {
        tags: ['practice'],
        summary: "The practice's patients (a provider's own) whose name or email holds every word of the query, most recently seen first",
        querystring: PracticePatientsQuerySchema,
        response: { 200: PracticePatientListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send({ patients: await practicePatients(await context.withActor(request), request.query) }),
  );

  app.get(
    '/api/v1/practice/slots',
    {
      config: { permission },
      schema: {
        tags: ['practice'],
        summary: "A provider's free times for the practice's own booking and moves: the hours and busy time, without the online booking's minimum notice and horizon",
        querystring: PracticeSlotsQuerySchema,
        response: { 200: SlotsSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await slotsAsPractice(await context.withActor(request), request.query)),
  );

  app.get(
    '/api/v1/practice/providers',
    {
      config: { permission },
      schema: { tags: ['practice'], summary: 'Whom the practice books with: a provider themselves, other staff every verified provider of the organisation', response: { 200: PracticeProviderListSchema } },
    },
    async (request, reply) => reply.headers(noStore).send(await practiceProviders(await context.withActor(request))),
  );

  app.post(
    '/api/v1/practice/appointments/:id/actions',
    {
      config: { permission },
      schema: { tags: ['practice'], summary: 'Confirm, check in, complete, mark as no-show or cancel', params: AppointmentIdParamsSchema, body: PracticeActionSchema, response: { 200: AppointmentSchema } },
    },
    async (request) => actAsPractice(await context.withActor(request), request.params.id, request.body.action, request.body.reason),
  );

  app.post(
    '/api/v1/practice/appointments/:id/cancel-with-later',
    {
      config: { permission },
      schema: {
        tags: ['practice'],
        summary: 'Cancel a visit of a series and its later visits still booked or confirmed, with one reason (each patient email gives it); all or none',
        params: AppointmentIdParamsSchema,
        body: CancelWithLaterSchema,
        response: { 200: CancelledVisitsSchema },
      },
    },
    async (request) => cancelWithLaterAsPractice(await context.withActor(request), request.params.id, request.body.reason),
  );

  app.post(
    '/api/v1/practice/appointments/:id/reschedule',
    {
      config: { permission },
      schema: {
        tags: ['practice'],
        summary: 'Move a booked or confirmed appointment that has not started to another free time (the patient is emailed)',
        params: AppointmentIdParamsSchema,
        body: RescheduleSchema,
        response: { 200: AppointmentSchema },
      },
    },
    async (request) => moveAsPractice(await context.withActor(request), request.params.id, request.body.startsAt),
  );

  app.post(
    '/api/v1/practice/appointments/:id/keep-outside-hours',
    {
      config: { permission },
      schema: { tags: ['practice'], summary: 'Keep a coming appointment that the hours no longer cover (it is not listed again)', params: AppointmentIdParamsSchema, response: { 200: AvailabilitySchema } },
    },
    async (request) => keepOutsideHours(await context.withActor(request), request.params.id),
  );

  app.get(
    '/api/v1/practice/availability',
    { config: { permission }, schema: { tags: ['practice'], summary: 'My booking rules, weekly hours, breaks, date changes and services', response: { 200: AvailabilitySchema } } },
    async (request, reply) => reply.headers(noStore).send(await getAvailability(await context.withActor(request))),
  );

  app.put(
    '/api/v1/practice/availability/settings',
    { config: { permission }, schema: { tags: ['practice'], summary: 'Slot interval, minimum notice, horizon, cancellation window, new patients', body: BookingSettingsSchema, response: { 200: AvailabilitySchema } } },
    async (request) => updateSettings(await context.withActor(request), request.body),
  );

  app.put(
    '/api/v1/practice/locations/:id/hours',
    { config: { permission }, schema: { tags: ['practice'], summary: "A location's weekly hours and breaks (its own time zone)", params: LocationParamsSchema, body: HoursSchema, response: { 200: AvailabilitySchema } } },
    async (request) => updateHours(await context.withActor(request), request.params.id, request.body),
  );

  app.put(
    '/api/v1/practice/locations/:id/overrides/:date',
    { config: { permission }, schema: { tags: ['practice'], summary: 'Different hours on one date (no hours: a day off)', params: OverrideParamsSchema, body: OverrideSchema, response: { 200: AvailabilitySchema } } },
    async (request) => putOverride(await context.withActor(request), request.params.id, request.params.date, request.body),
  );

  app.delete(
    '/api/v1/practice/locations/:id/overrides/:date',
    { config: { permission }, schema: { tags: ['practice'], summary: 'Back to the weekly hours on that date', params: OverrideParamsSchema, response: { 200: AvailabilitySchema } } },
    async (request) => deleteOverride(await context.withActor(request), request.params.id, request.params.date),
  );

  app.get(
    '/api/v1/practice/availability/preview',
    { config: { permission }, schema: { tags: ['practice'], summary: 'A week of free times as patients see them now', querystring: PreviewQuerySchema, response: { 200: PreviewSchema } } },
    async (request, reply) => reply.headers(noStore).send(await previewWeek(await context.withActor(request), request.query)),
  );
};
