import { z } from 'zod';
import { unstorableTextPath } from '../text.js';
import { MessageBodySchema, MessageSchema } from './messaging.js';
import { IceCandidateSchema, MediaStateSchema, SessionDescriptionSchema } from './telehealth.js';

/**
 * The `/ws` WebSocket protocol: every frame is one JSON text message, discriminated by `type`.
 * The server validates what clients send with these schemas; the web app validates what it receives.
 */

/** The WebSocket path, relative to the app's own origin. */
export const REALTIME_PATH = '/ws';

/** The largest client frame the protocol needs (UTF-8 bytes; parseClientFrame bounds characters the same): longer ones get `realtime.frame-too-large`. */
export const MAX_CLIENT_FRAME_BYTES = 4096;
/**
 * A video visit's signalling frame carries a session description (SDP), and a `message.send` a
 * message of up to 5,000 characters (up to 20,000 bytes as UTF-8): these two may be this large.
 */
export const MAX_SIGNAL_FRAME_BYTES = 32_768;
/** Client frame types that may be as large as MAX_SIGNAL_FRAME_BYTES. */
const LARGE_FRAME_TYPES: readonly string[] = ['visit.signal', 'message.send'];

/** Close codes the server uses besides the standard ones (1001 going away, 1008 policy, 1009 too big). */
export const REALTIME_CLOSE = {
  /** The session ended (signed out, expired, disabled): sign in again before reconnecting. */
  sessionEnded: 4401,
} as const;

/** A topic is `kind:id`, e.g. `user:{uuid}`. Which topics a person may hear is the server's decision. */
export const TopicSchema = z
  .string()
  .trim()
  .min(3)
  .max(100)
  .regex(/^[a-z][a-z0-9-]{0,30}:[A-Za-z0-9-]{1,64}$/, 'must be kind:id');
export type Topic = z.infer<typeof TopicSchema>;

export function userTopic(userId: string): Topic {
  return `user:${userId}`;
}

/** The topic a socket hears a video visit's signalling on, once it joined the call (`visit.join`). */
export function visitTopic(appointmentId: string): Topic {
  return `visit:${appointmentId}`;
}

/** One browser tab in a call: a random id the page makes when it loads. */
export const PeerIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _');

/** An optional client-chosen id echoed in the answer (pong), so a client can match them up. */
const FrameIdSchema = z.string().trim().min(1).max(64).optional();

export const ClientPingSchema = z.object({ type: z.literal('ping'), id: FrameIdSchema }).strict();
export const ClientSubscribeSchema = z.object({ type: z.literal('subscribe'), topic: TopicSchema }).strict();
export const ClientUnsubscribeSchema = z.object({ type: z.literal('unsubscribe'), topic: TopicSchema }).strict();

/** Enter a video visit's call (the person must be admitted): the other people in it hear `visit.peer` joined. */
export const ClientVisitJoinSchema = z.object({ type: z.literal('visit.join'), appointmentId: z.uuid(), peerId: PeerIdSchema }).strict();
export const ClientVisitLeaveSchema = z.object({ type: z.literal('visit.leave'), appointmentId: z.uuid(), peerId: PeerIdSchema }).strict();
/**
 * Presence on a visit's page: `present: true` while the waiting room (or the call) is on screen,
 * false when the page goes away. While a socket is present the person is shown as here; when it
 * closes they are gone after a short grace. Answered with `visit.presence` (or `realtime.visit-forbidden`).
 */
export const ClientVisitPresenceSchema = z.object({ type: z.literal('visit.presence'), appointmentId: z.uuid(), present: z.boolean() }).strict();
/**
 * A WebRTC offer, answer or ICE candidate for one other tab in the call (perfect negotiation), or
 * this tab's microphone and camera state (`media`).
 */
export const ClientVisitSignalSchema = z
  .object({
    type: z.literal('visit.signal'),
    appointmentId: z.uuid(),
    peerId: PeerIdSchema,
    toUserId: z.uuid(),
    toPeerId: PeerIdSchema,
    description: SessionDescriptionSchema.optional(),
    /** Null: the end of candidates. */
    candidate: IceCandidateSchema.nullable().optional(),
    media: MediaStateSchema.optional(),
  })
  .strict()
  .refine((f) => f.description !== undefined || f.candidate !== undefined || f.media !== undefined, 'a description, a candidate or the media state');

