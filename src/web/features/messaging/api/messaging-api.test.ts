import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '~/shared/contracts/messaging';
import { withSentMessage } from './messaging-api';

const message = (id: string, createdAt: string): Message => ({ id, conversationId: 'c1', senderId: 'me', mine: true, body: `text ${id}`, attachments: [], createdAt, readByOther: false });
const conversation: Conversation = {
  id: 'c1',
  organisation: { id: 'o1', name: 'Practice' },
  with: { id: 'p1', name: 'Dr Ada', image: null, role: 'carer' },
  lastMessage: message('m1', '2026-11-26T05:00:00.000Z'),
  lastMessageAt: '2026-11-26T05:00:00.000Z',
  unread: 0,
  messages: [message('m1', '2026-11-26T05:00:00.000Z')],
  hasEarlier: false,
  attachmentMaxBytes: 10_485_760,
};

describe('a sent message in the open conversation', () => {
  it('is appended at the end and becomes the last message', () => {
    const sent = message('m2', '2026-11-26T05:01:00.000Z');
    const next = withSentMessage(conversation, sent);
    expect(next.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(next.lastMessage).toBe(sent);
    expect(next.lastMessageAt).toBe(sent.createdAt);
  });

  it('is not added twice (the refetch or a live event may have brought it first)', () => {
    expect(withSentMessage(conversation, conversation.messages[0]!)).toBe(conversation);
  });
});
