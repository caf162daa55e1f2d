import { randomUUID } from 'node:crypto';
import { visitTopic, type ClientFrame } from '../../../shared/contracts/realtime.js';
import type { Database } from '../../platform/db/database.js';
import type { RealtimeHub } from '../../platform/realtime/hub.js';
import type { RealtimeExtension, RealtimeSocket } from '../../platform/realtime/websocket-endpoint.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';
import { DomainError } from '../../platform/errors/domain-errors.js';
import { PRESENCE_REFRESH_MS, refreshPresence, releasePresence, type PresenceKey } from './telehealth.presence.js';
import { admittedPeople, loadVisit, markPresent, phaseOf, type VisitPublisher } from './telehealth.service.js';

/** How long a socket trusts what it read of a call's people before reading again. */
const ACCESS_TTL_MS = 5000;

interface JoinedCall {
  peerId: string;
  /** This socket's join of the call: its `visit.peer` frames (joined, then left) carry it. */
  joinId: string;
  /** Everyone admitted to the call, me included, when last read. */
  people: Set<string>;
  readAt: number;
}

type Calls = Map<string, JoinedCall>;

function callsOf(socket: RealtimeSocket): Calls {
  let calls = socket.scratch.get('telehealth') as Calls | undefined;
  if (!calls) {
    calls = new Map();
    socket.scratch.set('telehealth', calls);
  }
  return calls;
}

/**
 * The video visits' signalling over `/ws`. A socket joins a call only when its person is
 * admitted to an open visit (read under row-level security as that person); it then hears the
 * call's topic. Offers, answers, ICE candidates and a tab's microphone and camera state go to
 * one other admitted person of that call, across processes through the hub; the server never
 * reads them.
 *
 * A tab whose socket dropped joins again on its new socket with the same peer id, while the old
 * socket may stay open here until the heartbeat cuts it (up to a minute later): the peer id moves to
 * the new socket, so the old one's close announces nothing. (When the old socket is on another
 * process, its late `left` carries the old join's id, which the browsers ignore for a peer that
 * has joined again since.)
 */
export interface TelehealthSignallingDeps {
  db: Database;
  hub: RealtimeHub;
  now: () => Date;
  publish: VisitPublisher;
  /** How long a person whose last socket closed still counts as here (TELEHEALTH_PRESENCE_GRACE_SECONDS). */
  presenceGraceMs: number;
  /** Runs the presence job (after a grace has run out). */
  wake: () => void;
  log?: { warn(obj: unknown, msg: string): void };
}

/**
 * Presence of this process's sockets (see telehealth.presence.ts): a socket is present on a visit
 * while its page says so (`visit.presence`) or it is in the call (`visit.join`). The database holds
 * the state; this map only says which sockets here keep which people present.
 */
function presenceOf(socket: RealtimeSocket): Set<string> {
  let present = socket.scratch.get('telehealth-presence') as Set<string> | undefined;
  if (!present) {
    present = new Set();
    socket.scratch.set('telehealth-presence', present);
  }
  return present;
}

