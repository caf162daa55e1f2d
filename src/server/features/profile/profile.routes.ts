import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AVATAR_FIELD,
  ProfileSchema,
  ProfileSessionsResponseSchema,
  RevokeSessionsResponseSchema,
  UpdateProfileRequestSchema,
} from '../../../shared/contracts/profile.js';
import { DomainError, tooLarge, validationError } from '../../platform/errors/domain-errors.js';
import { etagMatches } from '../../platform/http/etag.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import {
  getProfile,
  getSessions,
  readAvatar,
  removeAvatar,
  replaceAvatar,
  revokeOtherSessions,
  revokeSession,
  updateProfile,
  type AvatarUpload,
} from './profile.service.js';

const NO_STORE = 'no-store';


/**
 * Reads the one file of an avatar upload (multipart field `avatar`) into memory, refusing
 * anything over the limit while it streams in. Every parsing failure a client can cause is a 4xx.
 */
async function readAvatarUpload(request: FastifyRequest, maxBytes: number): Promise<AvatarUpload> {
  const missing = () =>
    validationError('profile.avatar-missing', `Send the image as multipart/form-data in the field "${AVATAR_FIELD}".`);
  if (!request.isMultipart()) throw missing();
  try {
    const file = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
      throwFileSizeLimit: true,
    });
    if (!file || file.fieldname !== AVATAR_FIELD) throw missing();
    return { body: await file.toBuffer() };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge('profile.avatar-too-large', `The image is larger than ${maxBytes} bytes.`);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw missing();
    // Malformed bodies (no boundary, truncated parts, too many parts): the client's doing, so one
    // short line (the parser's code and words), not an error with its stack.
    request.log.info({ code: typeof code === 'string' ? code : undefined, reason: error instanceof Error ? error.message : String(error) }, 'avatar upload could not be read');
    throw validationError('profile.avatar-invalid-upload', 'The upload could not be read.');
  }
}

export const profileRoutes: FastifyPluginAsyncZod<{ context: ContextFactory; avatarMaxBytes: number }> = async (
  app,
  { context, avatarMaxBytes },
) => {
  // Multipart is accepted only by the routes of this plugin (Fastify encapsulation): every
  // other route keeps answering 415 for it. Files stay in memory, bounded by the limits above.
  await app.register(multipart, { limits: { fileSize: avatarMaxBytes, files: 1 } });

  app.get(
    '/api/v1/profile',
    {
      config: { permission: 'account.self' },
      schema: { tags: ['profile'], summary: 'Your own settings', response: { 200: ProfileSchema } },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await getProfile(await context.withActor(request))),
  );

  app.patch(
    '/api/v1/profile',
    {
      config: { permission: 'account.self' },
      schema: {
        tags: ['profile'],
        summary: 'Change your name, interface language, time zone or region',
        body: UpdateProfileRequestSchema,
        response: { 200: ProfileSchema },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', NO_STORE).send(await updateProfile(await context.withActor(request), request.body)),
  );

  app.post(
    '/api/v1/profile/avatar',
    {
      config: { permission: 'account.self' },
      schema: {
        tags: ['profile'],
        summary: `Upload your avatar (multipart/form-data, one file in the field "${AVATAR_FIELD}"; PNG, JPEG, WebP or GIF)`,
        consumes: ['multipart/form-data'],
        response: { 200: ProfileSchema },
      },
    },
    async (request, reply) => {
      const ctx = await context.withActor(request);
      const upload = await readAvatarUpload(request, ctx.config.AVATAR_MAX_BYTES);
      return reply.header('cache-control', NO_STORE).send(await replaceAvatar(ctx, upload));
    },
  );

  app.delete(
    '/api/v1/profile/avatar',
    {
      config: { permission: 'account.self' },
      schema: { tags: ['profile'], summary: 'Remove your avatar', response: { 200: ProfileSchema } },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await removeAvatar(await context.withActor(request))),
  );

  app.get(
    '/api/v1/avatars/:userId',
    {
      config: { permission: 'account.self' },
      schema: {
        tags: ['profile'],
        summary: "A person's avatar image: your own, a verified provider's, or that of someone you deal with (a conversation, an appointment, your organisation's staff); anyone else's answers 404",
        params: z.object({ userId: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const ctx = await context.withActor(request);
      const avatar = await readAvatar(ctx, request.params.userId, ctx.actor.userId);
      reply.header('cache-control', 'private, no-cache').header('etag', avatar.etag).header('content-disposition', 'inline');
      if (etagMatches(request.headers['if-none-match'], avatar.etag)) return reply.status(304).send();
      return reply.type(avatar.contentType).send(avatar.body);
    },
  );

  app.get(
    '/api/v1/profile/sessions',
    {
      config: { permission: 'account.self' },
      schema: { tags: ['profile'], summary: 'Your signed-in sessions', response: { 200: ProfileSessionsResponseSchema } },
    },
    async (request, reply) => reply.header('cache-control', NO_STORE).send(await getSessions(await context.withActor(request))),
  );

  app.delete(
    '/api/v1/profile/sessions/:sessionId',
    {
      config: { permission: 'account.self' },
      schema: {
        tags: ['profile'],
        summary: 'Sign out one of your other sessions',
        params: z.object({ sessionId: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      await revokeSession(await context.withActor(request), request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/profile/sessions',
    {
      config: { permission: 'account.self' },
      schema: { tags: ['profile'], summary: 'Sign out all your sessions except this one', response: { 200: RevokeSessionsResponseSchema } },
    },
    async (request) => revokeOtherSessions(await context.withActor(request)),
  );
};
