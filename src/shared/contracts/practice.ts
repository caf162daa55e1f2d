import { z } from 'zod';
import { CalendarDateSchema, InstantSchema } from './instants.js';
import { knownTimeZone } from '../time-zones.js';
import { breaksOutsideHours, endsAfterStart, hoursProblems } from '../wall-hours.js';
import { APPOINTMENT_ACTIONS, APPOINTMENT_STATUSES } from '../appointments.js';
import { SERIES_EVERY_WEEKS, SERIES_MAX_VISITS } from '../appointment-series.js';
import { AppointmentSchema, REASON_MAX_LENGTH } from './appointments.js';
import { LocationSchema, ServiceSchema, SlotSchema, SlotsQuerySchema } from './providers.js';

/** 'HH:MM' on a 24-hour clock; an end may be 24:00. */
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
export const WallTimeSchema = z.string().regex(WALL_TIME, 'a time as HH:MM');
export const WallRangeSchema = z
  .object({ start: WallTimeSchema, end: WallTimeSchema })
  .strict()
  .refine(endsAfterStart, { message: 'the end must be after the start', path: ['end'] });
export const WeeklyRangeSchema = z
  .object({ weekday: z.number().int().min(0).max(6), start: WallTimeSchema, end: WallTimeSchema })
  .strict()
  .refine(endsAfterStart, { message: 'the end must be after the start', path: ['end'] });
export type WeeklyRangeInput = z.infer<typeof WeeklyRangeSchema>;

/** Ranges of one weekday may not overlap each other (each range's own order is checked by its schema). */
function noOverlaps(ranges: readonly { weekday: number; start: string; end: string }[]): boolean {
  return !hoursProblems(ranges).some((p) => p.kind === 'overlap');
}

export const HoursSchema = z
  .object({
    weeklyHours: z.array(WeeklyRangeSchema).max(42).refine(noOverlaps, 'opening hours of one day overlap'),
    breaks: z.array(WeeklyRangeSchema).max(42).refine(noOverlaps, 'breaks of one day overlap'),
  })
  .strict()
  .refine((h) => breaksOutsideHours(h.weeklyHours, h.breaks).length === 0, { message: 'each break must fall within that day’s opening hours', path: ['breaks'] });
export type HoursInput = z.infer<typeof HoursSchema>;

/** A date change's note ("Conference", "Training"): short, as the list of changes shows it on one line. */
export const OVERRIDE_NOTE_MAX = 200;

export const OverrideSchema = z
  .object({
    hours: z
      .array(WallRangeSchema)
      .max(6)
      .refine((rs) => noOverlaps(rs.map((r) => ({ ...r, weekday: 0 }))), 'the hours overlap'),
    note: z.string().trim().max(OVERRIDE_NOTE_MAX).default(''),
  })
  .strict();
export type OverrideInput = z.infer<typeof OverrideSchema>;
export const OverrideParamsSchema = z.object({ id: z.string().uuid(), date: CalendarDateSchema }).strict();

/** The times a provider's slots may start every (the editor's choices, and all the server takes). */
export const SLOT_INTERVALS = [5, 10, 15, 20, 30, 45, 60] as const;

export const BookingSettingsSchema = z
  .object({
    slotIntervalMinutes: z
      .number()
      .int()
      .refine((n) => (SLOT_INTERVALS as readonly number[]).includes(n), { message: `one of ${SLOT_INTERVALS.join(', ')} minutes` }),
    minimumNoticeMinutes: z.number().int().min(0).max(43_200),
    horizonDays: z.number().int().min(1).max(365),
    cancellationWindowHours: z.number().int().min(0).max(336),
    acceptingNewPatients: z.boolean(),
  })
  .strict();
export type BookingSettings = z.infer<typeof BookingSettingsSchema>;

export const PracticeLocationSchema = LocationSchema.extend({
  weeklyHours: z.array(WeeklyRangeSchema),
  breaks: z.array(WeeklyRangeSchema),
  overrides: z.array(z.object({ date: z.string(), hours: z.array(z.object({ start: z.string(), end: z.string() })), note: z.string() })),
});
export type PracticeLocation = z.infer<typeof PracticeLocationSchema>;

