import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  EventDataSchema,
  REALTIME_EVENT_TYPES,
  ServerFrameSchema,
  TopicSchema,
  type Topic,
  userTopic,
  type EventData,
  type RealtimeEventType,
  type ServerFrame,
} from '../../../shared/contracts/realtime.js';
import { queryRows, type DatabaseHandle, type Listener, type Queryable } from '../db/database.js';

/**
 * The PostgreSQL channel every process LISTENs on. The notifications trigger (migration 0011)
 * NOTIFYs it too, so its payload shape is fixed: {"users": [uuid…], "type": …, "data"?: {…}}; the
 * messages trigger (migration 0032) announces the rows of one INSERT together, as
 * {"events": [that shape, …]}.
 */
export const REALTIME_CHANNEL = 'tendwell_realtime';

/** NOTIFY payloads must stay under 8000 bytes: ids only, in chunks of this many people. */
const USERS_PER_NOTIFY = 100;
const NOTIFY_PAYLOAD_MAX_BYTES = 7900;

const UsersSchema = z.array(z.uuid()).min(1).max(USERS_PER_NOTIFY * 2);
const UserEventSchema = z.object({ users: UsersSchema, type: z.enum(REALTIME_EVENT_TYPES), data: EventDataSchema.optional() });
/**
 * Four shapes: an event to people's own topic, or several in one NOTIFY (under 8000 bytes, so at
 * most some fifty); a frame for a topic, inline or (too large for NOTIFY) stored in realtime_relay.
 */
const BackplaneMessageSchema = z.union([
  UserEventSchema,
  z.object({ events: z.array(UserEventSchema).min(1).max(100) }),
  z.object({ users: UsersSchema, topic: TopicSchema, frame: ServerFrameSchema }),
  z.object({ users: UsersSchema, topic: TopicSchema, ref: z.number().int().positive() }),
]);
type BackplaneMessage = z.infer<typeof BackplaneMessageSchema>;
/** Relay rows older than this are deleted (every process delivers a row within milliseconds). */
const RELAY_ROW_TTL_SECONDS = 60;
const RELAY_CLEANUP_INTERVAL_MS = 30_000;

/** One open socket as the hub sees it. */
export interface RealtimeConnection {
  readonly userId: string;
  readonly sessionId: string;
  /** Topics this socket hears; its person's own `user:{id}` from the start. */
  readonly topics: Set<string>;
  send(frame: ServerFrame): void;
  close(code: number, reason: string): void;
}

export interface RealtimeHub {
  add(connection: RealtimeConnection): void;
  remove(connection: RealtimeConnection): void;
  /** How many sockets this person has open on this process. */
  count(userId: string): number;
  connections(): RealtimeConnection[];
  /**
   * Sends an event to these people's sockets on every process: one NOTIFY per chunk of people,
   * delivered (here too) only through each process's LISTEN, so every socket gets it exactly once.
   * Inside a transaction, pass it as `via`: the NOTIFY is then delivered on commit, and not at all on rollback.
   */
  publish(userIds: readonly string[], type: RealtimeEventType, data?: EventData, via?: Queryable): Promise<void>;
  /**
   * Sends a frame to these people's sockets that hear `topic`, on every process, in the order
   * relayed (per sending process). A frame too large for a NOTIFY goes through realtime_relay.
   */
  relay(userIds: readonly string[], topic: Topic, frame: ServerFrame): Promise<void>;
  /**
   * Starts LISTENing (once per process) without waiting: start-up does not wait for the database.
   * `listening()` resolves once the first LISTEN was attempted; sockets are greeted only after it.
   */
  start(): void;
  listening(): Promise<void>;
  stop(): Promise<void>;
}

/** The payloads publish() sends: chunked so each stays under PostgreSQL's 8000-byte limit. */
export function backplanePayloads(userIds: readonly string[], type: RealtimeEventType, data?: EventData): string[] {
  const unique = [...new Set(userIds)];
  const payloads: string[] = [];
  for (let i = 0; i < unique.length; i += USERS_PER_NOTIFY) {
    const payload = JSON.stringify({ users: unique.slice(i, i + USERS_PER_NOTIFY), type, ...(data ? { data } : {}) });
    if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX_BYTES) throw new Error('realtime event data too large for NOTIFY: send ids, not contents');
    payloads.push(payload);
  }
  return payloads;
}

