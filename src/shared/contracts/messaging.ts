import { z } from 'zod';
import { InstantSchema } from './instants.js';

/** Secure messaging between a patient and the people caring for them (issue 6). */
export const MESSAGE_MAX_LENGTH = 5000;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;

/** What may be sent with a message: PDFs and images, recognised from their content. */
export const ATTACHMENT_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** The multipart fields of an attachment upload. */
export const ATTACHMENT_FIELD = 'file';
export const ATTACHMENT_TEXT_FIELD = 'body';

export const AttachmentSchema = z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), byteSize: z.number().int() });
export type Attachment = z.infer<typeof AttachmentSchema>;

export const PersonSchema = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });
/** The other person of a conversation: its patient, or the carer (the provider) writing with them. */
const OtherPersonSchema = PersonSchema.extend({ role: z.enum(['patient', 'carer']) });

export const MessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string().nullable(),
  /** Whether the signed-in person wrote it. */
  mine: z.boolean(),
  body: z.string(),
  attachments: z.array(AttachmentSchema),
  createdAt: z.string(),
  /** For one's own messages: whether the other person has read it (read receipt). */
  readByOther: z.boolean(),
});
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSummarySchema = z.object({
  id: z.string(),
  organisation: z.object({ id: z.string(), name: z.string() }),
  /** The other person of the conversation. */
  with: OtherPersonSchema,
  lastMessage: MessageSchema.nullable(),
  lastMessageAt: z.string().nullable(),
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** A conversation of the list; with a search, the newest of its messages that has every word (else null). */
export const ConversationListItemSchema = ConversationSummarySchema.extend({ match: MessageSchema.nullable() });
export type ConversationListItem = z.infer<typeof ConversationListItemSchema>;

export const ConversationListSchema = z.object({
  conversations: z.array(ConversationListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ConversationList = z.infer<typeof ConversationListSchema>;

export const ConversationSchema = ConversationSummarySchema.extend({
  /** Newest last; `before` pages further back. */
  messages: z.array(MessageSchema),
  hasEarlier: z.boolean(),
  /** The largest file that may be sent here, in bytes (the server's MESSAGE_ATTACHMENT_MAX_BYTES), so the page can say it and check before uploading. */
  attachmentMaxBytes: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const CONVERSATION_QUERY_MAX_LENGTH = 100;
/** The words of a conversation search, as the server matches them and the list marks them: each once, at most 8. */
export function conversationSearchWords(q: string | undefined): string[] {
  return [...new Set((q ?? '').split(/\s+/u).filter(Boolean))].slice(0, 8);
}
/**
 * GET /api/v1/conversations: a page, narrowed by words (all of them in the other person's name or the
 * organisation's, or all in one message's text or file names) and to those with unread messages.
 */
export const ConversationsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    q: z.string().trim().max(CONVERSATION_QUERY_MAX_LENGTH).optional(),
    unread: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type ConversationsQuery = z.infer<typeof ConversationsQuerySchema>;
export const ConversationParamsSchema = z.object({ id: z.string().uuid() }).strict();
export const AttachmentParamsSchema = z.object({ id: z.string().uuid(), attachmentId: z.string().uuid() }).strict();
export const MessagesQuerySchema = z.object({ before: InstantSchema.optional() }).strict();

/** A message's text, as every way of sending one checks it. */
export const MessageBodySchema = z.string().trim().min(1, 'Write a message.').max(MESSAGE_MAX_LENGTH);

/** Start (or continue) the conversation of an appointment's patient and provider. */
export const StartConversationSchema = z.object({ appointmentId: z.string().uuid(), body: MessageBodySchema }).strict();
export type StartConversation = z.infer<typeof StartConversationSchema>;

/** GET /api/v1/conversations/for-appointment/{appointmentId}: before the first message about an appointment. */
export const AppointmentConversationParamsSchema = z.object({ appointmentId: z.string().uuid() }).strict();
/** Whom a message about the appointment goes to, when the appointment is, and the conversation it would continue (null: it starts one). */
export const AppointmentConversationSchema = z.object({
  appointmentId: z.string(),
  startsAt: z.string(),
  organisation: z.object({ id: z.string(), name: z.string() }),
  with: OtherPersonSchema,
  conversationId: z.string().nullable(),
});
export type AppointmentConversation = z.infer<typeof AppointmentConversationSchema>;

/**
 * GET /api/v1/conversations/recipients: the people I may write to, one per person and organisation,
 * each through one of our appointments there (the next one, else the latest), with the conversation
 * it would continue. Narrowed by every word of a name (the person's or the organisation's).
 */
export const RecipientsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    q: z.string().trim().max(CONVERSATION_QUERY_MAX_LENGTH).optional(),
  })
  .strict();
export type RecipientsQuery = z.infer<typeof RecipientsQuerySchema>;
export const RecipientListSchema = z.object({
  recipients: z.array(AppointmentConversationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type RecipientList = z.infer<typeof RecipientListSchema>;

export const SendMessageSchema = z.object({ body: MessageBodySchema }).strict();
export type SendMessage = z.infer<typeof SendMessageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
