import { z } from 'zod';
import { CalendarDateSchema } from './instants.js';
import { SERVICE_MODES } from './providers.js';

/**
 * Telehealth video visits (issue 6). A visit belongs to one telehealth appointment. Its patient
 * and provider take part, and a carer or interpreter the provider invites by email (they sign in
 * with that address). Anyone else is told the visit does not exist (404).
 *
 * The patient (and a guest) joins the waiting room; the provider admits them; the browsers then
 * connect peer to peer with WebRTC, signalling over the `/ws` socket (the `visit.*` frames in
 * `realtime.ts`). The HTTP API below holds the visit's state, chat and history.
 */

/** The join window opens this many minutes before the appointment's start. */
export const JOIN_OPENS_MINUTES_BEFORE = 15;
/** …and closes this many minutes after its scheduled end, unless the provider ends the visit first. */
export const JOIN_CLOSES_MINUTES_AFTER = 60;
export const VISIT_CHAT_MAX_LENGTH = 2000;
/**
 * Presence (see telehealth.presence.ts on the server): a closed connection leaves a person this
 * long to come back (a reload, a reconnect) before they count as gone; a visit that started and
 * has nobody left in it ends this long after the last person went.
 */
export const PRESENCE_GRACE_SECONDS_DEFAULT = 30;
export const EMPTY_VISIT_END_SECONDS_DEFAULT = 60;
/** The newest chat messages a visit returns (a visit's chat is short). */
export const VISIT_CHAT_LIMIT = 200;
/** A visit has at most this many guests (carers and interpreters) besides patient and provider. */
export const VISIT_MAX_GUESTS = 2;

export const VISIT_ROLES = ['patient', 'provider', 'carer', 'interpreter'] as const;
export type VisitRole = (typeof VISIT_ROLES)[number];
export const GUEST_ROLES = ['carer', 'interpreter'] as const;
export type GuestRole = (typeof GUEST_ROLES)[number];

/**
 * A participant's place: `invited` (a guest who has not opened the visit yet), `waiting` (in the
 * waiting room), `admitted` (may be in the call; a reload rejoins without a new admission),
 * `left` (left the waiting room, or their page went away past the grace; joining again waits
 * again). An admitted person who drops stays admitted (they come back without asking again) and
 * is shown as gone (`present` false) until they are back.
 */
export const PARTICIPANT_STATES = ['invited', 'waiting', 'admitted', 'left'] as const;
export type ParticipantState = (typeof PARTICIPANT_STATES)[number];

/**
 * Where the visit stands for joining: `not-open` (before the join window), `open`, `ended` (the
 * provider ended it, it ended by itself once empty — see `visitReopenable` —, or the window closed), `unavailable` (the appointment was cancelled, marked
 * no-show, or is not a telehealth appointment).
 */
export const VISIT_PHASES = ['not-open', 'open', 'ended', 'unavailable'] as const;
export type VisitPhase = (typeof VISIT_PHASES)[number];

export const VisitParticipantSchema = z.object({
  /** Null for an invited guest who has not signed in to the visit yet. */
  userId: z.string().nullable(),
  name: z.string(),
  role: z.enum(VISIT_ROLES),
  state: z.enum(PARTICIPANT_STATES),
  /** Only the provider sees invited guests' addresses. */
  email: z.string().nullable(),
  waitingSince: z.string().nullable(),
  admittedAt: z.string().nullable(),
  /** Whether the person is here now: on the visit's page (waiting room or call), within the grace of a dropped connection. */
  present: z.boolean(),
  /** When they last left (null while here, or never here). */
  leftAt: z.string().nullable(),
});
export type VisitParticipant = z.infer<typeof VisitParticipantSchema>;

