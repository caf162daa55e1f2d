import { randomUUID } from 'node:crypto';
import { visitTopic, type ClientFrame } from '../../../shared/contracts/realtime.js';
import type { Database } from '../../platform/db/database.js';
import type { RealtimeHub } from '../../platform/realtime/hub.js';
import type { RealtimeExtension, RealtimeSocket } from '../../platform/realtime/websocket-endpoint.js';
import { asAppUser } from '../../platform/tenancy/with-tenant.js';
import { DomainError } from '../../platform/errors/domain-errors.js';
import { admittedPeople, loadVisit, phaseOf } from './telehealth.service.js';

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
 * call's topic. Offers, answers and ICE candidates go to one other admitted person of that call,
 * across processes through the hub; the server never reads them.
 *
 * A tab whose socket dropped joins again on its new socket with the same peer id, while the old
 * socket may stay open here until the heartbeat cuts it (up to a minute later): the peer id moves to
 * the new socket, so the old one's close announces nothing. (When the old socket is on another
 * process, its late `left` carries the old join's id, which the browsers ignore for a peer that
 * has joined again since.)
 */
export function telehealthSignalling(deps: { db: Database; hub: RealtimeHub; now: () => Date }): RealtimeExtension {
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
    frameTypes: ['visit.join', 'visit.leave', 'visit.signal'],
    permission: 'appointments.self',
    async onFrame(socket: RealtimeSocket, frame: ClientFrame) {
      const calls = callsOf(socket);
      switch (frame.type) {
        case 'visit.join': {
          const people = await readCall(socket.userId, frame.appointmentId);
          if (!people) return forbidden(socket);
          // A tab back on a new socket: its peer id leaves the old socket without a `left`.
          const key = holderKey(frame.appointmentId, socket.userId, frame.peerId);
          const previous = holders.get(key);
          const previousCall = previous && previous !== socket ? callsOf(previous).get(frame.appointmentId) : undefined;
          if (previous && previousCall?.peerId === frame.peerId) drop(previous, frame.appointmentId, previousCall);
          // This socket joining again with another peer id (the page made a new call): the old one is replaced.
          const replaced = calls.get(frame.appointmentId);
          if (replaced && replaced.peerId !== frame.peerId) drop(socket, frame.appointmentId, replaced);
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
          if (call && call.peerId === frame.peerId) await leave(socket, frame.appointmentId, call);
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
          });
          return;
        }
        default:
          return;
      }
    },
    async onClose(socket: RealtimeSocket) {
      for (const [appointmentId, call] of [...callsOf(socket)]) await leave(socket, appointmentId, call);
    },
  };
}
