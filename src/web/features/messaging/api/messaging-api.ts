import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ATTACHMENT_FIELD,
  ATTACHMENT_TEXT_FIELD,
  type AppointmentConversation,
  AppointmentConversationSchema,
  type Conversation,
  type ConversationList,
  ConversationListSchema,
  ConversationSchema,
  ConversationSummarySchema,
  type Message,
  MessageSchema,
  type RecipientList,
  RecipientListSchema,
} from '~/shared/contracts/messaging';
import { ApiError, CLIENT_ERROR_CODES, apiFetch, readApiResponse } from '~/web/lib/api-client';
import type { ServerFrame } from '~/shared/contracts/realtime';
import { requestOverSocket } from '~/web/lib/realtime';
import { UNREAD_MESSAGES_QUERY_KEY } from '~/web/lib/unread-messages';

/** While the page is visible, the open conversation and the list refresh this often. */
export const MESSAGES_POLL_MS = 15_000;

const KEYS = {
  all: ['messaging'] as const,
  list: ['messaging', 'list'] as const,
  conversation: ['messaging', 'conversation'] as const,
};

/** What the list shows: a page, narrowed to a name (`q`) and to conversations with unread messages. */
export interface ConversationListFilter {
  page: number;
  q: string;
  unread: boolean;
}

export function conversationsUrl({ page, q, unread }: ConversationListFilter): string {
  const params = new URLSearchParams({ page: String(page) });
  if (q.trim()) params.set('q', q.trim());
  if (unread) params.set('unread', 'true');
  return `/api/v1/conversations?${params.toString()}`;
}

export function useConversations(filter: ConversationListFilter) {
  return useQuery({
    queryKey: [...KEYS.list, filter.page, filter.q.trim(), filter.unread],
    queryFn: ({ signal }): Promise<ConversationList> => apiFetch(conversationsUrl(filter), { schema: ConversationListSchema, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: MESSAGES_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** The newest page of a conversation (earlier pages are fetched on demand with {@link fetchEarlier}). */
export function useConversation(id: string | null) {
  return useQuery({
    queryKey: [...KEYS.conversation, id],
    queryFn: ({ signal }): Promise<Conversation> => apiFetch(`/api/v1/conversations/${encodeURIComponent(id ?? '')}`, { schema: ConversationSchema, signal }),
    enabled: Boolean(id),
    refetchInterval: MESSAGES_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

/** The messages written before `before` (oldest first). */
export function fetchEarlier(id: string, before: string): Promise<Conversation> {
  return apiFetch(`/api/v1/conversations/${encodeURIComponent(id)}?before=${encodeURIComponent(before)}`, { schema: ConversationSchema });
}

/** The path of an attachment's download. */
export function attachmentPath(conversationId: string, attachmentId: string): string {
  return `/api/v1/conversations/${encodeURIComponent(conversationId)}/attachments/${encodeURIComponent(attachmentId)}`;
}

function useConversationMutation<TVariables>(fn: (v: TVariables) => Promise<Conversation>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => client.setQueryData([...KEYS.conversation, data.id], data),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: KEYS.list });
    },
  });
}

/** The people one may write to ("New message"), a page of them, narrowed to a name. */
export function useRecipients({ page, q }: { page: number; q: string }) {
  return useQuery({
    queryKey: [...KEYS.all, 'recipients', page, q.trim()],
    queryFn: ({ signal }): Promise<RecipientList> => {
      const params = new URLSearchParams({ page: String(page) });
      if (q.trim()) params.set('q', q.trim());
      return apiFetch(`/api/v1/conversations/recipients?${params.toString()}`, { schema: RecipientListSchema, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** Before the first message about an appointment: to whom, when it is, and the conversation it continues. */
export function useAppointmentConversation(appointmentId: string) {
  return useQuery({
    queryKey: [...KEYS.all, 'for-appointment', appointmentId],
    queryFn: ({ signal }): Promise<AppointmentConversation> =>
      apiFetch(`/api/v1/conversations/for-appointment/${encodeURIComponent(appointmentId)}`, { schema: AppointmentConversationSchema, signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

/** Starts (or continues) the conversation of an appointment. */
export function useStartConversation() {
  return useConversationMutation(({ appointmentId, body }: { appointmentId: string; body: string }) =>
    apiFetch('/api/v1/conversations', { method: 'POST', body: { appointmentId, body }, schema: ConversationSchema }),
  );
}

/** The conversation with a message just sent added (once) at its end. */
export function withSentMessage(conversation: Conversation, message: Message): Conversation {
  if (conversation.messages.some((m) => m.id === message.id)) return conversation;
  return { ...conversation, messages: [...conversation.messages, message], lastMessage: message, lastMessageAt: message.createdAt };
}

let sendCount = 0;

/**
 * Sends a text over the tab's socket (`message.send`) while it is open, else through the send
 * route. A conversation the server does not find is the route's 404; any other refusal on the
 * socket (nothing was written) is retried through the route, whose problem says why. When the
 * socket closed or stayed silent, whether it was written is unknown: that is a network error, and
 * the composer keeps the text.
 */
export async function sendText(id: string, body: string): Promise<Message> {
  const answer = requestOverSocket({ type: 'message.send', id: `send-${Date.now().toString(36)}-${++sendCount}`, conversationId: id, body });
  if (answer) {
    let frame: ServerFrame;
    try {
      frame = await answer;
    } catch (cause) {
      throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.networkUnavailable, message: 'Network unavailable', cause });
    }
    if (frame.type === 'message.sent') return frame.message;
    if (frame.type === 'error' && frame.code === 'realtime.conversation-not-found') {
      throw new ApiError({ status: 404, code: 'conversation.not-found', message: frame.message });
    }
  }
  return apiFetch(`/api/v1/conversations/${encodeURIComponent(id)}/messages`, { method: 'POST', body: { body }, schema: MessageSchema });
}

/** Sends a text; the answer is the new message, appended to the open conversation. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => sendText(id, body),
    onSuccess: (message) => {
      client.setQueryData<Conversation>([...KEYS.conversation, message.conversationId], (current) => (current ? withSentMessage(current, message) : current));
      void client.invalidateQueries({ queryKey: [...KEYS.conversation, message.conversationId] });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: KEYS.list });
    },
  });
}

/** Sends a file (multipart: the file in `file`, the optional text in `body`). */
export function useSendAttachment() {
  return useConversationMutation(async ({ id, file, body }: { id: string; file: File; body: string }) => {
    const form = new FormData();
    if (body) form.append(ATTACHMENT_TEXT_FIELD, body);
    form.append(ATTACHMENT_FIELD, file, file.name);
    let response: Response;
    try {
      response = await fetch(`/api/v1/conversations/${encodeURIComponent(id)}/attachments`, {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        headers: { accept: 'application/json, application/problem+json' },
      });
    } catch (cause) {
      throw new ApiError({ status: 0, code: CLIENT_ERROR_CODES.networkUnavailable, message: 'Network unavailable', cause });
    }
    return readApiResponse(response, ConversationSchema);
  });
}

/** Marks the conversation read up to now; the list and the header's count follow. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/v1/conversations/${encodeURIComponent(id)}/read`, { method: 'POST', body: {}, schema: ConversationSummarySchema }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEYS.list });
      void client.invalidateQueries({ queryKey: UNREAD_MESSAGES_QUERY_KEY });
    },
  });
}

/** Refetches everything messaging shows (after a realtime event). */
export function useRefreshMessaging() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: KEYS.all });
    void client.invalidateQueries({ queryKey: UNREAD_MESSAGES_QUERY_KEY });
  };
}