export const VisitSchema = z.object({
  appointmentId: z.string(),
  organisation: z.object({ id: z.string(), name: z.string() }),
  serviceName: z.string(),
  providerName: z.string(),
  patientName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The appointment location's IANA zone (the page shows times in the viewer's own zone). */
  timeZone: z.string(),
  /** The appointment's status (see shared/appointments.ts). */
  status: z.string(),
  /** How the appointment is held: only a telehealth one has a video visit (an in-person one is `unavailable`). */
  mode: z.enum(SERVICE_MODES),
  phase: z.enum(VISIT_PHASES),
  joinOpensAt: z.string(),
  joinClosesAt: z.string(),
  /** When the provider first admitted someone / ended the visit. */
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  me: z.object({ userId: z.string(), name: z.string(), role: z.enum(VISIT_ROLES), state: z.enum(PARTICIPANT_STATES).nullable() }),
  participants: z.array(VisitParticipantSchema),
  /** Provider only: whether the appointment can be marked completed now. */
  canComplete: z.boolean(),
  /**
   * The visit ended by itself (everyone had left: `visitReopenable`), not by a person, while the
   * appointment still stands and its window is open: the provider's join starts it again.
   */
  reopenable: z.boolean(),
});
export type Visit = z.infer<typeof VisitSchema>;

export const VisitParamsSchema = z.object({ appointmentId: z.string().uuid() }).strict();

export const AdmitSchema = z.object({ userId: z.string().uuid() }).strict();
export type Admit = z.infer<typeof AdmitSchema>;

export const InviteGuestSchema = z
  .object({
    email: z.string().trim().toLowerCase().email().max(254),
    role: z.enum(GUEST_ROLES),
  })
  .strict();
export type InviteGuest = z.infer<typeof InviteGuestSchema>;

export const EndVisitSchema = z
  .object({
    /**
     * Also mark the appointment completed (the provider's "End and complete"). On a visit that has
     * already ended, `true` only completes the appointment (its "Complete appointment").
     */
    complete: z.boolean().default(false),
  })
  .strict();
export type EndVisit = z.infer<typeof EndVisitSchema>;

export const VisitChatMessageSchema = z.object({
  id: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export type VisitChatMessage = z.infer<typeof VisitChatMessageSchema>;
export const VisitChatSchema = z.object({ messages: z.array(VisitChatMessageSchema) });
export type VisitChat = z.infer<typeof VisitChatSchema>;

export const SendVisitChatSchema = z.object({ body: z.string().trim().min(1).max(VISIT_CHAT_MAX_LENGTH) }).strict();
export type SendVisitChat = z.infer<typeof SendVisitChatSchema>;

/** RTCIceServer as the browser takes it. TURN entries carry short-lived credentials. */
export const IceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const IceConfigSchema = z.object({
  iceServers: z.array(IceServerSchema),
  /** How long the TURN credentials stay valid; fetch again before a reconnect after that. */
  ttlSeconds: z.number().int(),
});
export type IceConfig = z.infer<typeof IceConfigSchema>;

/** `/provider/telehealth`: the provider's video visits of a day, with who is waiting. */
export const TelehealthDayQuerySchema = z
  .object({
    /** The day in the viewer's zone, YYYY-MM-DD; today when absent. */
    date: CalendarDateSchema.optional(),
    /** The viewer's IANA zone; UTC when absent or unknown. */
    timeZone: z.string().max(64).optional(),
  })
  .strict();
export type TelehealthDayQuery = z.infer<typeof TelehealthDayQuerySchema>;

/** Where a visit's person is, as the provider's day shows it (like Doxy.me: in the room, waiting, gone). */
export const PRESENCES = ['waiting', 'in-call', 'gone'] as const;
export type Presence = (typeof PRESENCES)[number];

export const TelehealthDayVisitSchema = z.object({
  appointmentId: z.string(),
  patientName: z.string(),
  serviceName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.string(),
  phase: z.enum(VISIT_PHASES),
  joinOpensAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The visit ended by itself (it emptied) and its provider may start it again: `visitReopenable`. */
  reopenable: z.boolean(),
  /** The signed-in person is the visit's provider: only they start and join it (other staff see the day). */
  mine: z.boolean(),
  /** People in the waiting room now. */
  waiting: z.array(z.object({ userId: z.string(), name: z.string(), role: z.enum(VISIT_ROLES), since: z.string() })),
  /** Everyone else who came (not the provider): in the call now, or gone (left the waiting room or the call). */
  others: z.array(z.object({ userId: z.string(), name: z.string(), role: z.enum(VISIT_ROLES), presence: z.enum(PRESENCES), leftAt: z.string().nullable() })),
});
export type TelehealthDayVisit = z.infer<typeof TelehealthDayVisitSchema>;
export const TelehealthDaySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  visits: z.array(TelehealthDayVisitSchema),
  /** The first video visit after this day, of those the day lists (its day in the viewer's zone), so an empty day leads to the next with visits; null: none. */
  next: z.object({ date: z.string(), startsAt: z.string() }).nullable(),
});
export type TelehealthDay = z.infer<typeof TelehealthDaySchema>;