export function telehealthSignalling(deps: TelehealthSignallingDeps): RealtimeExtension & { stop(): void } {
  /** The sockets of this process that keep a person present on a visit, by `appointmentId/userId`. */
  const presentSockets = new Map<string, Set<RealtimeSocket>>();
  const presenceKey = (appointmentId: string, userId: string) => `${appointmentId}/${userId}`;
  const graceTimers = new Set<NodeJS.Timeout>();

  const refresh = setInterval(() => {
    const keys: PresenceKey[] = [...presentSockets.keys()].map((k) => {
      const [appointmentId, userId] = k.split('/') as [string, string];
      return { appointmentId, userId };
    });
    refreshPresence(deps.db, keys, deps.now()).catch((error: unknown) => deps.log?.warn({ err: error }, 'telehealth: presence refresh failed'));
  }, PRESENCE_REFRESH_MS);
  refresh.unref();

  /** Counts this socket as keeping its person here (after checking they may be). */
  const arrive = async (socket: RealtimeSocket, appointmentId: string): Promise<boolean> => {
    if (!(await markPresent(deps.db, socket.userId, appointmentId, deps.now(), deps.publish))) return false;
    presenceOf(socket).add(appointmentId);
    const key = presenceKey(appointmentId, socket.userId);
    let sockets = presentSockets.get(key);
    if (!sockets) presentSockets.set(key, (sockets = new Set()));
    sockets.add(socket);
    return true;
  };

  /** This socket no longer keeps its person here; when it was the last one of this process, the grace starts. */
  const depart = async (socket: RealtimeSocket, appointmentId: string): Promise<void> => {
    if (!presenceOf(socket).delete(appointmentId)) return;
    const key = presenceKey(appointmentId, socket.userId);
    const sockets = presentSockets.get(key);
    sockets?.delete(socket);
    if (sockets && sockets.size > 0) return;
    presentSockets.delete(key);
    await releasePresence(deps.db, { appointmentId, userId: socket.userId }, new Date(deps.now().getTime() + deps.presenceGraceMs));
    const timer = setTimeout(() => {
      graceTimers.delete(timer);
      deps.wake();
    }, deps.presenceGraceMs + 1000);
    timer.unref();
    graceTimers.add(timer);
  };

  /** The socket of this process that holds each person's peer id in a call. */
  const holders = new Map<string, RealtimeSocket>();
  const holderKey = (appointmentId: string, userId: string, peerId: string) => `${appointmentId}/${userId}/${peerId}`;

  /** The admitted people of an open visit, or null when this person may not be in its call. */
  const readCall = async (userId: string, appointmentId: string): Promise<Set<string> | null> => {
    try {
      return await asAppUser(deps.db, { tenantId: null, userId }, async (tx) => {
        const loaded = await loadVisit(tx, appointmentId);
        if (phaseOf(loaded, deps.now()) !== 'open') return null;
        const people = new Set(admittedPeople(loaded));
        return people.has(userId) ? people : null;
      });
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  };

  const forbidden = (socket: RealtimeSocket) => socket.fail('realtime.visit-forbidden', 'You are not in this video visit’s call (not admitted, or it ended).');

  /** This socket no longer hears the call (nothing is announced). */
  const drop = (socket: RealtimeSocket, appointmentId: string, call: JoinedCall) => {
    callsOf(socket).delete(appointmentId);
    socket.topics.delete(visitTopic(appointmentId));
    const key = holderKey(appointmentId, socket.userId, call.peerId);
    if (holders.get(key) === socket) holders.delete(key);
  };

  const leave = async (socket: RealtimeSocket, appointmentId: string, call: JoinedCall) => {
    drop(socket, appointmentId, call);
    const others = [...call.people].filter((id) => id !== socket.userId);
    if (others.length > 0) {
      await deps.hub.relay(others, visitTopic(appointmentId), {
        type: 'visit.peer',
        appointmentId,
        userId: socket.userId,
        peerId: call.peerId,
        joinId: call.joinId,
        state: 'left',
      });
    }
  };

  return {
    name: 'telehealth',
    frameTypes: ['visit.join', 'visit.leave', 'visit.signal', 'visit.presence'],
    stop() {
      clearInterval(refresh);
      for (const timer of graceTimers) clearTimeout(timer);
      graceTimers.clear();
    },
    permission: 'appointments.self',
    async onFrame(socket: RealtimeSocket, frame: ClientFrame) {
      const calls = callsOf(socket);
      switch (frame.type) {
        case 'visit.join': {
          const people = await readCall(socket.userId, frame.appointmentId);
          if (!people) return forbidden(socket);
          await arrive(socket, frame.appointmentId);
          // A tab back on a new socket: its peer id leaves the old socket without a `left`.
          const key = holderKey(frame.appointmentId, socket.userId, frame.peerId);
          const previous = holders.get(key);
          const previousCall = previous && previous !== socket ? callsOf(previous).get(frame.appointmentId) : undefined;
          if (previous && previousCall?.peerId === frame.peerId) drop(previous, frame.appointmentId, previousCall);
          // This socket joining again with another peer id (the page made a new call): the old one is replaced.
          const replaced = calls.get(frame.appointmentId);
          if (replaced && replaced.peerId !== frame.peerId) drop(socket, frame.appointmentId, replaced);
          // A new tab (or device) of this person: their other tabs in the call lose their place
          // (the others' browsers replace them by this one), and are told so, so that they stop
          // their media and say so rather than reconnect. Those of this process are told here and
          // leave the call now (nothing announced: the newer tab's `joined` replaces them); those
          // on other processes hear it on the call's topic, and their tab leaves the call. This
          // socket may hear it too: its tab ignores it (its own peer id).
          const superseded = { type: 'visit.superseded', appointmentId: frame.appointmentId, peerId: frame.peerId } as const;
          const prefix = `${frame.appointmentId}/${socket.userId}/`;
          for (const [held, holder] of [...holders]) {
            if (!held.startsWith(prefix) || holder === socket) continue;
            const heldCall = callsOf(holder).get(frame.appointmentId);
            if (!heldCall || heldCall.peerId === frame.peerId) continue;
            drop(holder, frame.appointmentId, heldCall);
            holder.send(superseded);
          }
          await deps.hub.relay([socket.userId], visitTopic(frame.appointmentId), superseded);
          const joinId = randomUUID();
          calls.set(frame.appointmentId, { peerId: frame.peerId, joinId, people, readAt: Date.now() });
          holders.set(key, socket);
          const topic = visitTopic(frame.appointmentId);
          socket.topics.add(topic);
          socket.send({ type: 'visit.joined', appointmentId: frame.appointmentId, peerId: frame.peerId });
          const others = [...people].filter((id) => id !== socket.userId);
          if (others.length > 0) {
            await deps.hub.relay(others, topic, { type: 'visit.peer', appointmentId: frame.appointmentId, userId: socket.userId, peerId: frame.peerId, joinId, state: 'joined' });
          }
          return;
        }
        case 'visit.leave': {
          const call = calls.get(frame.appointmentId);
          if (call && call.peerId === frame.peerId) {
            await leave(socket, frame.appointmentId, call);
            await depart(socket, frame.appointmentId);
          }
          return;
        }
        case 'visit.presence': {
          if (frame.present) {
            if (!(await arrive(socket, frame.appointmentId))) return forbidden(socket);
          } else {
            // Still in the call on this socket: the call keeps the person here.
            if (!calls.has(frame.appointmentId)) await depart(socket, frame.appointmentId);
          }
          socket.send({ type: 'visit.presence', appointmentId: frame.appointmentId, present: frame.present });
          return;
        }
        case 'visit.signal': {
          const call = calls.get(frame.appointmentId);
          if (!call || call.peerId !== frame.peerId || frame.toUserId === socket.userId) return forbidden(socket);
          // Someone admitted since the last read, or a visit that ended: read again.
          if (!call.people.has(frame.toUserId) || Date.now() - call.readAt > ACCESS_TTL_MS) {
            const people = await readCall(socket.userId, frame.appointmentId);
            if (!people) {
              await leave(socket, frame.appointmentId, call);
              return forbidden(socket);
            }
            call.people = people;
            call.readAt = Date.now();
          }
          if (!call.people.has(frame.toUserId)) return forbidden(socket);
          await deps.hub.relay([frame.toUserId], visitTopic(frame.appointmentId), {
            type: 'visit.signal',
            appointmentId: frame.appointmentId,
            fromUserId: socket.userId,
            fromPeerId: frame.peerId,
            toPeerId: frame.toPeerId,
            ...(frame.description !== undefined ? { description: frame.description } : {}),
            ...(frame.candidate !== undefined ? { candidate: frame.candidate } : {}),
            ...(frame.media !== undefined ? { media: frame.media } : {}),
          });
          return;
        }
        default:
          return;
      }
    },
    async onClose(socket: RealtimeSocket) {
      for (const [appointmentId, call] of [...callsOf(socket)]) await leave(socket, appointmentId, call);
      for (const appointmentId of [...presenceOf(socket)]) await depart(socket, appointmentId);
    },
  };
}