/**
 * Send a secure message to a conversation (the same as `POST /api/v1/conversations/{id}/messages`,
 * without a request per message): answered with `message.sent` carrying the same `id`, or an
 * `error` frame carrying it.
 */
export const ClientMessageSendSchema = z
  .object({ type: z.literal('message.send'), id: z.string().trim().min(1).max(64), conversationId: z.uuid(), body: MessageBodySchema })
  .strict();

/** What a client may send. */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  ClientMessageSendSchema,
  ClientPingSchema,
  ClientSubscribeSchema,
  ClientUnsubscribeSchema,
  ClientVisitJoinSchema,
  ClientVisitLeaveSchema,
  ClientVisitPresenceSchema,
  ClientVisitSignalSchema,
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

/** Event names the server sends on a topic. */
export const REALTIME_EVENT_TYPES = [
  /** A row was added to the person's in-app notifications: refetch the list. */
  'notification',
  /** A secure message arrived in one of the person's conversations (data: conversationId, id): refetch it. */
  'message',
  /** Events may have been missed (the server's database listener reconnected): refetch what is shown. */
  'resync',
  /** A video visit changed (data: appointmentId, kind: waiting | joined | admitted | left | back | chat | invited | ended | completed): refetch it. */
  'visit',
] as const;
export type RealtimeEventType = (typeof REALTIME_EVENT_TYPES)[number];

/** Ids only, never contents: the client fetches what it may see through the API. */
export const EventDataSchema = z.record(z.string().max(64), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]));
export type EventData = z.infer<typeof EventDataSchema>;

export const ServerHelloSchema = z.object({
  type: z.literal('hello'),
  userId: z.string(),
  topics: z.array(TopicSchema),
  /** How often the server pings at the protocol level; clients may ping at app level too. */
  heartbeatSeconds: z.number().positive(),
});
export const ServerPongSchema = z.object({ type: z.literal('pong'), id: FrameIdSchema });
export const ServerSubscribedSchema = z.object({ type: z.literal('subscribed'), topic: TopicSchema });
export const ServerUnsubscribedSchema = z.object({ type: z.literal('unsubscribed'), topic: TopicSchema });
export const ServerEventSchema = z.object({
  type: z.literal('event'),
  topic: TopicSchema,
  event: z.enum(REALTIME_EVENT_TYPES),
  data: EventDataSchema,
});

/** A tab entered the call: the joiner gets `visit.joined`; the others `visit.peer` (joined, or left when it leaves or its socket closes). */
export const ServerVisitJoinedSchema = z.object({ type: z.literal('visit.joined'), appointmentId: z.string(), peerId: PeerIdSchema });
/** The answer to a `visit.presence` frame: the server counts (or no longer counts) this socket as here. */
export const ServerVisitPresenceSchema = z.object({ type: z.literal('visit.presence'), appointmentId: z.string(), present: z.boolean() });
export const ServerVisitPeerSchema = z.object({
  type: z.literal('visit.peer'),
  appointmentId: z.string(),
  userId: z.string(),
  peerId: PeerIdSchema,
  /**
   * One socket's join of the call, the same in its `joined` and its `left`: a tab back on a new
   * socket joins again with its peer id, and the old socket's late `left` (another join's) must not
   * end it. Optional: a server of an earlier version sends none.
   */
  joinId: z.string().min(1).max(64).optional(),
  state: z.enum(['joined', 'left']),
});
/**
 * The person joined the call from another tab or device (`peerId`, the newer tab's): every other
 * tab of theirs in that call has lost its place (the others' browsers replace it by the newer one)
 * and should stop its media and say so instead of reconnecting. The newer tab hears it too and
 * ignores it (its own peer id).
 */
