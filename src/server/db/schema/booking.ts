import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { providerProfiles } from './specialties.js';
import { tenants } from './tenants.js';

/** Weekly wall-clock ranges as the slot rules read them (validated by the shared zod schema). */
export interface StoredWeeklyRange {
  weekday: number;
  start: string;
  end: string;
}

/**
 * Where a provider sees patients: a practice with an address in its region's order and
 * coordinates, or a virtual room for telehealth only (no address). Weekly hours and breaks are
 * wall-clock times in the location's time zone. Public to read (the directory shows them);
 * written only inside the owning organisation.
 */
export const providerLocations = pgTable(
  'provider_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providerProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('practice'),
    street: text('street'),
    suburb: text('suburb'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timeZone: text('time_zone').notNull(),
    weeklyHours: jsonb('weekly_hours').$type<StoredWeeklyRange[]>().notNull().default([]),
    breaks: jsonb('breaks').$type<StoredWeeklyRange[]>().notNull().default([]),
    /**
     * How patients reach the practice (shown when an appointment can no longer be changed online).
     * Checked by the shared zod schema (PracticeLocationInputSchema); the checks here bound them.
     */
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * Set when the provider removes a location that appointments have used (their foreign key
     * keeps it): archived locations leave the directory, the hours editor and booking.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_locations_provider').on(t.providerId),
    index('provider_locations_tenant').on(t.tenantId),
    check('provider_locations_kind_check', sql`${t.kind} in ('practice', 'virtual')`),
    check(
      'provider_locations_practice_has_place',
      sql`${t.kind} = 'virtual' or (${t.city} is not null and ${t.latitude} is not null and ${t.longitude} is not null)`,
    ),
    check('provider_locations_contact_phone_length', sql`char_length(${t.contactPhone}) between 1 and 32`),
    check('provider_locations_contact_email_length', sql`char_length(${t.contactEmail}) between 3 and 254`),
  ],
);

/** What a provider offers: duration, price in the organisation's currency, telehealth or in person, buffers. */
/**
 * A location's name, kind and address fields as every screen that shows an address selects them
 * (shown in the region's order by the web's address-fields module).
 */
export const locationAddressColumns = {
  name: providerLocations.name,
  kind: providerLocations.kind,
  street: providerLocations.street,
  suburb: providerLocations.suburb,
  city: providerLocations.city,
  state: providerLocations.state,
  postalCode: providerLocations.postalCode,
  country: providerLocations.country,
};

export const providerServices = pgTable(
  'provider_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providerProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    mode: text('mode').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    /** Minor units (cents) of `currency`. */
    priceMinor: integer('price_minor').notNull().default(0),
    currency: text('currency').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_services_provider').on(t.providerId),
    check('provider_services_mode_check', sql`${t.mode} in ('in_person', 'telehealth')`),
    check('provider_services_duration_check', sql`${t.durationMinutes} between 5 and 480`),
    check('provider_services_buffers_check', sql`${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferAfterMinutes} between 0 and 240`),
    check('provider_services_price_check', sql`${t.priceMinor} >= 0`),
    check('provider_services_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** A date whose weekly hours are replaced: no ranges is a day off, ranges are that day's hours. */
export const availabilityOverrides = pgTable(
  'availability_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => providerLocations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    hours: jsonb('hours').$type<{ start: string; end: string }[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('availability_overrides_location_date').on(t.locationId, t.date)],
);

/**
 * An appointment, in the provider's organisation. The hand-written part of the migration adds
 * the exclusion constraint: no two active appointments of one provider whose occupied ranges
 * (the appointment with its service's buffers) overlap. occupied_from/to are stored because an
 * expression over timestamptz and intervals is not immutable and so cannot be indexed.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providerProfiles.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => providerServices.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => providerLocations.id),
    mode: text('mode').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    occupiedFrom: timestamp('occupied_from', { withTimezone: true }).notNull(),
    occupiedTo: timestamp('occupied_to', { withTimezone: true }).notNull(),
    /** The location's zone when booked (calendar files and emails name it). */
    timeZone: text('time_zone').notNull(),
    status: text('status').notNull().default('booked'),
    reason: text('reason').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    /** The client's key for this create; a retried request with the same key books once. */
    idempotencyKey: text('idempotency_key'),
    /** Who made the booking: the patient online, or the practice's staff for them (its audit event names the person). */
    bookedBy: text('booked_by').notNull().default('patient'),
    cancelledBy: text('cancelled_by'),
    cancelledByUserId: uuid('cancelled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    cancellationReason: text('cancellation_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /**
     * Set when the practice chose to keep this appointment although the provider's hours no longer
     * cover it (a day off or shorter hours after it was booked); cleared when it moves.
     */
    outsideHoursKeptAt: timestamp('outside_hours_kept_at', { withTimezone: true }),
    /** Bumped on every change; the calendar file's SEQUENCE. */
    sequence: integer('sequence').notNull().default(0),
    /** The series of visits the practice booked together (null: booked on its own). */
    seriesId: uuid('series_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_provider_starts').on(t.providerId, t.startsAt),
    index('appointments_patient_starts').on(t.patientId, t.startsAt),
    index('appointments_tenant_starts').on(t.tenantId, t.startsAt),
    uniqueIndex('appointments_patient_idempotency').on(t.patientId, t.idempotencyKey),
    index('appointments_series').on(t.seriesId, t.startsAt).where(sql`${t.seriesId} is not null`),
    check('appointments_status_check', sql`${t.status} in ('booked', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show')`),
    check('appointments_mode_check', sql`${t.mode} in ('in_person', 'telehealth')`),
    check('appointments_times_check', sql`${t.startsAt} < ${t.endsAt} and ${t.occupiedFrom} <= ${t.startsAt} and ${t.occupiedTo} >= ${t.endsAt}`),
    check('appointments_booked_by_check', sql`${t.bookedBy} in ('patient', 'practice')`),
    check('appointments_cancelled_by_check', sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('patient', 'practice')`),
    check('appointments_cancel_fields', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null)`),
    check('appointments_reason_length', sql`char_length(${t.reason}) <= 1000`),
  ],
);

/** A patient's rating of a completed appointment: one per appointment. */
export const appointmentRatings = pgTable(
  'appointment_ratings',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providerProfiles.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointment_ratings_provider').on(t.providerId),
    check('appointment_ratings_score_check', sql`${t.score} between 1 and 5`),
    check('appointment_ratings_comment_length', sql`char_length(${t.comment}) <= 2000`),
  ],
);

