import { and, asc, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { EventData } from '../../../shared/contracts/realtime.js';
import {
  JOIN_OPENS_MINUTES_BEFORE,
  VISIT_CHAT_LIMIT,
  VISIT_MAX_GUESTS,
  joinClosesAt,
  joinOpensAt,
  visitPhase,
  visitReopenable,
  type EndVisit,
  type InviteGuest,
  type ParticipantState,
  type TelehealthDay,
  type TelehealthDayQuery,
  type Visit,
  type VisitChat,
  type VisitChatMessage,
  type VisitRole,
} from '../../../shared/contracts/telehealth.js';
import { ACTIVE_APPOINTMENT_STATUSES, decideTransition, type AppointmentStatus, type TransitionDecision } from '../../../shared/appointments.js';
import { knownTimeZone } from '../../../shared/time-zones.js';
import { appointments } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { users } from '../../db/schema/auth.js';
import { telehealthChatMessages, telehealthEvents, telehealthParticipants, telehealthVisits } from '../../db/schema/telehealth.js';
import { recordAudit } from '../../platform/audit/audit.js';
import type { ActorContext } from '../../platform/context.js';
import { queryRows, type Database, type Queryable, type Transaction } from '../../platform/db/database.js';
import { DomainError, conflict, forbidden, notFound } from '../../platform/errors/domain-errors.js';
import { asAppUser, withTenant } from '../../platform/tenancy/with-tenant.js';
import { refusal } from '../booking/appointments.service.js';
import { calendarDateIn, localDay } from '../booking/slots.js';
import { renderVisitInviteEmail } from './telehealth-emails.js';
import { PRESENCE_LEASE_MS } from './telehealth.presence.js';

/** Sends a `visit` event to people's sockets; inside a transaction, on commit. */
export type VisitPublisher = (userIds: readonly string[], type: 'visit', data: EventData, via?: Queryable) => Promise<void>;

/** What a visit's people may know of its appointment (SQL function app_visit_appointment). */
export interface VisitAppointment extends Record<string, unknown> {
  tenant_id: string;
  organisation_name: string;
  service_name: string;
  provider_user_id: string;
  provider_name: string;
  patient_id: string;
  patient_name: string;
  mode: string;
  status: string;
  starts_at: Date | string;
  ends_at: Date | string;
  time_zone: string;
  role: VisitRole;
}

type ParticipantRow = typeof telehealthParticipants.$inferSelect;
type VisitRow = typeof telehealthVisits.$inferSelect;

export interface LoadedVisit {
  appointmentId: string;
  info: VisitAppointment;
  startsAt: Date;
  endsAt: Date;
  visit: VisitRow | null;
  participants: ParticipantRow[];
}

const visitNotFound = () => notFound('visit.not-found', 'This video visit was not found.');
const providerOnly = () => forbidden('visit.provider-only', 'Only the provider of this appointment can do this.');

/** The person's visits run as app_user with them as the current user: row-level security decides what exists. */
function asVisitor<T>(ctx: ActorContext, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return asAppUser(ctx.db, { tenantId: ctx.actor.tenant?.id ?? null, userId: ctx.actor.userId }, fn);
}

/** The visit of an appointment as the current user may see it, or 404. */
export async function loadVisit(tx: Queryable, appointmentId: string): Promise<LoadedVisit> {
  const [info] = await queryRows<VisitAppointment>(tx, sql`select * from app_visit_appointment(${appointmentId}::uuid)`);
  if (!info) throw visitNotFound();
  const [visit] = await tx.select().from(telehealthVisits).where(eq(telehealthVisits.appointmentId, appointmentId));
  const participants = visit
    ? await tx.select().from(telehealthParticipants).where(eq(telehealthParticipants.appointmentId, appointmentId)).orderBy(asc(telehealthParticipants.createdAt))
    : [];
  return { appointmentId, info, startsAt: new Date(info.starts_at), endsAt: new Date(info.ends_at), visit: visit ?? null, participants };
}

export function phaseOf(loaded: LoadedVisit, now: Date) {
  return visitPhase({ mode: loaded.info.mode, status: loaded.info.status, startsAt: loaded.startsAt, endsAt: loaded.endsAt, endedAt: loaded.visit?.endedAt ?? null, now });
}

/** Ended by the system (it emptied) while the appointment still stands: the provider may start it again (shared/contracts/telehealth.ts). */
export function reopenableOf(loaded: LoadedVisit, now: Date): boolean {
  const visit = loaded.visit;
  if (!visit?.endedAt) return false;
  return visitReopenable({ mode: loaded.info.mode, status: loaded.info.status, startsAt: loaded.startsAt, endsAt: loaded.endsAt, endedAt: visit.endedAt, endedBySystem: visit.endedBy === null, now });
}

function myRow(loaded: LoadedVisit, me: string): ParticipantRow | undefined {
  return loaded.participants.find((p) => p.userId === me);
}

/** Everyone who should hear of a change: the patient, the provider and the guests who took their invitation. */
export function visitPeople(loaded: LoadedVisit): string[] {
  const ids = new Set([loaded.info.patient_id, loaded.info.provider_user_id]);
  for (const p of loaded.participants) if (p.userId) ids.add(p.userId);
  return [...ids];
}

/** Who may be in the call now: admitted people (the provider once joined), while the visit is open. */
export function admittedPeople(loaded: LoadedVisit): string[] {
  return loaded.participants.filter((p) => p.state === 'admitted' && p.userId).map((p) => p.userId!);
}

/**
 * Whether a person is here now: waiting or admitted, not gone, and their presence not run out
 * (telehealth.presence.ts), in a visit that is open. Read at every request, so the answer is right
 * even before the presence job has recorded that someone went.
 */
export function isPresent(p: ParticipantRow, phase: string, now: Date): boolean {
  return phase === 'open' && (p.state === 'waiting' || p.state === 'admitted') && p.leftAt === null && p.presentUntil !== null && p.presentUntil.getTime() >= now.getTime();
}

export function toVisit(loaded: LoadedVisit, me: { userId: string; name: string }, now: Date): Visit {
  const { info } = loaded;
  const role = info.role;
  const mine = myRow(loaded, me.userId);
  const isProvider = role === 'provider';
  const phase = phaseOf(loaded, now);
  return {
    appointmentId: loaded.appointmentId,
    organisation: { id: info.tenant_id, name: info.organisation_name },
    serviceName: info.service_name,
    providerName: info.provider_name,
    patientName: info.patient_name,
    startsAt: loaded.startsAt.toISOString(),
    endsAt: loaded.endsAt.toISOString(),
    timeZone: info.time_zone,
    status: info.status,
    mode: info.mode === 'in_person' ? 'in_person' : 'telehealth',
    phase,
    joinOpensAt: joinOpensAt(loaded.startsAt).toISOString(),
    joinClosesAt: joinClosesAt(loaded.endsAt).toISOString(),
    startedAt: loaded.visit?.startedAt?.toISOString() ?? null,
    endedAt: loaded.visit?.endedAt?.toISOString() ?? null,
    me: { userId: me.userId, name: me.name, role, state: (mine?.state as ParticipantState | undefined) ?? null },
    participants: loaded.participants.map((p) => ({
      userId: p.userId,
      name: p.name,
      role: p.role as VisitRole,
      state: p.state as ParticipantState,
      email: isProvider ? p.email : null,
      waitingSince: p.waitingSince?.toISOString() ?? null,
      admittedAt: p.admittedAt?.toISOString() ?? null,
      present: isPresent(p, phase, now),
      leftAt: p.leftAt?.toISOString() ?? null,
    })),
    canComplete: isProvider && completion(loaded, now).ok,
    reopenable: reopenableOf(loaded, now),
  };
}

/**
 * Whether the provider may complete the appointment from the visit now: the shared status rules
 * (shared/appointments.ts), with a booked or confirmed appointment counting as checked in, since
 * completing from the call checks the patient in first.
 */
function completion(loaded: LoadedVisit, now: Date): TransitionDecision {
  const status = (loaded.info.status === 'booked' || loaded.info.status === 'confirmed' ? 'checked_in' : loaded.info.status) as AppointmentStatus;
  return decideTransition({ status, action: 'complete', by: 'practice', startsAt: loaded.startsAt, endsAt: loaded.endsAt, now, cancellationWindowHours: 0 });
}

/** An audit event of the signed-in person in the visit's organisation. */
function audit(ctx: ActorContext, tx: Transaction, loaded: LoadedVisit, action: string, target: { type: string; id: string }, metadata: Record<string, unknown>) {
  return recordAudit(tx, {
    action,
    tenantId: loaded.info.tenant_id,
    actorUserId: ctx.actor.userId,
    targetType: target.type,
    targetId: target.id,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    metadata,
  });
}

/** A step of the visit: in its history (telehealth_events) and the audit trail. */
async function record(ctx: ActorContext, tx: Transaction, loaded: LoadedVisit, appointmentId: string, kind: string, metadata: Record<string, unknown> = {}) {
  await tx.insert(telehealthEvents).values({ appointmentId, tenantId: loaded.info.tenant_id, userId: ctx.actor.userId, kind, createdAt: ctx.now() });
  await audit(ctx, tx, loaded, `telehealth.${kind}`, { type: 'appointment', id: appointmentId }, metadata);
}

/** Makes the visit's row (the first join or invitation). */
async function ensureVisit(tx: Transaction, loaded: LoadedVisit, appointmentId: string): Promise<void> {
  if (loaded.visit) return;
  await tx.insert(telehealthVisits).values({ appointmentId, tenantId: loaded.info.tenant_id }).onConflictDoNothing();
}

/** A guest who opens the visit signed in with the invited address takes the invitation. */
async function takeInvitation(ctx: ActorContext, tx: Transaction, loaded: LoadedVisit): Promise<boolean> {
  if (loaded.info.role !== 'carer' && loaded.info.role !== 'interpreter') return false;
  if (myRow(loaded, ctx.actor.userId)) return false;
  const updated = await tx
    .update(telehealthParticipants)
    .set({ userId: ctx.actor.userId, name: ctx.actor.name })
    .where(
      and(
        eq(telehealthParticipants.appointmentId, loaded.appointmentId),
        sql`${telehealthParticipants.userId} is null and ${telehealthParticipants.email} = app_current_user_email()`,
      ),
    )
    .returning({ id: telehealthParticipants.id });
  return updated.length > 0;
}

/** The visit as the signed-in person sees it. */
export async function getVisit(ctx: ActorContext, appointmentId: string): Promise<Visit> {
  return asVisitor(ctx, async (tx) => {
    let loaded = await loadVisit(tx, appointmentId);
    if (await takeInvitation(ctx, tx, loaded)) loaded = await loadVisit(tx, appointmentId);
    return toVisit(loaded, ctx.actor, ctx.now());
  });
}

function refuseUnlessOpen(loaded: LoadedVisit, now: Date): void {
  const phase = phaseOf(loaded, now);
  if (phase === 'not-open') {
    throw conflict('visit.not-open', 'This video visit opens 15 minutes before the appointment.', { opensAt: joinOpensAt(loaded.startsAt).toISOString() });
  }
  if (phase === 'ended') throw conflict('visit.ended', 'This video visit has ended.');
  if (phase === 'unavailable') throw conflict('visit.unavailable', 'This appointment has no video visit (it was cancelled, or it is in person).');
}

/**
 * Joins the visit: the provider is in at once; the patient and guests wait to be admitted (a
 * person already admitted stays admitted, so a reload rejoins without asking again).
 */
export async function joinVisit(ctx: ActorContext, appointmentId: string, publish: VisitPublisher): Promise<Visit> {
  const now = ctx.now();
  const me = ctx.actor.userId;
  return asVisitor(ctx, async (tx) => {
    let loaded = await loadVisit(tx, appointmentId);
    if (loaded.info.role === 'provider' && reopenableOf(loaded, now)) {
      // The visit ended by itself when everyone had left, but the appointment still stands: the
      // provider starts it again (only a system end: one by a person stays).
      await tx
        .update(telehealthVisits)
        .set({ endedAt: null, endedBy: null })
        .where(and(eq(telehealthVisits.appointmentId, appointmentId), sql`${telehealthVisits.endedAt} is not null and ${telehealthVisits.endedBy} is null`));
      await record(ctx, tx, loaded, appointmentId, 'reopened', { endedAt: loaded.visit!.endedAt!.toISOString() });
      loaded = await loadVisit(tx, appointmentId);
    }
    refuseUnlessOpen(loaded, now);
    await ensureVisit(tx, loaded, appointmentId);
    if (await takeInvitation(ctx, tx, loaded)) loaded = await loadVisit(tx, appointmentId);
    const role = loaded.info.role;
    const mine = myRow(loaded, me);
    const isProvider = role === 'provider';
    // Here from now on (the page's socket keeps it so: telehealth.presence.ts).
    const presentUntil = new Date(now.getTime() + PRESENCE_LEASE_MS);
    if (!mine) {
      await tx.insert(telehealthParticipants).values({
        appointmentId,
        tenantId: loaded.info.tenant_id,
        userId: me,
        name: ctx.actor.name,
        role,
        state: isProvider ? 'admitted' : 'waiting',
        waitingSince: isProvider ? null : now,
        admittedAt: isProvider ? now : null,
        presentUntil,
        createdAt: now,
      });
    } else if (mine.state === 'invited' || mine.state === 'left' || (isProvider && mine.state !== 'admitted')) {
      // Someone who left the waiting room (or whose page went away) waits again.
      await tx
        .update(telehealthParticipants)
        .set(isProvider ? { state: 'admitted', admittedAt: now, presentUntil, leftAt: null } : { state: 'waiting', waitingSince: now, presentUntil, leftAt: null })
        .where(eq(telehealthParticipants.id, mine.id));
    } else {
      await tx.update(telehealthParticipants).set({ presentUntil, leftAt: null }).where(eq(telehealthParticipants.id, mine.id));
    }
    const waitingNow = !isProvider && (!mine || mine.state !== 'admitted');
    if (waitingNow) await record(ctx, tx, loaded, appointmentId, 'waiting', { role });
    loaded = await loadVisit(tx, appointmentId);
    await publish(visitPeople(loaded), 'visit', { appointmentId, kind: waitingNow ? 'waiting' : 'joined' }, tx);
    return toVisit(loaded, ctx.actor, now);
  });
}

/**
 * Leaves the visit (the waiting room's Leave, the call's Leave): someone waiting is no longer
 * waiting (joining again waits again); someone admitted keeps the admission and is gone until they
 * come back. A 'left' event and a `visit` event; leaving when not here changes nothing.
 */
export async function leaveVisit(ctx: ActorContext, appointmentId: string, publish: VisitPublisher): Promise<Visit> {
  const now = ctx.now();
  return asVisitor(ctx, async (tx) => {
    let loaded = await loadVisit(tx, appointmentId);
    const mine = myRow(loaded, ctx.actor.userId);
    if (loaded.visit && !loaded.visit.endedAt && mine && (mine.state === 'waiting' || mine.state === 'admitted') && mine.leftAt === null) {
      await tx
        .update(telehealthParticipants)
        .set({ state: mine.state === 'waiting' ? 'left' : 'admitted', leftAt: now, presentUntil: null })
        .where(eq(telehealthParticipants.id, mine.id));
      await record(ctx, tx, loaded, appointmentId, 'left', { role: mine.role, state: mine.state });
      loaded = await loadVisit(tx, appointmentId);
      await publish(visitPeople(loaded), 'visit', { appointmentId, kind: 'left' }, tx);
    }
    return toVisit(loaded, ctx.actor, now);
  });
}

/**
 * A socket says its person is on the visit's page (`visit.presence`, or `visit.join` in the call),
 * read and written under row-level security as that person. Someone whose presence had run out
 * (`left` from the waiting room) waits again; someone admitted is back. False when they may not be
 * here (not one of its people, never joined, the visit not open).
 */
export async function markPresent(db: Database, userId: string, appointmentId: string, now: Date, publish: VisitPublisher): Promise<boolean> {
  try {
    return await asAppUser(db, { tenantId: null, userId }, async (tx) => {
      const loaded = await loadVisit(tx, appointmentId);
      if (phaseOf(loaded, now) !== 'open') return false;
      const mine = myRow(loaded, userId);
      if (!mine || mine.state === 'invited') return false;
      const presentUntil = new Date(Math.max(now.getTime() + PRESENCE_LEASE_MS, mine.presentUntil?.getTime() ?? 0));
      const back = mine.state === 'left' || mine.leftAt !== null;
      await tx
        .update(telehealthParticipants)
        .set(mine.state === 'left' ? { state: 'waiting', waitingSince: now, presentUntil, leftAt: null } : { presentUntil, leftAt: null })
        .where(eq(telehealthParticipants.id, mine.id));
      if (mine.state === 'left') {
        await tx.insert(telehealthEvents).values({ appointmentId, tenantId: loaded.info.tenant_id, userId, kind: 'waiting', createdAt: now });
      }
      if (back) await publish(visitPeople(loaded), 'visit', { appointmentId, kind: mine.state === 'left' ? 'waiting' : 'back' }, tx);
      return true;
    });
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/** The provider lets someone in from the waiting room. Admitting the patient checks the appointment in. */
export async function admitToVisit(ctx: ActorContext, appointmentId: string, userId: string, publish: VisitPublisher): Promise<Visit> {
  const now = ctx.now();
  return asVisitor(ctx, async (tx) => {
    let loaded = await loadVisit(tx, appointmentId);
    if (loaded.info.role !== 'provider') throw providerOnly();
    refuseUnlessOpen(loaded, now);
    const target = loaded.participants.find((p) => p.userId === userId);
    if (!target || target.state === 'invited') throw notFound('visit.participant-not-found', 'This person is not in the waiting room.');
    if (target.state === 'waiting') {
      await tx.update(telehealthParticipants).set({ state: 'admitted', admittedAt: now }).where(eq(telehealthParticipants.id, target.id));
      await record(ctx, tx, loaded, appointmentId, 'admitted', { userId, role: target.role });
      if (!loaded.visit?.startedAt) {
        await tx.update(telehealthVisits).set({ startedAt: now }).where(eq(telehealthVisits.appointmentId, appointmentId));
        await record(ctx, tx, loaded, appointmentId, 'started');
      }
      // The patient arrived: the appointment is checked in (confirmed first if it never was), as
      // the practice would at the desk. Only in the appointment's own organisation.
      if (target.role === 'patient' && ctx.actor.tenant?.id === loaded.info.tenant_id) {
        await checkIn(ctx, tx, appointmentId, now);
      }
    }
    loaded = await loadVisit(tx, appointmentId);
    await publish(visitPeople(loaded), 'visit', { appointmentId, kind: 'admitted' }, tx);
    return toVisit(loaded, ctx.actor, now);
  });
}

async function checkIn(ctx: ActorContext, tx: Transaction, appointmentId: string, now: Date): Promise<void> {
  await tx
    .update(appointments)
    .set({
      status: 'checked_in',
      confirmedAt: sql`coalesce(${appointments.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      checkedInAt: now,
      updatedAt: now,
      sequence: sql`${appointments.sequence} + 1`,
    })
    .where(and(eq(appointments.id, appointmentId), inArray(appointments.status, ['booked', 'confirmed'])));
}

/** The provider invites a carer or an interpreter by email; they sign in with that address and wait to be admitted. */
export async function inviteToVisit(ctx: ActorContext, appointmentId: string, input: InviteGuest, publish: VisitPublisher): Promise<Visit> {
  const now = ctx.now();
  const { visit, mail } = await asVisitor(ctx, async (tx) => {
    let loaded = await loadVisit(tx, appointmentId);
    if (loaded.info.role !== 'provider') throw providerOnly();
    const phase = phaseOf(loaded, now);
    if (phase === 'ended' || phase === 'unavailable') throw conflict(`visit.${phase}`, phase === 'ended' ? 'This video visit has ended.' : 'This appointment has no video visit.');
    const guests = loaded.participants.filter((p) => p.role === 'carer' || p.role === 'interpreter');
    if (guests.some((g) => g.email === input.email)) throw conflict('visit.already-invited', 'This person is already invited.');
    // The visit's own people are in it by their place, not by an invitation: an invitation to the
    // patient's (or a guest's account's) address would take a guest place, mail them a second way
    // in and list them twice. Compared with the accounts' addresses, which the invitations match.
    const inVisit = new Set([loaded.info.patient_id, ...loaded.participants.flatMap((p) => (p.userId ? [p.userId] : []))]);
    inVisit.delete(ctx.actor.userId);
    const people = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, [ctx.actor.userId, ...inVisit]));
    if (people.some((p) => p.id === ctx.actor.userId && p.email.toLowerCase() === input.email)) throw conflict('visit.invite-self', 'You are already in this visit.');
    if (people.some((p) => p.id !== ctx.actor.userId && p.email.toLowerCase() === input.email)) throw conflict('visit.already-participant', 'This person is already in this visit.');
    if (guests.length >= VISIT_MAX_GUESTS) throw conflict('visit.too-many-guests', `A video visit can have at most ${VISIT_MAX_GUESTS} guests.`);
    await ensureVisit(tx, loaded, appointmentId);
    await tx.insert(telehealthParticipants).values({
      appointmentId,
      tenantId: loaded.info.tenant_id,
      email: input.email,
      name: input.email,
      role: input.role,
      state: 'invited',
      invitedBy: ctx.actor.userId,
      createdAt: now,
    });
    await record(ctx, tx, loaded, appointmentId, 'invited', { role: input.role });
    loaded = await loadVisit(tx, appointmentId);
    await publish(visitPeople(loaded), 'visit', { appointmentId, kind: 'invited' }, tx);
    return {
      visit: toVisit(loaded, ctx.actor, now),
      mail: renderVisitInviteEmail({
        to: input.email,
        role: input.role,
        inviter: ctx.actor.name,
        organisation: loaded.info.organisation_name,
        startsAt: loaded.startsAt,
        timeZone: loaded.info.time_zone,
        locale: ctx.actor.locale,
        url: `${ctx.publicOrigin}/appointments/telehealth/${appointmentId}`,
      }),
    };
  });
  // After the commit: a mail failure does not undo the invitation (the provider can see it listed).
  await ctx.mailer.send(mail).catch((error: unknown) => ctx.log.error({ err: error }, 'telehealth: the invitation email could not be sent'));
  return visit;
}

/**
 * The provider ends the visit for everyone, and may complete the appointment with it. A visit
 * that has already ended (the provider's "End visit", or by itself) can still complete its
 * appointment (`complete: true`): the end stays as it was.
 */
export async function endVisit(ctx: ActorContext, appointmentId: string, input: EndVisit, publish: VisitPublisher): Promise<Visit> {
  const now = ctx.now();
  return asVisitor(ctx, async (tx) => {
    let loaded = await loadVisit(tx, appointmentId);
    if (loaded.info.role !== 'provider') throw providerOnly();
    const alreadyEnded = Boolean(loaded.visit?.endedAt);
    if (alreadyEnded && !input.complete) throw conflict('visit.ended', 'This video visit has ended.');
    if (input.complete) {
      if (ctx.actor.tenant?.id !== loaded.info.tenant_id) {
        throw forbidden('visit.wrong-organisation', `Switch to ${loaded.info.organisation_name} to complete this appointment.`);
      }
      const decision = completion(loaded, now);
      if (!decision.ok) throw refusal(decision.reason);
    }
    if (!alreadyEnded) {
      await ensureVisit(tx, loaded, appointmentId);
      await tx.update(telehealthVisits).set({ endedAt: now, endedBy: ctx.actor.userId }).where(eq(telehealthVisits.appointmentId, appointmentId));
      await record(ctx, tx, loaded, appointmentId, 'ended');
    }
    if (input.complete) {
      await checkIn(ctx, tx, appointmentId, now);
      const done = await tx
        .update(appointments)
        .set({ status: 'completed', completedAt: now, updatedAt: now, sequence: sql`${appointments.sequence} + 1` })
        .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'checked_in')))
        .returning({ id: appointments.id });
      if (done.length === 0) throw conflict('appointment.changed', 'This appointment was changed meanwhile. Please reload it.');
      await record(ctx, tx, loaded, appointmentId, 'completed');
    }
    loaded = await loadVisit(tx, appointmentId);
    await publish(visitPeople(loaded), 'visit', { appointmentId, kind: alreadyEnded ? 'completed' : 'ended' }, tx);
    return toVisit(loaded, ctx.actor, now);
  });
}

function toChatMessage(row: typeof telehealthChatMessages.$inferSelect, me: string): VisitChatMessage {
  return { id: row.id, senderId: row.senderId, senderName: row.senderName, mine: row.senderId === me, body: row.body, createdAt: row.createdAt.toISOString() };
}

const isGuest = (role: string) => role === 'carer' || role === 'interpreter';

/**
 * From when a person may read the visit's chat: the patient and the provider all of it, always (it
 * is kept with the appointment). A guest (a carer or an interpreter) only what was written since
 * the provider let them in, and only while the visit is open: the minimum necessary for their
 * part, which ends with the visit. Null: nothing.
 */
function chatReadableFrom(loaded: LoadedVisit, me: string, now: Date): Date | 'all' | null {
  if (!isGuest(loaded.info.role)) return 'all';
  const mine = myRow(loaded, me);
  if (mine?.state !== 'admitted' || !mine.admittedAt || phaseOf(loaded, now) !== 'open') return null;
  return mine.admittedAt;
}

/** Who hears of a new chat message live: those who may read it now (not a guest still waiting or invited). */
function chatReaders(loaded: LoadedVisit, now: Date): string[] {
  return visitPeople(loaded).filter((id) => {
    if (id === loaded.info.patient_id || id === loaded.info.provider_user_id) return true;
    const row = loaded.participants.find((p) => p.userId === id);
    return row !== undefined && (!isGuest(row.role) || (row.state === 'admitted' && row.admittedAt !== null && phaseOf(loaded, now) === 'open'));
  });
}

/** The in-call chat (oldest first), as much of it as the person may read (chatReadableFrom); reading it is audited. */
export async function visitChat(ctx: ActorContext, appointmentId: string): Promise<VisitChat> {
  return asVisitor(ctx, async (tx) => {
    const loaded = await loadVisit(tx, appointmentId);
    const from = chatReadableFrom(loaded, ctx.actor.userId, ctx.now());
    if (from === null) {
      await audit(ctx, tx, loaded, 'telehealth.chat.read', { type: 'appointment', id: appointmentId }, { messages: [] });
      return { messages: [] };
    }
    const rows = await tx
      .select()
      .from(telehealthChatMessages)
      .where(and(eq(telehealthChatMessages.appointmentId, appointmentId), from === 'all' ? undefined : gte(telehealthChatMessages.createdAt, from)))
      .orderBy(sql`${telehealthChatMessages.createdAt} desc, ${telehealthChatMessages.id} desc`)
      .limit(VISIT_CHAT_LIMIT);
    await audit(ctx, tx, loaded, 'telehealth.chat.read', { type: 'appointment', id: appointmentId }, { messages: rows.map((r) => r.id) });
    return { messages: rows.reverse().map((r) => toChatMessage(r, ctx.actor.userId)) };
  });
}

/** A chat message in the call: only from someone admitted while the visit is open. */
export async function sendVisitChat(ctx: ActorContext, appointmentId: string, body: string, publish: VisitPublisher): Promise<VisitChatMessage> {
  const now = ctx.now();
  return asVisitor(ctx, async (tx) => {
    const loaded = await loadVisit(tx, appointmentId);
    refuseUnlessOpen(loaded, now);
    if (myRow(loaded, ctx.actor.userId)?.state !== 'admitted') throw forbidden('visit.not-admitted', 'You can write in the chat once you are in the call.');
    const [row] = await tx
      .insert(telehealthChatMessages)
      .values({ appointmentId, tenantId: loaded.info.tenant_id, senderId: ctx.actor.userId, senderName: ctx.actor.name, body, createdAt: now })
      .returning();
    await audit(ctx, tx, loaded, 'telehealth.chat.sent', { type: 'telehealth_chat_message', id: row!.id }, { appointmentId });
    await publish(chatReaders(loaded, now), 'visit', { appointmentId, kind: 'chat' }, tx);
    return toChatMessage(row!, ctx.actor.userId);
  });
}

/**
 * `/provider/telehealth`: the signed-in provider's telehealth appointments of a day in the
 * organisation they act in (all of the organisation's for staff who are not a provider there),
 * with who is waiting.
 */
export async function telehealthDay(ctx: ActorContext, query: TelehealthDayQuery): Promise<TelehealthDay> {
  const tenant = ctx.actor.tenant!;
  const now = ctx.now();
  const timeZone = (query.timeZone && knownTimeZone(query.timeZone)) || 'UTC';
  const today = calendarDateIn(now, timeZone);
  const date = query.date ?? today;
  const { from, to } = localDay(date, timeZone);
  // Today also holds what a provider must not miss around midnight: a visit of yesterday still
  // under way, and one of tomorrow whose waiting room is already open.
  const isToday = date === today;
  const until = isToday ? new Date(Math.max(to.getTime(), now.getTime() + JOIN_OPENS_MINUTES_BEFORE * 60_000)) : to;
  return withTenant({ db: ctx.db, tenantId: tenant.id, userId: ctx.actor.userId }, async (tx) => {
    const [own] = await tx
      .select({ id: providerProfiles.id })
      .from(providerProfiles)
      .where(and(eq(providerProfiles.userId, ctx.actor.userId), eq(providerProfiles.tenantId, tenant.id)));
    // The practice's video visits the day lists (a provider's own only).
    const listed = and(
      eq(appointments.tenantId, tenant.id),
      eq(appointments.mode, 'telehealth'),
      inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]),
      own ? eq(appointments.providerId, own.id) : undefined,
    );
    const rows = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          listed,
          isToday ? or(gte(appointments.startsAt, from), gt(appointments.endsAt, now)) : gte(appointments.startsAt, from),
          lt(appointments.startsAt, until),
        ),
      )
      .orderBy(asc(appointments.startsAt))
      .limit(200);
    const visits: TelehealthDay['visits'] = [];
    const providerUserId = ctx.actor.userId;
    for (const { id } of rows) {
      // Staff who are not the provider see the day, not the visit's people.
      const [info] = await queryRows<VisitAppointment>(tx, sql`select * from app_visit_appointment(${id}::uuid)`);
      const loaded = info ? await loadVisit(tx, id) : null;
      const basics = loaded ?? (await practiceBasics(tx, id));
      const phase = phaseOf(basics, now);
      const people = (loaded?.participants ?? []).filter((p) => p.userId && p.userId !== basics.info.provider_user_id && p.userId !== providerUserId);
      visits.push({
        appointmentId: id,
        patientName: basics.info.patient_name,
        serviceName: basics.info.service_name,
        startsAt: basics.startsAt.toISOString(),
        endsAt: basics.endsAt.toISOString(),
        status: basics.info.status,
        phase,
        joinOpensAt: joinOpensAt(basics.startsAt).toISOString(),
        startedAt: basics.visit?.startedAt?.toISOString() ?? null,
        endedAt: basics.visit?.endedAt?.toISOString() ?? null,
        reopenable: loaded?.info.role === 'provider' && reopenableOf(loaded, now),
        mine: loaded?.info.role === 'provider',
        // Only who is here now: someone whose page went away is gone, not waiting.
        waiting: people
          .filter((p) => p.state === 'waiting' && isPresent(p, phase, now))
          .map((p) => ({ userId: p.userId!, name: p.name, role: p.role as VisitRole, since: (p.waitingSince ?? p.createdAt).toISOString() })),
        others: people
          .filter((p) => p.state === 'admitted' || p.state === 'left' || (p.state === 'waiting' && !isPresent(p, phase, now)))
          .map((p) => ({
            userId: p.userId!,
            name: p.name,
            role: p.role as VisitRole,
            presence: p.state === 'admitted' && isPresent(p, phase, now) ? ('in-call' as const) : ('gone' as const),
            leftAt: p.leftAt?.toISOString() ?? null,
          })),
      });
    }
    // The first visit after this day (of those the list shows), so an empty day leads to the next with visits.
    const [next] = await tx
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(and(listed, gte(appointments.startsAt, until)))
      .orderBy(asc(appointments.startsAt))
      .limit(1);
    return {
      date,
      timeZone,
      visits,
      next: next ? { date: calendarDateIn(next.startsAt, timeZone), startsAt: next.startsAt.toISOString() } : null,
    };
  });
}

/** An appointment's basics as the organisation's staff read it (no visit rows: those are its people's). */
async function practiceBasics(tx: Transaction, id: string): Promise<LoadedVisit> {
  const [row] = await queryRows<VisitAppointment>(
    tx,
    sql`select a.tenant_id, s.name as service_name, u.name as patient_name, a.mode, a.status, a.starts_at, a.ends_at, a.time_zone
        from appointments a join provider_services s on s.id = a.service_id join users u on u.id = a.patient_id where a.id = ${id}::uuid`,
  );
  if (!row) throw visitNotFound();
  return { appointmentId: id, info: row, startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at), visit: null, participants: [] };
}
