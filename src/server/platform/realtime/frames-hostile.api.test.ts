// Every kind of frame a client may send on /ws, generated from its schema and then with one field
// at a time replaced by a hostile value (src/server/testing/hostile-values.ts), sent over a real
// socket by a signed-in patient whose appointment and conversation the ids name. A frame handler
// that throws answers `realtime.internal-error` (the socket's 500): none may, the socket stays
// open, every frame the server sends matches the protocol, and a ping is still answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClientFrameSchema } from '../../../shared/contracts/realtime.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createSignedInUser } from '../../testing/auth-helpers.js';
import { bookWithConversation, createPractice, hoursAhead, type Practice, type SignedIn } from '../../testing/booking-fixtures.js';
import { generate, hostileValues, type Schema } from '../../testing/hostile-values.js';
import { openSignedInSocket } from '../../testing/realtime-client.js';

let t: TestApp;
let base: string;
let patient: SignedIn;
let practice: Practice;
let appointmentId: string;
let conversationId: string;

beforeAll(async () => {
  // No frame rate limit: it has its own test, and this one sends a few thousand frames.
  t = await startTestApp({ REALTIME_FRAMES_PER_SECOND: '100000' });
  base = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  practice = await createPractice(t, { telehealth: true, mode: 'telehealth' });
  patient = await createSignedInUser(t, { prefix: 'frames-patient' });
  ({ appointmentId, conversationId } = await bookWithConversation(t, patient, practice, hoursAhead(1)));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** The ids a generated frame would invent: this test's own, so the handlers run past their lookups. */
function known(name: string): string | undefined {
  const ids: Record<string, () => string> = {
    appointmentId: () => appointmentId,
    conversationId: () => conversationId,
    toUserId: () => practice.provider.userId,
    topic: () => `user:${patient.userId}`,
  };
  return ids[name]?.();
}

describe('hostile frames, kind by kind', () => {
  it('answers every generated and hostile frame without an internal error, and the socket carries on', async () => {
    const socket = await openSignedInSocket(base, patient.cookie);
    let sent = 0;
    for (const option of ClientFrameSchema.options) {
      const schema = z.toJSONSchema(option, { unrepresentable: 'any' }) as Schema;
      const generated = generate(schema, 1) as Record<string, unknown>;
      const frame: Record<string, unknown> = { ...generated };
      for (const key of Object.keys(frame)) frame[key] = known(key) ?? frame[key];
      const frames: unknown[] = [frame];
      for (const [name, field] of Object.entries(schema.properties ?? {})) {
        if (name === 'type') continue;
        for (const value of hostileValues(field)) frames.push({ ...frame, [name]: value });
      }
      for (const one of frames) socket.sendJson(one);
      sent += frames.length;
      // A socket's frames that reach a feature (messages, visits) are handled one after another, so
      // once this message is answered every frame before it was handled.
      const id = `after-${String(frame.type)}`;
      socket.sendJson({ type: 'message.send', id, conversationId, body: `marker ${id}` });
      await socket.next((f) => (f.type === 'message.sent' || f.type === 'error') && 'id' in f && f.id === id, 15_000);
    }
    const kinds = new Map<string, number>();
    for (const f of socket.frames) kinds.set(f.type === 'error' ? f.code : f.type, (kinds.get(f.type === 'error' ? f.code : f.type) ?? 0) + 1);
    if (process.env.HOSTILE_DEBUG) console.log(sent, JSON.stringify([...kinds]));
    expect(sent).toBeGreaterThan(300);
    const internal = socket.frames.filter((f) => f.type === 'error' && f.code === 'realtime.internal-error');
    expect(internal).toEqual([]);
    expect(socket.invalid).toEqual([]);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    socket.sendJson({ type: 'ping', id: 'still-there' });
    expect(await socket.next((f) => f.type === 'pong' && f.id === 'still-there')).toEqual({ type: 'pong', id: 'still-there' });
    socket.ws.terminate();
  }, 120_000);
});