export function createRealtimeHub(deps: { database: DatabaseHandle; log: FastifyBaseLogger }): RealtimeHub {
  const byUser = new Map<string, Set<RealtimeConnection>>();
  let listener: Listener | null = null;
  let starting: Promise<void> | null = null;

  const deliver = (userId: string, type: RealtimeEventType, data: EventData) => {
    const topic = userTopic(userId);
    for (const connection of byUser.get(userId) ?? []) {
      if (connection.topics.has(topic)) connection.send({ type: 'event', topic, event: type, data });
    }
  };

  const deliverFrame = (userId: string, topic: string, frame: ServerFrame) => {
    for (const connection of byUser.get(userId) ?? []) {
      if (connection.topics.has(topic)) connection.send(frame);
    }
  };

  const handle = async (message: BackplaneMessage): Promise<void> => {
    if ('events' in message) {
      for (const event of message.events) for (const userId of event.users) deliver(userId, event.type, event.data ?? {});
      return;
    }
    if ('type' in message) {
      for (const userId of message.users) deliver(userId, message.type, message.data ?? {});
      return;
    }
    // Read a stored frame only when someone here hears it.
    if (!message.users.some((userId) => byUser.has(userId))) return;
    let frame: ServerFrame;
    if ('frame' in message) {
      frame = message.frame;
    } else {
      const [row] = await queryRows<{ payload: string }>(deps.database.db, sql`select payload from realtime_relay where id = ${message.ref}`);
      const stored = ServerFrameSchema.safeParse(JSON.parse(row?.payload ?? 'null'));
      if (!stored.success) {
        deps.log.warn({ ref: message.ref }, 'realtime: a relayed frame was missing or of the wrong shape');
        return;
      }
      frame = stored.data;
    }
    for (const userId of message.users) deliverFrame(userId, message.topic, frame);
  };

  // Payloads are handled one after another, so a frame read from the relay table is not overtaken
  // by a small one NOTIFYed after it (a session description before its ICE candidates).
  let queue: Promise<void> = Promise.resolve();
  const onPayload = (payload: string) => {
    let value: unknown;
    try {
      value = JSON.parse(payload);
    } catch {
      deps.log.warn('realtime: ignored a NOTIFY payload that is not JSON');
      return;
    }
    const parsed = BackplaneMessageSchema.safeParse(value);
    if (!parsed.success) {
      deps.log.warn('realtime: ignored a NOTIFY payload of the wrong shape');
      return;
    }
    queue = queue.then(
      () => handle(parsed.data),
      () => handle(parsed.data),
    );
    queue.catch((error: unknown) => deps.log.error({ err: error }, 'realtime: could not deliver a relayed frame'));
  };

  let cleanup: NodeJS.Timeout | null = null;

  return {
    add(connection) {
      let set = byUser.get(connection.userId);
      if (!set) {
        set = new Set();
        byUser.set(connection.userId, set);
      }
      set.add(connection);
    },
    remove(connection) {
      const set = byUser.get(connection.userId);
      if (!set) return;
      set.delete(connection);
      if (set.size === 0) byUser.delete(connection.userId);
    },
    count: (userId) => byUser.get(userId)?.size ?? 0,
    connections: () => [...byUser.values()].flatMap((set) => [...set]),
    async publish(userIds, type, data, via) {
      for (const payload of backplanePayloads(userIds, type, data)) {
        await (via ?? deps.database.db).execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
      }
    },
    async relay(userIds, topic, frame) {
      const users = [...new Set(userIds)];
      for (let i = 0; i < users.length; i += USERS_PER_NOTIFY) {
        const chunk = users.slice(i, i + USERS_PER_NOTIFY);
        let payload = JSON.stringify({ users: chunk, topic, frame });
        if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX_BYTES) {
          const [stored] = await queryRows<{ id: string }>(deps.database.db, sql`insert into realtime_relay (payload) values (${JSON.stringify(frame)}) returning id`);
          payload = JSON.stringify({ users: chunk, topic, ref: Number(stored!.id) });
        }
        await deps.database.db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
      }
    },
    start() {
      if (starting) return;
      cleanup = setInterval(() => {
        deps.database.db
          .execute(sql`delete from realtime_relay where created_at < now() - make_interval(secs => ${RELAY_ROW_TTL_SECONDS})`)
          .catch((error: unknown) => deps.log.warn({ err: error }, 'realtime: relay cleanup failed; trying again later'));
      }, RELAY_CLEANUP_INTERVAL_MS);
      cleanup.unref();
      starting = deps.database
        .listen(REALTIME_CHANNEL, {
          onPayload,
          // Events sent while the listener was down are lost: tell every socket here to refetch.
          onResume: () => {
            deps.log.warn('realtime: database listener reconnected; asking clients to resync');
            for (const userId of byUser.keys()) deliver(userId, 'resync', {});
          },
          onError: (error) => deps.log.error({ err: error }, 'realtime: database listener failed; retrying'),
        })
        .then(
          (l) => {
            listener = l;
          },
          (error: unknown) => deps.log.error({ err: error }, 'realtime: could not LISTEN; live events are off until restart'),
        );
    },
    listening: () => starting ?? Promise.resolve(),
    async stop() {
      if (cleanup) clearInterval(cleanup);
      await starting;
      await queue.catch(() => undefined);
      const current = listener;
      listener = null;
      await current?.close();
    },
  };
}
