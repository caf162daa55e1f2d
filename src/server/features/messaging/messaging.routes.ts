import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_FIELD,
  ATTACHMENT_TEXT_FIELD,
  AppointmentConversationParamsSchema,
  AppointmentConversationSchema,
  AttachmentParamsSchema,
  ConversationListSchema,
  ConversationParamsSchema,
  ConversationSchema,
  ConversationsQuerySchema,
  ConversationSummarySchema,
  MessageSchema,
  MessagesQuerySchema,
  RecipientListSchema,
  RecipientsQuerySchema,
  SendMessageSchema,
  StartConversationSchema,
  UnreadCountSchema,
} from '../../../shared/contracts/messaging.js';
import { DomainError, tooLarge, validationError } from '../../platform/errors/domain-errors.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { refuseUnstorableField } from '../../platform/http/text-guard.js';
import {
  appointmentConversation,
  getConversation,
  listConversations,
  listRecipients,
  markConversationRead,
  readAttachment,
  sendAttachment,
  sendMessage,
  startConversation,
  unreadMessages,
  type AttachmentUpload,
} from './messaging.service.js';

/**
 * Reads an attachment upload (multipart: the file in `file`, an optional text in `body`) into
 * memory, refusing anything over the limit while it streams in. Every failure a client can cause
 * is a 4xx.
 */
async function readAttachmentUpload(request: FastifyRequest, maxBytes: number): Promise<AttachmentUpload> {
  const missing = () => validationError('message.attachment-missing', `Send the file as multipart/form-data in the field "${ATTACHMENT_FIELD}".`);
  if (!request.isMultipart()) throw missing();
  try {
    let file: { body: Buffer; fileName: string } | undefined;
    let text = '';
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 2, fieldSize: 20_000, parts: 3, headerPairs: 50 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== ATTACHMENT_FIELD) throw missing();
        file = { body: await part.toBuffer(), fileName: part.filename };
      } else if (part.fieldname === ATTACHMENT_TEXT_FIELD && typeof part.value === 'string') {
        text = part.value.trim();
      }
    }
    if (!file) throw missing();
    // Multipart fields are not in request.body, so the /api/ hook does not see them.
    refuseUnstorableField(`body.${ATTACHMENT_TEXT_FIELD}`, text);
    return { ...file, text };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('message.attachment-too-large', `The file is larger than ${maxBytes} bytes.`);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw missing();
    // Malformed bodies (no boundary, truncated parts, too many files, parts or fields): the client's
    // doing, so one short line (the parser's code and words), not an error with its stack.
    request.log.info({ code: typeof code === 'string' ? code : undefined, reason: error instanceof Error ? error.message : String(error) }, 'attachment upload could not be read');
    throw validationError('message.attachment-invalid-upload', 'The upload could not be read.');
  }
}

/** A file name for Content-Disposition: ASCII fallback plus the UTF-8 name (RFC 6266). */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const Empty = z.object({}).strict().nullish();