export const ServerVisitSupersededSchema = z.object({ type: z.literal('visit.superseded'), appointmentId: z.string(), peerId: PeerIdSchema });
export const ServerVisitSignalSchema = z.object({
  type: z.literal('visit.signal'),
  appointmentId: z.string(),
  fromUserId: z.string(),
  fromPeerId: PeerIdSchema,
  toPeerId: PeerIdSchema,
  description: SessionDescriptionSchema.optional(),
  candidate: IceCandidateSchema.nullable().optional(),
  media: MediaStateSchema.optional(),
});
export type ServerVisitSignal = z.infer<typeof ServerVisitSignalSchema>;
export type ServerVisitPeer = z.infer<typeof ServerVisitPeerSchema>;

/** Stable codes of `error` frames. */
export const REALTIME_ERROR_CODES = [
  'realtime.invalid-json',
  'realtime.invalid-frame',
  'realtime.frame-too-large',
  'realtime.binary-unsupported',
  'realtime.rate-limited',
  'realtime.topic-forbidden',
  /** Not (or no longer) admitted to that visit's call, or the visit ended; `visit.signal` to someone outside it. */
  'realtime.visit-forbidden',
  /** The server could not handle the frame (a database error); trying again may work. */
  'realtime.internal-error',
  /** `message.send` to a conversation this person is not in (or that does not exist). */
  'realtime.conversation-not-found',
  /** This person's role may not use this frame type. */
  'realtime.forbidden',
] as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[number];
/** `id`: the client frame's own id, when the refused frame had one (`message.send`). */
export const ServerErrorSchema = z.object({ type: z.literal('error'), code: z.enum(REALTIME_ERROR_CODES), message: z.string(), id: z.string().optional() });
/** A `message.send` was written: the new message, as the send route answers it. */
export const ServerMessageSentSchema = z.object({ type: z.literal('message.sent'), id: z.string(), message: MessageSchema });

/** What the server sends. */
export const ServerFrameSchema = z.discriminatedUnion('type', [
  ServerHelloSchema,
  ServerPongSchema,
  ServerSubscribedSchema,
  ServerUnsubscribedSchema,
  ServerEventSchema,
  ServerErrorSchema,
  ServerMessageSentSchema,
  ServerVisitJoinedSchema,
  ServerVisitPresenceSchema,
  ServerVisitPeerSchema,
  ServerVisitSupersededSchema,
  ServerVisitSignalSchema,
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
export type ServerEvent = z.infer<typeof ServerEventSchema>;

/**
 * Parses one text frame from a client into a frame or the error to answer with. Never throws.
 * A refused frame's own `id` (a string of 1-64 characters, when it has one) comes with the error,
 * so a client waiting for that frame's answer (`message.send`) hears at once that none will come.
 */
export function parseClientFrame(
  text: string,
): { ok: true; frame: ClientFrame } | { ok: false; code: RealtimeErrorCode; message: string; id?: string } {
  const tooLarge = { ok: false, code: 'realtime.frame-too-large', message: `Frames are at most ${MAX_CLIENT_FRAME_BYTES} bytes (signalling ${MAX_SIGNAL_FRAME_BYTES}).` } as const;
  if (text.length > MAX_SIGNAL_FRAME_BYTES) return tooLarge;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, code: 'realtime.invalid-json', message: 'A frame must be one JSON object.' };
  }
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { type?: unknown; id?: unknown }) : undefined;
  const id = typeof object?.id === 'string' && object.id.length >= 1 && object.id.length <= 64 ? { id: object.id } : {};
  // Only a signalling frame and a message may be longer than the others.
  const type = object?.type;
  if (!(typeof type === 'string' && LARGE_FRAME_TYPES.includes(type)) && text.length > MAX_CLIENT_FRAME_BYTES) return { ...tooLarge, ...id };
  // Text PostgreSQL cannot store: U+0000, half a surrogate pair (src/shared/text.ts).
  const unstorable = unstorableTextPath(value);
  if (unstorable) return { ok: false, code: 'realtime.invalid-frame', message: unstorable.message, ...id };
  const parsed = ClientFrameSchema.safeParse(value);
  if (!parsed.success) return { ok: false, code: 'realtime.invalid-frame', message: 'Unknown frame type or wrong fields.', ...id };
  return { ok: true, frame: parsed.data };
}
