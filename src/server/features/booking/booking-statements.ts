import { sql } from 'drizzle-orm';
import type { BookAppointment } from '../../../shared/contracts/appointments.js';
import { queryRows, type Database } from '../../platform/db/database.js';
import { targetFromJson, type BookingTarget } from './availability.js';
import { appointmentFromJson, type AppointmentRecord } from './appointments.repo.js';
import type { Busy, DateOverride } from './slots.js';

/**
 * The two statements of a booking (SQL functions of migrations 0009 and 0029). Each switches to app_user
 * with this person as the current user itself, so row-level security applies inside them as in
 * asAppUser(); each is one round trip to the database.
 */

/** How far after the start the busy time is read: the longest service (8 h) with its buffer after (4 h). */
const LONGEST_OCCUPANCY_MS = 12 * 3_600_000;

export interface BookingContext {
  target: BookingTarget | undefined;
  overrides: DateOverride[];
  busy: Busy[];
  /** The booking this person already made with this idempotency key. */
  retried: AppointmentRecord | undefined;
  /** How to reach the practice, as an appointment's reads give it (migration 0029). */
  contact: { phone: string | null; email: string | null } | null;
  /** The patient's conversation with this provider, if any. */
  conversationId: string | null;
  /** This person's own active appointment with another provider overlapping the asked time (migration 0029). */
  patientBusy: { startsAt: Date; provider: string | null } | null;
}

interface ContextJson {
  target: Parameters<typeof targetFromJson>[0];
  overrides?: DateOverride[];
  busy?: [string, string][];
  retried: Record<string, unknown> | null;
  contact?: { phone: string | null; email: string | null } | null;
  conversationId?: string | null;
  patientBusy?: { startsAt: string; provider: string | null } | null;
}

export async function readBookingContext(db: Database, userId: string, input: BookAppointment, start: Date, idempotencyKey: string): Promise<BookingContext> {
  const to = new Date(start.getTime() + LONGEST_OCCUPANCY_MS);
  const [row] = await queryRows<{ context: ContextJson }>(
    db,
    sql`select booking_context(${userId}::uuid, ${input.providerId}::uuid, ${input.serviceId}::uuid, ${input.locationId ?? null}::uuid,
      ${start.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, ${idempotencyKey}) as context`,
  );
  const context = row?.context;
  return {
    target: targetFromJson(context?.target),
    overrides: context?.overrides ?? [],
    busy: (context?.busy ?? []).map(([from, until]) => ({ start: new Date(from), end: new Date(until) })),
    retried: context?.retried ? appointmentFromJson(context.retried) : undefined,
    contact: context?.contact ?? null,
    conversationId: context?.conversationId ?? null,
    patientBusy: context?.patientBusy ? { startsAt: new Date(context.patientBusy.startsAt), provider: context.patientBusy.provider } : null,
  };
}

/** What book_appointment() writes; times as ISO strings. */
export interface BookingInsert {
  patientId: string;
  providerId: string;
  providerUserId: string;
  tenantId: string;
  serviceId: string;
  locationId: string;
  mode: 'in_person' | 'telehealth';
  startsAt: string;
  endsAt: string;
  occupiedFrom: string;
  occupiedTo: string;
  timeZone: string;
  reason: string;
  priceMinor: number;
  currency: string;
  idempotencyKey: string;
  /** Where the confirmation email's links point (queued in appointment_emails with the booking). */
  linkOrigin: string;
  requestId: string;
  clientIp: string;
  /** The provider's in-app notification's values. */
  notification: Record<string, string>;
}

export type BookingWrite = { outcome: 'booked' | 'retried'; appointment: AppointmentRecord } | { outcome: 'taken' };

export async function writeBooking(db: Database, booking: BookingInsert): Promise<BookingWrite> {
  const [row] = await queryRows<{ result: { outcome: 'booked' | 'retried' | 'taken'; appointment?: Record<string, unknown> } }>(
    db,
    sql`select book_appointment(${JSON.stringify(booking)}::jsonb) as result`,
  );
  const result = row?.result;
  if (!result || result.outcome === 'taken' || !result.appointment) return { outcome: 'taken' };
  return { outcome: result.outcome, appointment: appointmentFromJson(result.appointment) };
}
