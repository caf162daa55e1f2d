import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { appointments } from './booking.js';
import { tenants } from './tenants.js';

/**
 * Telehealth video visits (issue 6): one per telehealth appointment, made when someone first
 * joins. Its rows are readable only by the visit's people (row-level security through
 * `app_visit_role`, migration 0013).
 */
export const telehealthVisits = pgTable('telehealth_visits', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** When the provider first admitted someone (the visit began). */
  startedAt: timestamp('started_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endedBy: uuid('ended_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The people of a visit: its patient and provider (added when they first join) and the guests
 * the provider invites by email (a carer or an interpreter; `user_id` is set when the person
 * signed in with that address opens the visit).
 */
export const telehealthParticipants = pgTable(
  'telehealth_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => telehealthVisits.appointmentId, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A guest's invited address (lower case); null for the patient and the provider. */
    email: text('email'),
    /** Shown to the others: the person's name when known, else the invited address. */
    name: text('name').notNull(),
    role: text('role').notNull(),
    state: text('state').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    /**
     * Presence: the person counts as here (in the waiting room or the call) until this instant. A
     * join sets it; every server process that holds a socket of theirs on the visit's page pushes it
     * on while the socket is open; a closed socket leaves it a short grace (a reload, a reconnect).
     * The presence job marks people whose time ran out as gone.
     */
    presentUntil: timestamp('present_until', { withTimezone: true }),
    /** When the person last left (the Leave control, or their presence ran out); null while here. */
    leftAt: timestamp('left_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('telehealth_participants_user').on(t.appointmentId, t.userId),
    uniqueIndex('telehealth_participants_email').on(t.appointmentId, t.email),
    index('telehealth_participants_invited_email').on(t.email),
    index('telehealth_participants_present').on(t.presentUntil).where(sql`${t.state} in ('waiting', 'admitted') and ${t.leftAt} is null`),
    check('telehealth_participants_role_check', sql`${t.role} in ('patient', 'provider', 'carer', 'interpreter')`),
    check('telehealth_participants_state_check', sql`${t.state} in ('invited', 'waiting', 'admitted', 'left')`),
    check('telehealth_participants_guest_email', sql`(${t.role} in ('carer', 'interpreter')) = (${t.email} is not null)`),
    check('telehealth_participants_known', sql`${t.userId} is not null or ${t.state} = 'invited'`),
  ],
);

/** The in-call chat, saved with the appointment. */
export const telehealthChatMessages = pgTable(
  'telehealth_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => telehealthVisits.appointmentId, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderName: text('sender_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('telehealth_chat_messages_visit').on(t.appointmentId, t.createdAt),
    check('telehealth_chat_messages_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * What happened in a visit, in order: joins, admissions, invitations, the start, departures and the
 * end. A null `user_id` on `ended` means the system ended it (the call emptied, the appointment was
 * completed, cancelled or marked no-show elsewhere, or the window passed).
 */
export const telehealthEvents = pgTable(
  'telehealth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => telehealthVisits.appointmentId, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('telehealth_events_visit').on(t.appointmentId, t.id),
    check('telehealth_events_kind_check', sql`${t.kind} in ('waiting', 'admitted', 'invited', 'started', 'left', 'ended', 'reopened', 'completed')`),
  ],
);

/**
 * Realtime frames too large for a NOTIFY payload (8000 bytes), e.g. a video visit's session
 * description: the hub stores the frame here and NOTIFYs its id; every process reads it by id.
 * Rows are deleted after a minute by the hub's cleanup. Not readable by app_user.
 */
export const realtimeRelay = pgTable(
  'realtime_relay',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_relay_created').on(t.createdAt)],
);