/** GET /api/v1/practice/availability: the signed-in provider's own hours in the current organisation. */
export const AvailabilitySchema = z.object({
  providerId: z.string(),
  displayName: z.string(),
  settings: BookingSettingsSchema,
  locations: z.array(PracticeLocationSchema),
  services: z.array(ServiceSchema.extend({ bufferBeforeMinutes: z.number().int(), bufferAfterMinutes: z.number().int() })),
  /**
   * Coming appointments that the hours no longer cover (a day off, shorter hours or a new break
   * after they were booked, or their location removed), soonest first, at most 100; those the
   * practice chose to keep are left out.
   */
  outsideHours: z.array(AppointmentSchema),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

export const LocationParamsSchema = z.object({ id: z.string().uuid() }).strict();

/** GET /api/v1/practice/availability/preview: a week of free times as patients would see them. */
export const PreviewQuerySchema = z
  .object({
    locationId: z.string().uuid(),
    serviceId: z.string().uuid(),
    weekStart: CalendarDateSchema,
  })
  .strict();
export const PreviewSchema = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), slots: z.array(SlotSchema) })),
});
export type Preview = z.infer<typeof PreviewSchema>;

export const PRACTICE_RANGE_MAX_DAYS = 42;
/** The longest patient search the practice's appointment list takes. */
export const PATIENT_FILTER_MAX_LENGTH = 100;
/**
 * GET /api/v1/practice/appointments: the organisation's appointments from `from` to `to` (at most
 * six weeks), optionally only one provider's (staff; a provider always sees their own), one status,
 * or the patients whose name holds every word of `patient` (or whose email holds it whole).
 */
export const PracticeAppointmentsQuerySchema = z
  .object({
    from: InstantSchema,
    to: InstantSchema,
    providerId: z.string().uuid().optional(),
    status: z.enum(APPOINTMENT_STATUSES).optional(),
    patient: z.string().trim().max(PATIENT_FILTER_MAX_LENGTH).optional(),
  })
  .strict()
  .refine((q) => Date.parse(q.to) > Date.parse(q.from) && Date.parse(q.to) - Date.parse(q.from) <= PRACTICE_RANGE_MAX_DAYS * 86_400_000, {
    message: `to must be after from, at most ${PRACTICE_RANGE_MAX_DAYS} days later`,
    path: ['to'],
  });
export type PracticeAppointmentsQuery = z.infer<typeof PracticeAppointmentsQuerySchema>;
export const PracticeAppointmentListSchema = z.object({ appointments: z.array(AppointmentSchema) });

/**
 * POST /api/v1/practice/appointments (Idempotency-Key header): the practice books a time for one of
 * its patients (someone with an appointment in the organisation before). A provider books with
 * themselves; other staff name the provider.
 */
export const PracticeBookSchema = z
  .object({
    patientId: z.string().uuid(),
    providerId: z.string().uuid().optional(),
    serviceId: z.string().uuid(),
    locationId: z.string().uuid(),
    startsAt: InstantSchema,
    reason: z.string().trim().max(REASON_MAX_LENGTH).default(''),
  })
  .strict();
export type PracticeBook = z.infer<typeof PracticeBookSchema>;

/**
 * POST /api/v1/practice/appointments/series: the practice books a series of visits, the first at
 * `startsAt` and then at the same time of day in the location's zone every `everyWeeks` weeks,
 * `visits` in all (seriesStarts). All or nothing: if a visit's time is not free, 409
 * practice.series-unavailable names each such time and books none, unless `skipUnavailable`,
 * which books the free ones and names the others in `skipped`.
 */
export const PracticeSeriesSchema = PracticeBookSchema.extend({
  everyWeeks: z.literal(SERIES_EVERY_WEEKS),
  visits: z.number().int().min(2).max(SERIES_MAX_VISITS),
  skipUnavailable: z.boolean().default(false),
}).strict();
export type PracticeSeries = z.infer<typeof PracticeSeriesSchema>;
/** Why one visit of a series cannot be booked: the time is taken, not bookable, or the patient is busy then. */
export const SERIES_REFUSALS = ['booking.slot-taken', 'booking.time-unavailable', 'practice.patient-busy'] as const;
export const SeriesRefusalSchema = z.object({ startsAt: z.string(), code: z.enum(SERIES_REFUSALS) });
export type SeriesRefusal = z.infer<typeof SeriesRefusalSchema>;
/** The extension of 409 practice.series-unavailable: the visits that cannot be booked, and how many could. */
export const SeriesUnavailableExtensionSchema = z.object({ unavailable: z.array(SeriesRefusalSchema), free: z.number().int() });
export const PracticeSeriesResultSchema = z.object({ appointments: z.array(AppointmentSchema), skipped: z.array(SeriesRefusalSchema) });
export type PracticeSeriesResult = z.infer<typeof PracticeSeriesResultSchema>;

