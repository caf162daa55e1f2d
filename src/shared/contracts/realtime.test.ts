import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from './messaging';
import { ClientFrameSchema, MAX_CLIENT_FRAME_BYTES, parseClientFrame, ServerFrameSchema, TopicSchema, userTopic } from './realtime';

const USER = '3f1b6c1e-8d0a-4a57-9c1e-2b8f0f6d7a11';

describe('client frames', () => {
  it('accepts ping (with or without an id), subscribe and unsubscribe', () => {
    expect(parseClientFrame('{"type":"ping"}')).toEqual({ ok: true, frame: { type: 'ping' } });
    expect(parseClientFrame('{"type":"ping","id":"7"}')).toEqual({ ok: true, frame: { type: 'ping', id: '7' } });
    expect(parseClientFrame(JSON.stringify({ type: 'subscribe', topic: userTopic(USER) }))).toEqual({ ok: true, frame: { type: 'subscribe', topic: `user:${USER}` } });
    expect(parseClientFrame(JSON.stringify({ type: 'unsubscribe', topic: userTopic(USER) })).ok).toBe(true);
  });

  it.each([
    ['{not json', 'realtime.invalid-json'],
    ['', 'realtime.invalid-json'],
    ['null', 'realtime.invalid-frame'],
    ['[]', 'realtime.invalid-frame'],
    ['"ping"', 'realtime.invalid-frame'],
    ['{"type":"pong"}', 'realtime.invalid-frame'],
    ['{"type":"ping","extra":true}', 'realtime.invalid-frame'],
    ['{"type":"ping","id":""}', 'realtime.invalid-frame'],
    ['{"type":"subscribe"}', 'realtime.invalid-frame'],
    ['{"type":"subscribe","topic":"user"}', 'realtime.invalid-frame'],
    ['{"type":"subscribe","topic":"user:../../x"}', 'realtime.invalid-frame'],
    ['{"type":"subscribe","topic":"USER:abc"}', 'realtime.invalid-frame'],
    ['{"__proto__":{"type":"ping"}}', 'realtime.invalid-frame'],
  ])('refuses %j with %s', (text, code) => {
    expect(parseClientFrame(text)).toMatchObject({ ok: false, code });
  });

  it('refuses a frame over the size limit before parsing it', () => {
    const text = JSON.stringify({ type: 'ping', id: 'x', pad: 'y'.repeat(MAX_CLIENT_FRAME_BYTES) });
    expect(parseClientFrame(text)).toMatchObject({ ok: false, code: 'realtime.frame-too-large' });
  });

  it('takes a message (message.send) as long as a message may be, which is more than other frames may carry', () => {
    const frame = { type: 'message.send', id: 'm-1', conversationId: USER, body: 'é'.repeat(MESSAGE_MAX_LENGTH) };
    expect(Buffer.byteLength(JSON.stringify(frame))).toBeGreaterThan(MAX_CLIENT_FRAME_BYTES);
    expect(parseClientFrame(JSON.stringify(frame))).toEqual({ ok: true, frame });
    // Its text is trimmed and checked as the send route checks it.
    expect(parseClientFrame(JSON.stringify({ ...frame, body: '  Hello  ' }))).toEqual({ ok: true, frame: { ...frame, body: 'Hello' } });
    for (const wrong of [{ body: 'é'.repeat(MESSAGE_MAX_LENGTH + 1) }, { body: '   ' }, { id: '' }, { id: undefined }, { conversationId: 'not-a-uuid' }, { extra: 1 }]) {
      expect(parseClientFrame(JSON.stringify({ ...frame, ...wrong })), JSON.stringify(wrong)).toMatchObject({ ok: false, code: 'realtime.invalid-frame' });
    }
    // A refused frame's own id comes back with the error, so its sender need not wait for an answer.
    expect(parseClientFrame(JSON.stringify({ ...frame, body: '   ' }))).toMatchObject({ ok: false, code: 'realtime.invalid-frame', id: 'm-1' });
    expect(parseClientFrame(JSON.stringify({ ...frame, body: 'a\u0000b' }))).toMatchObject({ ok: false, id: 'm-1' });
    expect(parseClientFrame(JSON.stringify({ type: 'message.sned', id: 'm-2' }))).toMatchObject({ ok: false, id: 'm-2' });
    expect(parseClientFrame(JSON.stringify({ type: 'ping', id: 'p-1', pad: 'y'.repeat(MAX_CLIENT_FRAME_BYTES) }))).toMatchObject({ code: 'realtime.frame-too-large', id: 'p-1' });
    for (const id of [7, '', 'x'.repeat(65), null]) expect(parseClientFrame(JSON.stringify({ type: 'nope', id }))).not.toHaveProperty('id');
    // A ping padded to the same length is still too large.
    expect(parseClientFrame(JSON.stringify({ type: 'ping', pad: frame.body }))).toMatchObject({ ok: false, code: 'realtime.frame-too-large' });
  });

  it('never throws, and anything it accepts is a valid client frame', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify(v))), (text) => {
        const result = parseClientFrame(text);
        if (result.ok) expect(ClientFrameSchema.safeParse(result.frame).success).toBe(true);
        else expect(result.code).toMatch(/^realtime\./);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('server frames and topics', () => {
  it('validates every frame the server sends', () => {
    for (const frame of [
      { type: 'hello', userId: USER, topics: [userTopic(USER)], heartbeatSeconds: 25 },
      { type: 'pong' },
      { type: 'pong', id: 'a' },
      { type: 'subscribed', topic: userTopic(USER) },
      { type: 'unsubscribed', topic: userTopic(USER) },
      { type: 'event', topic: userTopic(USER), event: 'notification', data: { id: USER } },
      { type: 'error', code: 'realtime.rate-limited', message: 'Slow down.' },
      { type: 'error', code: 'realtime.conversation-not-found', message: 'Not found.', id: 'm-1' },
      {
        type: 'message.sent',
        id: 'm-1',
        message: { id: USER, conversationId: USER, senderId: USER, mine: true, body: 'Hi', attachments: [], createdAt: '2026-11-27T13:00:00.000Z', readByOther: false },
      },
    ]) {
      expect(ServerFrameSchema.safeParse(frame).success, JSON.stringify(frame)).toBe(true);
    }
    expect(ServerFrameSchema.safeParse({ type: 'event', topic: userTopic(USER), event: 'unknown', data: {} }).success).toBe(false);
    expect(ServerFrameSchema.safeParse({ type: 'error', code: 'made-up', message: '' }).success).toBe(false);
  });

  it('topics are kind:id', () => {
    expect(TopicSchema.safeParse(userTopic(USER)).success).toBe(true);
    expect(TopicSchema.safeParse('user:').success).toBe(false);
    expect(TopicSchema.safeParse(`user:${'a'.repeat(65)}`).success).toBe(false);
  });
});
