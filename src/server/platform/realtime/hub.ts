import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  EventDataSchema,
  REALTIME_EVENT_TYPES,
  userTopic,
  type EventData,
  type RealtimeEventType,
  type ServerFrame,
} from '../../../shared/contracts/realtime.js';
import type { DatabaseHandle, Listener, Queryable } from '../db/database.js';

/**
 * The PostgreSQL channel every process LISTENs on. The notifications trigger (migration 0011)
 * NOTIFYs it too, so its payload shape is fixed: {"users": [uuid…], "type": …, "data"?: {…}}.
 */
export const REALTIME_CHANNEL = 'tendwell_realtime';

/** NOTIFY payloads must stay under 8000 bytes: ids only, in chunks of this many people. */
const USERS_PER_NOTIFY = 100;
const NOTIFY_PAYLOAD_MAX_BYTES = 7900;

const BackplaneMessageSchema = z.object({
  users: z.array(z.uuid()).min(1).max(USERS_PER_NOTIFY * 2),
  type: z.enum(REALTIME_EVENT_TYPES),
  data: EventDataSchema.optional(),
});

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
    for (const userId of parsed.data.users) deliver(userId, parsed.data.type, parsed.data.data ?? {});
  };

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
    start() {
      if (starting) return;
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
      await starting;
      const current = listener;
      listener = null;
      await current?.close();
    },
  };
}