/** Where a visit stands for joining at `now` (the server's and the page's shared rule). */
export function visitPhase(input: { mode: string; status: string; startsAt: Date; endsAt: Date; endedAt: Date | null; now: Date }): VisitPhase {
  if (input.mode !== 'telehealth' || input.status === 'cancelled' || input.status === 'no_show') return 'unavailable';
  if (input.endedAt || input.status === 'completed') return 'ended';
  if (input.now.getTime() < joinOpensAt(input.startsAt).getTime()) return 'not-open';
  if (input.now.getTime() >= joinClosesAt(input.endsAt).getTime()) return 'ended';
  return 'open';
}

/**
 * Whether an ended visit may be started again by its provider: the system ended it (`endedBy`
 * null: it emptied) and, as if it had not ended, it would be open now (the appointment is still
 * booked, confirmed or checked in, and its window has not closed). An end by a person, or by the
 * appointment's completion, cancellation or no-show, stays.
 */
export function visitReopenable(input: { mode: string; status: string; startsAt: Date; endsAt: Date; endedAt: Date | null; endedBySystem: boolean; now: Date }): boolean {
  if (!input.endedAt || !input.endedBySystem) return false;
  if (input.status !== 'booked' && input.status !== 'confirmed' && input.status !== 'checked_in') return false;
  return visitPhase({ ...input, endedAt: null }) === 'open';
}

/**
 * Whether an appointment's screens offer its video visit now: open, and for its provider also a
 * visit that ended by itself and may be started again. One that ended is not offered to the patient.
 */
type AppointmentVisit = { mode: string; status: string; startsAt: string; endsAt: string; visitEnded: { at: string; bySystem: boolean } | null };

function phaseInput(a: AppointmentVisit, now: Date) {
  return { mode: a.mode, status: a.status, startsAt: new Date(a.startsAt), endsAt: new Date(a.endsAt), endedAt: a.visitEnded ? new Date(a.visitEnded.at) : null, now };
}

/** The video visit's phase of an appointment as the API gives it (ISO times). */
export function appointmentVisitPhase(a: AppointmentVisit, now: Date): VisitPhase {
  return visitPhase(phaseInput(a, now));
}

export function visitOffered(a: AppointmentVisit, now: Date, party: 'patient' | 'practice'): boolean {
  const input = phaseInput(a, now);
  if (visitPhase(input) === 'open') return true;
  return party === 'practice' && visitReopenable({ ...input, endedBySystem: a.visitEnded?.bySystem ?? false });
}

export function joinOpensAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000);
}

export function joinClosesAt(endsAt: Date): Date {
  return new Date(endsAt.getTime() + JOIN_CLOSES_MINUTES_AFTER * 60_000);
}

/**
 * Signalling payloads relayed between the browsers of one visit (validated, size-bounded; the
 * server does not read them). An SDP with several media sections is a few kilobytes.
 */
export const MAX_SDP_LENGTH = 30_000;
export const SessionDescriptionSchema = z
  .object({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: z.string().max(MAX_SDP_LENGTH).default('') })
  .strict();
/**
 * Whether a tab's microphone and camera are on, sent to the others in the call when it changes and
 * to each tab it connects to (so a late joiner learns it): a peer's muted track still arrives, as
 * silence or black frames, so the others cannot tell from the media. `video` is on while the tab
 * sends a picture (its camera, or a shared screen).
 */
export const MediaStateSchema = z.object({ audio: z.boolean(), video: z.boolean() }).strict();
export type MediaState = z.infer<typeof MediaStateSchema>;
export const IceCandidateSchema = z
  .object({
    candidate: z.string().max(2000),
    sdpMid: z.string().max(64).nullish(),
    sdpMLineIndex: z.number().int().min(0).max(255).nullish(),
    usernameFragment: z.string().max(256).nullish(),
  })
  .strict();