/** Secure messaging of the signed-in person ('messages.self'); nobody else's conversation exists for them (404). */
export const messagingRoutes: FastifyPluginAsyncZod<{ context: ContextFactory; attachmentMaxBytes: number }> = async (app, { context, attachmentMaxBytes }) => {
  const permission = 'messages.self' as const;
  // Multipart only for the routes of this plugin (encapsulation): every other route keeps answering 415.
  await app.register(multipart, { limits: { fileSize: attachmentMaxBytes, files: 1 } });
  const noStore = { 'cache-control': 'no-store' };
  const tags = ['messaging'];

  app.get(
    '/api/v1/conversations',
    { config: { permission }, schema: { tags, summary: 'My conversations, most recent first, with unread counts; narrowed by name (q) and to unread ones', querystring: ConversationsQuerySchema, response: { 200: ConversationListSchema } } },
    async (request, reply) => reply.headers(noStore).send(await listConversations(await context.withActor(request), request.query)),
  );

  app.post(
    '/api/v1/conversations',
    {
      config: { permission },
      schema: {
        tags,
        summary: "Write to the other person of one of my appointments (starts our conversation in that organisation, or continues it)",
        body: StartConversationSchema,
        response: { 200: ConversationSchema, 201: ConversationSchema },
      },
    },
    async (request, reply) => {
      const { conversation, created } = await startConversation(await context.withActor(request), request.body);
      return reply.status(created ? 201 : 200).headers(noStore).send({ ...conversation, attachmentMaxBytes });
    },
  );

  app.get(
    '/api/v1/conversations/recipients',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'The people I may write to: one per person and organisation of my appointments, with the appointment a first message is about and the conversation it continues',
        querystring: RecipientsQuerySchema,
        response: { 200: RecipientListSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await listRecipients(await context.withActor(request), request.query)),
  );

  app.get(
    '/api/v1/conversations/for-appointment/:appointmentId',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Before writing about one of my appointments: to whom, when it is, and the conversation it continues (null: it starts one)',
        params: AppointmentConversationParamsSchema,
        response: { 200: AppointmentConversationSchema },
      },
    },
    async (request, reply) => reply.headers(noStore).send(await appointmentConversation(await context.withActor(request), request.params.appointmentId)),
  );

  app.get(
    '/api/v1/conversations/:id',
    {
      config: { permission },
      schema: { tags, summary: 'A conversation with its newest messages (or those before a time); reading is audited', params: ConversationParamsSchema, querystring: MessagesQuerySchema, response: { 200: ConversationSchema } },
    },
    async (request, reply) => reply.headers(noStore).send({ ...(await getConversation(await context.withActor(request), request.params.id, request.query.before)), attachmentMaxBytes }),
  );

  app.post(
    '/api/v1/conversations/:id/messages',
    { config: { permission }, schema: { tags, summary: 'Send a message (answers the new message)', params: ConversationParamsSchema, body: SendMessageSchema, response: { 201: MessageSchema } } },
    async (request, reply) => reply.status(201).headers(noStore).send(await sendMessage(await context.withActor(request), request.params.id, request.body.body)),
  );

  app.post(
    '/api/v1/conversations/:id/attachments',
    {
      config: { permission },
      schema: {
        tags,
        summary: `Send a file (multipart/form-data: a PDF or an image in "${ATTACHMENT_FIELD}", an optional text in "${ATTACHMENT_TEXT_FIELD}")`,
        consumes: ['multipart/form-data'],
        params: ConversationParamsSchema,
        response: { 201: ConversationSchema },
      },
    },
    async (request, reply) => {
      const ctx = await context.withActor(request);
      const upload = await readAttachmentUpload(request, attachmentMaxBytes);
      return reply.status(201).headers(noStore).send({ ...(await sendAttachment(ctx, request.params.id, upload)), attachmentMaxBytes });
    },
  );

  app.get(
    '/api/v1/conversations/:id/attachments/:attachmentId',
    { config: { permission }, schema: { tags, summary: 'Download a file of the conversation (participants only; audited)', params: AttachmentParamsSchema } },
    async (request, reply) => {
      const file = await readAttachment(await context.withActor(request), request.params.id, request.params.attachmentId);
      return reply
        .headers({ ...noStore, 'content-type': file.contentType, 'content-disposition': disposition(file.fileName), 'content-length': String(file.body.length) })
        .send(file.body);
    },
  );

  app.post(
    '/api/v1/conversations/:id/read',
    { config: { permission }, schema: { tags, summary: 'Mark the conversation read up to now (the other person sees it as read)', params: ConversationParamsSchema, body: Empty, response: { 200: ConversationSummarySchema } } },
    async (request) => markConversationRead(await context.withActor(request), request.params.id),
  );

  app.get(
    '/api/v1/messages/unread',
    { config: { permission }, schema: { tags, summary: 'How many messages to me are unread', response: { 200: UnreadCountSchema } } },
    async (request, reply) => reply.headers(noStore).send({ unread: await unreadMessages(await context.withActor(request)) }),
  );
};