/**
 * GET /api/v1/practice/patients: the organisation's patients whose name or email holds every word of
 * `query`: those whose name holds them all first, then by their latest visit.
 */
export const PracticePatientsQuerySchema = z
  .object({
    query: z.string().trim().max(100).default(''),
    providerId: z.string().uuid().optional(),
    /** One patient by id (a link that books again for them), if they are the practice's. */
    patientId: z.string().uuid().optional(),
  })
  .strict();
export type PracticePatientsQuery = z.infer<typeof PracticePatientsQuerySchema>;
export const PRACTICE_PATIENTS_LIMIT = 20;
export const PracticePatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Their latest appointment's start that has passed, in the organisation (with this provider, for a provider). */
  lastVisitAt: z.string().nullable(),
  /** Their next open (booked, confirmed, checked-in) appointment's start there. */
  nextVisitAt: z.string().nullable(),
});
export type PracticePatient = z.infer<typeof PracticePatientSchema>;
export const PracticePatientListSchema = z.object({ patients: z.array(PracticePatientSchema) });

/**
 * GET /api/v1/practice/slots: a provider's free times for the practice's own booking and moves
 * (the hours and busy time, without the online booking's minimum notice and horizon). A provider
 * asks for their own; other staff name the provider.
 */
export const PracticeSlotsQuerySchema = SlotsQuerySchema.extend({ providerId: z.string().uuid().optional() }).strict();
export type PracticeSlotsQuery = z.infer<typeof PracticeSlotsQuerySchema>;

/** GET /api/v1/practice/providers: whom the practice books with (a provider: themselves; other staff: the organisation's verified providers). */
export const PracticeProviderListSchema = z.object({
  providers: z.array(z.object({ id: z.string(), displayName: z.string(), title: z.string() })),
});
export type PracticeProviderList = z.infer<typeof PracticeProviderListSchema>;

export const PracticeActionSchema = z.object({ action: z.enum(APPOINTMENT_ACTIONS), reason: z.string().trim().max(500).optional() }).strict();
export type PracticeAction = z.infer<typeof PracticeActionSchema>;
/** POST /api/v1/practice/appointments/{id}/cancel-with-later: a visit of a series and its later ones, with one reason for the patient. */
export const CancelWithLaterSchema = z.object({ reason: z.string().trim().max(500) }).strict();
export const CancelledVisitsSchema = z.object({ cancelled: z.array(AppointmentSchema) });
export type CancelledVisits = z.infer<typeof CancelledVisitsSchema>;

/** GET /api/v1/practice/dashboard: today, what waits for action, and this week's figures. */
export const PracticeDashboardSchema = z.object({
  today: z.array(AppointmentSchema),
  /** Booked and not yet confirmed, or started and not yet closed as completed or no-show. */
  waiting: z.array(AppointmentSchema),
  week: z.object({
    booked: z.number().int(),
    completed: z.number().int(),
    cancelled: z.number().int(),
    noShow: z.number().int(),
    /** Fees of the week's completed appointments, per currency, in minor units. */
    revenue: z.array(z.object({ currency: z.string(), amountMinor: z.number().int() })),
  }),
  hasProfile: z.boolean(),
  /** How many of the provider's coming appointments their hours no longer cover (see Availability). */
  outsideHours: z.number().int(),
});
export type PracticeDashboard = z.infer<typeof PracticeDashboardSchema>;

export const PracticeDashboardQuerySchema = z
  .object({ timeZone: z.string().max(100).refine((v) => knownTimeZone(v) !== null, 'an IANA time zone').optional() })
  .strict();
