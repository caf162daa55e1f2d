import { randomUUID } from 'node:crypto';
import { REALTIME_CLOSE } from '../../../shared/contracts/realtime.js';
import type { Config } from '../../config/env.js';
import { idleMinutesFor } from '../../platform/auth/actor.js';
import type { Database } from '../../platform/db/database.js';
import type { RealtimeExtension } from '../../platform/realtime/websocket-endpoint.js';
import { sendMessageFromSocket } from './messaging.service.js';

/**
 * Secure messages sent over `/ws` (`message.send`): what `POST /api/v1/conversations/{id}/messages`
 * does, without a request and a session read per message. The statement checks the socket's
 * session again, so a socket whose session ended writes nothing and is closed with 4401; a
 * conversation the person is not in is `realtime.conversation-not-found`, as the route's 404.
 * Each message is audited with its own request id; the other participant hears it as from the route.
 */
export function messagingRealtime(deps: { db: Database; config: Config; now: () => Date }): RealtimeExtension {
  return {
    name: 'messaging',
    frameTypes: ['message.send'],
    permission: 'messages.self',
    async onFrame(socket, frame) {
      if (frame.type !== 'message.send') return;
      const result = await sendMessageFromSocket(
        deps.db,
        {
          userId: socket.userId,
          sessionId: socket.sessionId,
          idleMinutes: idleMinutesFor(socket.actor.role, deps.config),
          actingTenantId: socket.actor.tenant?.id ?? null,
          requestId: randomUUID(),
          clientIp: socket.clientIp,
        },
        frame.conversationId,
        frame.body,
        deps.now(),
      );
      if (result.ok) socket.send({ type: 'message.sent', id: frame.id, message: result.message });
      else if (result.reason === 'not-found') socket.fail('realtime.conversation-not-found', 'This conversation was not found.', frame.id);
      else socket.close(REALTIME_CLOSE.sessionEnded, 'session ended');
    },
  };
}