/**
 * What a person is told in the header's notifications: a booking, a change, a cancellation, a
 * reminder, a waitlist offer. Each person reads and marks only their own (row-level security);
 * anyone's request may create one for the other party of an appointment.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    /** Values the message is built from in the reader's language (names, times). */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created').on(t.userId, t.createdAt),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('appointment_booked', 'appointment_confirmed', 'appointment_rescheduled', 'appointment_cancelled', 'appointment_reminder', 'waitlist_offer', 'provider_submitted', 'provider_resubmitted', 'provider_verified', 'provider_rejected')`,
    ),
  ],
);

/**
 * The patient's emails about an appointment change (booked, rescheduled, cancelled), reminders
 * and waitlist offers, written in the transaction that decided them and sent by the
 * appointment-emails job: a change that committed
 * always gets its email, also when SMTP is down for a while or the process stops right after.
 * The job claims rows with SKIP LOCKED and a claim deadline, so with several processes each email
 * is sent once; a failed send is tried again with growing pauses. System table: a request may
 * only add a row for an appointment it can see (row-level security), never read one.
 */
export const appointmentEmails = pgTable(
  'appointment_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The appointment a booked, moved or cancelled email is about (none for a waitlist offer). */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    /** The waitlist entry a waitlist offer is about (none for the other kinds). */
    waitlistEntryId: uuid('waitlist_entry_id').references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Where the email's links point: PUBLIC_URL, else the origin of the request that made the change. */
    linkOrigin: text('link_origin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A process that claimed the row sends it before this; after it, another may claim it again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /**
     * sent, superseded (the appointment was cancelled before a booked or moved email went, or the
     * offer was taken up, left or ran out before its email went) or failed (gave up).
     */
    outcome: text('outcome'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('appointment_emails_due').on(t.nextAttemptAt).where(sql`${t.outcome} is null`),
    index('appointment_emails_appointment').on(t.appointmentId),
    index('appointment_emails_waitlist_entry').on(t.waitlistEntryId),
    check('appointment_emails_kind_check', sql`${t.kind} in ('booked', 'rescheduled', 'cancelled', 'reminder', 'waitlist-offer')`),
    check(
      'appointment_emails_subject_check',
      sql`case when ${t.kind} = 'waitlist-offer' then ${t.waitlistEntryId} is not null and ${t.appointmentId} is null else ${t.appointmentId} is not null and ${t.waitlistEntryId} is null end`,
    ),
    check('appointment_emails_outcome_check', sql`${t.outcome} is null or ${t.outcome} in ('sent', 'superseded', 'failed')`),
  ],
);

/**
 * A patient waiting for a time with a provider on a given day. When a time that day frees up,
 * the first person waiting is offered it by email with a link valid for two hours; while the
 * offer stands, the held range counts as busy for everyone else (provider_busy_ranges).
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providerProfiles.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => providerServices.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => providerLocations.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day wanted, in the location's time zone. */
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('waiting'),
    offeredStartsAt: timestamp('offered_starts_at', { withTimezone: true }),
    /** The occupied range held for the offer (the time with the service's buffers). */
    heldFrom: timestamp('held_from', { withTimezone: true }),
    heldTo: timestamp('held_to', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('waitlist_provider_date').on(t.providerId, t.date, t.createdAt),
    uniqueIndex('waitlist_one_per_patient_day')
      .on(t.providerId, t.serviceId, t.patientId, t.date)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    check('waitlist_status_check', sql`${t.status} in ('waiting', 'offered', 'booked', 'expired', 'left')`),
  ],
);
