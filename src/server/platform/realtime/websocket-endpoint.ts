import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import {
  MAX_CLIENT_FRAME_BYTES,
  MAX_SIGNAL_FRAME_BYTES,
  REALTIME_CLOSE,
  REALTIME_PATH,
  parseClientFrame,
  userTopic,
  type ClientFrame,
  type RealtimeErrorCode,
  type ServerFrame,
} from '../../../shared/contracts/realtime.js';
import type { Permission } from '../../../shared/permissions.js';
import type { Config } from '../../config/env.js';
import { liveSessionIds, type Actor } from '../auth/actor.js';
import type { Database } from '../db/database.js';
import { forbidden, validationError } from '../errors/domain-errors.js';
import { buildProblem, sendProblem } from '../errors/problem-response.js';
import { expectedOrigin } from '../http/cross-site-guard.js';
import type { RealtimeConnection, RealtimeHub } from './hub.js';
import { TokenBucket } from './rate-limiter.js';

/** A socket whose unsent frames pile past this is too slow to keep (its messages would grow without bound). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Heartbeat: a socket that has not answered this many pings in a row is terminated. */
const MISSED_PONGS_LIMIT = 2;
/** On shutdown, sockets get a 1001 close frame; those still open after this are cut. */
const SHUTDOWN_GRACE_MS = 1000;
/** At most one `realtime.rate-limited` error frame a second, so refusals are not amplified. */
const RATE_ERROR_INTERVAL_MS = 1000;
/** A `Sec-WebSocket-Key`: 16 bytes in base64 (RFC 6455 §4.1), as `ws` checks it. */
const WEBSOCKET_KEY = /^[+/0-9A-Za-z]{22}==$/;
/** `Sec-WebSocket-Protocol`: a comma-separated list of tokens (RFC 6455 §4.1, RFC 9110 §5.6.2). */
const WEBSOCKET_PROTOCOLS = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+(?:[ \t]*,[ \t]*[!#$%&'*+\-.^_`|~0-9A-Za-z]+)*$/;

/**
 * Why `ws` would refuse this upgrade request (it answers such a refusal itself, as text/html), or
 * null when it would accept it. Checked before the upgrade is handed over, so the refusal is a problem.
 */
function invalidUpgrade(headers: Record<string, string | string[] | undefined>): string | null {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  if (one('upgrade')?.toLowerCase() !== 'websocket') return 'The Upgrade header must be "websocket".';
  if (!WEBSOCKET_KEY.test(one('sec-websocket-key') ?? '')) return 'The Sec-WebSocket-Key header is missing or invalid.';
  const version = Number(one('sec-websocket-version'));
  if (version !== 13 && version !== 8) return 'The Sec-WebSocket-Version header must be 13.';
  const protocols = one('sec-websocket-protocol')?.trim();
  if (protocols !== undefined) {
    const names = protocols.split(',').map((name) => name.trim());
    if (!WEBSOCKET_PROTOCOLS.test(protocols) || new Set(names).size !== names.length) return 'The Sec-WebSocket-Protocol header is invalid.';
  }
  return null;
}

/** A socket as a feature's frame handler sees it. */
export interface RealtimeSocket extends RealtimeConnection {
  /** An `error` frame; `id` is the refused frame's own id, when it had one. */
  fail(code: RealtimeErrorCode, message: string, id?: string): void;
  /**
   * Who opened the socket, as the session read then said. A session can end while the socket is
   * open (it is re-checked every REALTIME_SESSION_CHECK_SECONDS): a frame that writes checks it again.
   */
  readonly actor: Actor;
  /** The client's address when the socket opened (for the audit trail). */
  readonly clientIp: string;
  /** The handler's own state for this socket (e.g. the calls it joined), keyed by the handler. */
  readonly scratch: Map<string, unknown>;
}

/**
 * A feature's part of the protocol: the client frame types it answers (beyond ping and
 * subscriptions), and what to do when a socket closes. A socket's frames reach it one at a time,
 * in order; an error it throws is logged and answered with `realtime.internal-error`.
 */
export interface RealtimeExtension {
  readonly name: string;
  readonly frameTypes: readonly ClientFrame['type'][];
  /** What a person needs for these frames, as a route declares it; others get `realtime.forbidden`. */
  readonly permission: Permission;
  onFrame(socket: RealtimeSocket, frame: ClientFrame): Promise<void>;
  onClose?(socket: RealtimeSocket): Promise<void>;
}

export interface RealtimeEndpointOptions {
  config: Config;
  db: Database;
  hub: RealtimeHub;
  now: () => Date;
  /** Features' frame handlers (the video visits' signalling). */
  extensions?: readonly RealtimeExtension[];
}

interface SocketState extends RealtimeSocket {
  readonly socket: WebSocket;
  missedPongs: number;
  lastRateError: number;
  readonly bucket: TokenBucket;
  /** Frames for extensions, handled one after another. */
  work: Promise<void>;
}

/**
 * `GET /ws` (permission `account.self`): the signed-in person's WebSocket. The upgrade runs
 * through Fastify's hooks first, so a request without a session is refused with 401 problem+json
 * before any upgrade, and a foreign Origin (cross-site WebSocket hijacking) with 403.
 */
export async function registerRealtimeEndpoint(app: FastifyInstance, options: RealtimeEndpointOptions): Promise<void> {
  const { config, hub } = options;
  const sockets = new Set<SocketState>();
  const extensionFor = new Map<string, RealtimeExtension>();
  for (const extension of options.extensions ?? []) for (const type of extension.frameTypes) extensionFor.set(type, extension);

  // Before @fastify/websocket's own preClose (which closes with 1000): going away, 1001.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    for (const state of sockets) state.close(1001, 'server shutting down');
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const state of sockets) state.socket.terminate();
  });

  await app.register(websocket, {
    options: { maxPayload: config.REALTIME_MAX_PAYLOAD_BYTES, perMessageDeflate: false },
    // An error on an open socket (a protocol violation, an oversized frame) ends that socket only.
    errorHandler: (error, socket) => {
      app.log.debug({ err: error }, 'realtime: socket error');
      socket.terminate();
    },
  });

  // An upgrade refused before the handler (401 without a session, 403 for the Origin) is answered
  // with a problem+json response on the raw socket, which has left Node's HTTP parser: end it
  // there, or a client that never hangs up would hold it open (and hold up shutdown).
  app.addHook('onResponse', async (request) => {
    // Node marks a request that came through the server's 'upgrade' event (not in its types).
    if ((request.raw as typeof request.raw & { upgrade?: boolean }).upgrade === true) request.raw.socket.destroy();
  });

  const heartbeat = setInterval(() => {
    for (const state of sockets) {
      if (state.missedPongs >= MISSED_PONGS_LIMIT) {
        state.socket.terminate();
        continue;
      }
      state.missedPongs += 1;
      state.socket.ping();
    }
  }, config.REALTIME_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();

  // Sessions that ended (sign-out, expiry, idle, a disabled person) stop receiving.
  let checking = false;
  const sessionCheck = setInterval(() => {
    if (checking || sockets.size === 0) return;
    checking = true;
    const checked = new Set([...sockets].map((s) => s.sessionId));
    liveSessionIds({ db: options.db, config }, [...checked], options.now())
      .then((live) => {
        // Sockets opened while the query ran were not part of it (their session was just checked).
        for (const state of sockets) {
          if (checked.has(state.sessionId) && !live.has(state.sessionId)) state.close(REALTIME_CLOSE.sessionEnded, 'session ended');
        }
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'realtime: session re-check failed; trying again next time'))
      .finally(() => {
        checking = false;
      });
  }, config.REALTIME_SESSION_CHECK_SECONDS * 1000);
  sessionCheck.unref();

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    config: { permission: 'account.self' },
    schema: { hide: true },
    preHandler: async (request, reply) => {
      if (request.headers.origin !== expectedOrigin(request, config.PUBLIC_URL)) {
        throw forbidden('realtime.origin-forbidden', 'This WebSocket accepts connections only from pages of this site.');
      }
      if (!request.ws) return;
      // `ws` would answer a malformed handshake itself, as text/html: refuse it here, as a problem.
      const invalid = invalidUpgrade(request.headers);
      if (invalid) {
        // The versions this server speaks (RFC 6455 §4.4).
        reply.header('sec-websocket-version', '13, 8');
        throw validationError('realtime.invalid-upgrade', invalid);
      }
    },
    // A plain GET (no upgrade) is not a page: 426, naming the protocol to upgrade to (RFC 9110 §15.5.22).
    handler: async (request, reply) => {
      reply.header('upgrade', 'websocket').header('connection', 'Upgrade');
      return sendProblem(reply, buildProblem(426, 'realtime.upgrade-required', 'This address is a WebSocket: open it with an upgrade to "websocket".', request.id));
    },
    wsHandler: async (socket, request) => {
      const result = await request.actorResult();
      if (!result.actor) {
        socket.close(REALTIME_CLOSE.sessionEnded, 'session ended');
        return;
      }
      const actor = result.actor;
      if (hub.count(actor.userId) >= config.REALTIME_MAX_SOCKETS_PER_USER) {
        socket.close(1008, 'too many connections');
        return;
      }
      const ownTopic = userTopic(actor.userId);
      const state: SocketState = {
        socket,
        userId: actor.userId,
        sessionId: actor.sessionId,
        actor,
        clientIp: request.ip,
        topics: new Set([ownTopic]),
        missedPongs: 0,
        lastRateError: -Infinity,
        scratch: new Map(),
        work: Promise.resolve(),
        fail(code, message, id) {
          state.send({ type: 'error', code, message, ...(id !== undefined ? { id } : {}) });
        },
        bucket: new TokenBucket(
          {
            perSecond: config.REALTIME_FRAMES_PER_SECOND,
            burst: config.REALTIME_FRAMES_PER_SECOND,
            abuseAfter: Math.max(10, config.REALTIME_FRAMES_PER_SECOND * 2),
            abuseWindowMs: 2000,
          },
          Date.now(),
        ),
        send(frame: ServerFrame) {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
            socket.terminate();
            return;
          }
          socket.send(JSON.stringify(frame));
        },
        close(code: number, reason: string) {
          if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
        },
      };
      const fail = (code: RealtimeErrorCode, message: string, id?: string) => state.fail(code, message, id);
      const handle = (frame: ClientFrame) => {
        const extension = extensionFor.get(frame.type);
        if (extension) {
          if (!actor.permissions.has(extension.permission)) {
            fail('realtime.forbidden', 'Your account may not do this.', 'id' in frame ? frame.id : undefined);
            return;
          }
          state.work = state.work.then(() =>
            extension.onFrame(state, frame).catch((error: unknown) => {
              app.log.error({ err: error, frame: frame.type }, 'realtime: a frame handler failed');
              fail('realtime.internal-error', 'This frame could not be handled; please try again.', 'id' in frame ? frame.id : undefined);
            }),
          );
          return;
        }
        switch (frame.type) {
          case 'ping':
            state.send({ type: 'pong', ...(frame.id !== undefined ? { id: frame.id } : {}) });
            return;
          case 'subscribe':
            // The only topic anyone may hear so far is their own.
            if (frame.topic !== ownTopic) {
              fail('realtime.topic-forbidden', 'You may not subscribe to this topic.');
              return;
            }
            state.topics.add(frame.topic);
            state.send({ type: 'subscribed', topic: frame.topic });
            return;
          case 'unsubscribe':
            state.topics.delete(frame.topic);
            state.send({ type: 'unsubscribed', topic: frame.topic });
            return;
          default:
            fail('realtime.invalid-frame', 'This frame type is not handled here.');
        }
      };

      sockets.add(state);
      hub.add(state);
      socket.on('close', () => {
        sockets.delete(state);
        hub.remove(state);
        for (const extension of options.extensions ?? []) {
          if (!extension.onClose) continue;
          const onClose = extension.onClose.bind(extension);
          state.work = state.work.then(() =>
            onClose(state).catch((error: unknown) => app.log.warn({ err: error }, `realtime: ${extension.name} close handler failed`)),
          );
        }
      });
      socket.on('pong', () => {
        state.missedPongs = 0;
      });
      socket.on('message', (data, isBinary) => {
        const now = Date.now();
        const decision = state.bucket.take(now);
        if (decision === 'abuse') {
          state.close(1008, 'rate limit exceeded');
          return;
        }
        if (decision === 'limited') {
          if (now - state.lastRateError >= RATE_ERROR_INTERVAL_MS) {
            state.lastRateError = now;
            fail('realtime.rate-limited', `At most ${config.REALTIME_FRAMES_PER_SECOND} frames a second.`);
          }
          return;
        }
        if (isBinary) {
          fail('realtime.binary-unsupported', 'Frames are JSON text.');
          return;
        }
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(new Uint8Array(data));
        if (bytes.length > MAX_SIGNAL_FRAME_BYTES) {
          fail('realtime.frame-too-large', `Frames are at most ${MAX_CLIENT_FRAME_BYTES} bytes (signalling ${MAX_SIGNAL_FRAME_BYTES}).`);
          return;
        }
        const parsed = parseClientFrame(bytes.toString('utf8'));
        if (parsed.ok) handle(parsed.frame);
        else fail(parsed.code, parsed.message, parsed.id);
      });
      // Greet only once this process is LISTENing: from the hello on, no event is missed.
      await hub.listening();
      state.send({ type: 'hello', userId: actor.userId, topics: [...state.topics], heartbeatSeconds: config.REALTIME_HEARTBEAT_SECONDS });
    },
  });
}
