import { z } from 'zod';
import { CalendarDateSchema, InstantSchema } from './instants.js';
import { APPOINTMENT_ACTIONS, APPOINTMENT_STATUSES } from '../appointments.js';
import { SPECIALTY_SLUGS } from '../specialties.js';
import { knownTimeZone } from '../time-zones.js';
import { TIME_ZONE_MAX_LENGTH } from './profile.js';
import { SERVICE_MODES, SlotSchema } from './providers.js';

export const APPOINTMENTS_PAGE_SIZE = 20;
export const REASON_MAX_LENGTH = 1000;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** A key the client makes once per booking attempt (a UUID fits). */
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'a key of 8 to 100 letters, digits, - or _');

/** POST /api/v1/appointments (with an Idempotency-Key header). */
export const BookAppointmentSchema = z
  .object({
    providerId: z.string().uuid(),
    serviceId: z.string().uuid(),
    locationId: z.string().uuid(),
    startsAt: InstantSchema,
    reason: z.string().trim().max(REASON_MAX_LENGTH).default(''),
    /**
     * The IANA zone the booking page showed its times in: an account without a time zone keeps
     * it, so confirmations and reminders say the patient's own time beside the practice's.
     */
    timeZone: z
      .string()
      .max(TIME_ZONE_MAX_LENGTH)
      .refine((zone) => knownTimeZone(zone) !== null, 'a known IANA time zone, such as Europe/London')
      .optional(),
  })
  .strict();
export type BookAppointment = z.infer<typeof BookAppointmentSchema>;

/** POST /api/v1/appointments/{id}/reschedule: a new time for the same service and location. */
export const RescheduleSchema = z.object({ startsAt: InstantSchema }).strict();
export type Reschedule = z.infer<typeof RescheduleSchema>;

/** POST /api/v1/appointments/{id}/actions: a status change (cancel carries a reason). */
export const AppointmentActionSchema = z
  .object({
    action: z.enum(APPOINTMENT_ACTIONS),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type AppointmentActionRequest = z.infer<typeof AppointmentActionSchema>;

export const AppointmentSchema = z.object({
  id: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  mode: z.enum(SERVICE_MODES),
  reason: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  provider: z.object({ id: z.string(), displayName: z.string(), title: z.string(), specialty: z.enum(SPECIALTY_SLUGS), image: z.string().nullable() }),
  patient: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  service: z.object({ id: z.string(), name: z.string(), durationMinutes: z.number().int() }),
  location: z.object({ id: z.string(), name: z.string(), kind: z.enum(['practice', 'virtual']), address: z.string() }),
  organisation: z.object({ name: z.string() }),
  /**
   * How to reach the practice (its location's phone and email, else another of the
   * organisation's locations'); null when none is known, and in a new booking's own answer.
   */
  contact: z.object({ phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** The patient's conversation with this provider, if there is one (a way to reach the practice too). */
  conversationId: z.string().nullable(),
  cancellationWindowHours: z.number().int(),
  cancelledBy: z.enum(['patient', 'practice']).nullable(),
  cancellationReason: z.string().nullable(),
  rated: z.boolean(),
  /**
   * When its video visit ended (a telehealth appointment's, for the visit's people; null while it
   * has not ended, and for staff who are not in it), and whether it ended by itself because
   * everyone had left (its provider may start it again: `visitReopenable`).
   */
  visitEnded: z.object({ at: z.string(), bySystem: z.boolean() }).nullable(),
  /**
   * The series of visits it belongs to (the practice booked them together): which visit it is and
   * of how many (not counting cancelled ones), and how many later ones are still booked or
   * confirmed (cancelled with it on request). Null for an appointment booked on its own.
   */
  series: z.object({ id: z.string(), visit: z.number().int(), visits: z.number().int(), later: z.number().int() }).nullable(),
  /** What the caller may do now, as the server will decide it (the screen offers exactly these). */
  actions: z.array(z.enum([...APPOINTMENT_ACTIONS, 'reschedule'])),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

export const AppointmentIdParamsSchema = z.object({ id: z.string().uuid() }).strict();

/** GET /api/v1/appointments: the caller's own, upcoming (soonest first) or past (latest first). */
export const MyAppointmentsQuerySchema = z
  .object({
    when: z.enum(['upcoming', 'past']).default('upcoming'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type MyAppointmentsQuery = z.infer<typeof MyAppointmentsQuerySchema>;

export const AppointmentPageSchema = z.object({
  appointments: z.array(AppointmentSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AppointmentPage = z.infer<typeof AppointmentPageSchema>;

/** The 409 of a taken time carries fresh times of the same service and location. */
export const SlotTakenExtensionSchema = z.object({ slots: z.array(SlotSchema) });

export const RatingRequestSchema = z
  .object({ score: z.number().int().min(1).max(5), comment: z.string().trim().max(2000).default('') })
  .strict();
export type RatingRequest = z.infer<typeof RatingRequestSchema>;

/** How long a freed time is held for the first person on the waitlist. */
export const WAITLIST_HOLD_HOURS = 2;
export const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'expired', 'left'] as const;

/** POST /api/v1/waitlist: wait for a time with this provider on this day (location's calendar). */
export const JoinWaitlistSchema = z
  .object({
    providerId: z.string().uuid(),
    serviceId: z.string().uuid(),
    locationId: z.string().uuid(),
    date: CalendarDateSchema,
  })
  .strict();
export type JoinWaitlist = z.infer<typeof JoinWaitlistSchema>;

/** At most this many days ahead are listed for a waitlist (GET /api/v1/providers/{id}/waitlist-days). */
export const WAITLIST_DAYS_MAX = 90;
export const WaitlistDaysQuerySchema = z.object({ serviceId: z.string().uuid(), locationId: z.string().uuid().optional() }).strict();
export type WaitlistDaysQuery = z.infer<typeof WaitlistDaysQuerySchema>;
/**
 * The days one may wait for with a service: the location opens for it, and no time is free (as the
 * person sees it), from today to the provider's horizon; `waiting` when they already are.
 */
export const WaitlistDaysSchema = z.object({
  locationId: z.string(),
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), waiting: z.boolean() })),
});
export type WaitlistDays = z.infer<typeof WaitlistDaysSchema>;

export const WaitlistEntrySchema = z.object({
  id: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  date: z.string(),
  provider: z.object({ id: z.string(), displayName: z.string() }),
  service: z.object({ id: z.string(), name: z.string() }),
  locationId: z.string(),
  timeZone: z.string(),
  offeredStartsAt: z.string().nullable(),
  offerExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;
export const WaitlistListSchema = z.object({ entries: z.array(WaitlistEntrySchema) });
