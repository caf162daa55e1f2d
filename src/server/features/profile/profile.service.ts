import { knownTimeZone } from '../../../shared/time-zones.js';
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  AVATAR_CONTENT_TYPES,
  type Profile,
  type ProfileSessionsResponse,
  type RevokeSessionsResponse,
  type UpdateProfileRequest,
} from '../../../shared/contracts/profile.js';
import { recordAudit } from '../../platform/audit/audit.js';
import type { ActorContext, ServiceContext } from '../../platform/context.js';
import { conflict, notFound, unauthenticated, validationError } from '../../platform/errors/domain-errors.js';
import {
  deleteOtherSessions,
  deleteOwnSession,
  findAvatar,
  mayShowAvatar,
  findProfile,
  listSessions,
  setTimeZoneIfNone,
  replaceAvatarRecord,
  updateProfile as updateProfileRow,
  type ProfileChanges,
  type ProfileRow,
} from './profile.repo.js';
import { describeUserAgent } from './user-agent.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const AVATAR_PATH_PREFIX = '/api/v1/avatars/';

function toProfile(row: ProfileRow): Profile {
  return { ...row };
}

async function requireProfile(ctx: ActorContext): Promise<ProfileRow> {
  const row = await findProfile(ctx.db, ctx.actor.userId);
  // The session resolved a moment ago; a person deleted since then is simply signed out.
  if (!row) throw unauthenticated();
  return row;
}

export async function getProfile(ctx: ActorContext): Promise<Profile> {
  return toProfile(await requireProfile(ctx));
}

export async function updateProfile(ctx: ActorContext, input: UpdateProfileRequest): Promise<Profile> {
  const changes: ProfileChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.locale !== undefined) changes.locale = input.locale;
  if (input.region !== undefined) changes.region = input.region;
  if (input.timeZone !== undefined) {
    if (input.timeZone === null) {
      changes.timeZone = null;
    } else {
      const zone = /^[A-Za-z0-9_+\-/]+$/.test(input.timeZone) ? knownTimeZone(input.timeZone) : null;
      if (!zone) {
        throw validationError('profile.invalid-time-zone', 'The time zone is not a known IANA time zone.', [
          { path: 'body.timeZone', code: 'profile.invalid-time-zone' },
        ]);
      }
      changes.timeZone = zone;
    }
  }
  const fields = Object.keys(changes);
  if (fields.length === 0) return getProfile(ctx);
  const row = await updateProfileRow(ctx.db, ctx.actor.userId, changes, ctx.now());
  if (!row) throw unauthenticated();
  await auditProfileUpdate(ctx, { fields });
  return toProfile(row);
}

function auditProfileUpdate(ctx: ActorContext, metadata: Record<string, unknown>) {
  return recordAudit(ctx.db, {
    action: 'profile.update',
    actorUserId: ctx.actor.userId,
    targetType: 'user',
    targetId: ctx.actor.userId,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    metadata,
  });
}

/**
 * A zone the person's browser showed times in (`from`: where, e.g. 'booking') becomes their
 * account's time zone when it has none; one they chose or kept stays. They can change it on /profile.
 */
export async function adoptTimeZone(ctx: ActorContext, zone: string, from: string): Promise<void> {
  const known = knownTimeZone(zone);
  if (!known) return;
  if (await setTimeZoneIfNone(ctx.db, ctx.actor.userId, known, ctx.now())) await auditProfileUpdate(ctx, { fields: ['timeZone'], from });
}

/** An avatar as it arrived: the bytes only (the client's name and type are never trusted). */
export interface AvatarUpload {
  body: Buffer;
}

export async function replaceAvatar(ctx: ActorContext, upload: AvatarUpload): Promise<Profile> {
  const { actor } = ctx;
  if (upload.body.length === 0) throw validationError('profile.avatar-empty', 'The file is empty.');
  const detected = await fileTypeFromBuffer(upload.body);
  const contentType = (AVATAR_CONTENT_TYPES as readonly string[]).find((type) => type === detected?.mime);
  if (!contentType) {
    await recordAudit(ctx.db, {
      action: 'profile.avatar.upload',
      outcome: 'failure',
      actorUserId: actor.userId,
      targetType: 'user',
      targetId: actor.userId,
      requestId: ctx.requestId,
      clientIp: ctx.clientIp,
      metadata: { reason: 'not-image', detected: detected?.mime ?? null },
    });
    throw validationError('profile.avatar-not-image', 'Choose a PNG, JPEG, WebP or GIF image.');
  }
  const version = randomUUID();
  const key = `avatars/${actor.userId}/${version}`;
  await ctx.storage.put(key, upload.body, contentType);
  let result: Awaited<ReturnType<typeof replaceAvatarRecord>>;
  try {
    result = await replaceAvatarRecord(
      ctx.db,
      actor.userId,
      { key, contentType, byteSize: upload.body.length, image: `${AVATAR_PATH_PREFIX}${actor.userId}?v=${version.slice(0, 8)}` },
      ctx.now(),
    );
  } catch (error) {
    await deleteStoredQuietly(ctx, key);
    throw error;
  }
  if (!result.profile) {
    await deleteStoredQuietly(ctx, key);
    throw unauthenticated();
  }
  if (result.previousKey) await deleteStoredQuietly(ctx, result.previousKey);
  await recordAudit(ctx.db, {
    action: 'profile.avatar.upload',
    actorUserId: actor.userId,
    targetType: 'user',
    targetId: actor.userId,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    metadata: { contentType, byteSize: upload.body.length, replaced: result.previousKey !== null },
  });
  return toProfile(result.profile);
}

export async function removeAvatar(ctx: ActorContext): Promise<Profile> {
  const { actor } = ctx;
  const result = await replaceAvatarRecord(ctx.db, actor.userId, null, ctx.now());
  if (!result.profile) throw unauthenticated();
  if (result.previousKey) {
    await deleteStoredQuietly(ctx, result.previousKey);
    await recordAudit(ctx.db, {
      action: 'profile.avatar.remove',
      actorUserId: actor.userId,
      targetType: 'user',
      targetId: actor.userId,
      requestId: ctx.requestId,
      clientIp: ctx.clientIp,
    });
  }
  return toProfile(result.profile);
}

/** A file whose record is gone is only clutter: a failed delete is logged, not the request's failure. */
async function deleteStoredQuietly(ctx: ServiceContext, key: string): Promise<void> {
  try {
    await ctx.storage.delete(key);
  } catch (error) {
    ctx.log.warn({ err: error, key }, 'could not delete a stored file');
  }
}

export interface AvatarFile {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** A person's avatar image, for any signed-in person (avatars show beside names). */
/**
 * A person's avatar file. With `viewerId` (GET /api/v1/avatars/{userId}), only for someone who may
 * see it (mayShowAvatar); anyone else gets the same 404 as for a person without one.
 */
export async function readAvatar(ctx: Pick<ServiceContext, 'db' | 'storage'>, userId: string, viewerId?: string): Promise<AvatarFile> {
  const missing = () => notFound('profile.avatar-not-found', 'This person has no avatar.');
  if (!UUID.test(userId)) throw missing();
  if (viewerId !== undefined && !(await mayShowAvatar(ctx.db, viewerId, userId))) throw missing();
  const avatar = await findAvatar(ctx.db, userId);
  if (!avatar) throw missing();
  const stored = await ctx.storage.get(avatar.key);
  if (!stored) throw missing();
  const contentType = (AVATAR_CONTENT_TYPES as readonly string[]).find((t) => t === (avatar.contentType ?? stored.contentType));
  if (!contentType) throw missing();
  return { body: stored.body, contentType, etag: `"${avatar.key.split('/').pop() ?? avatar.key}"` };
}

export async function getSessions(ctx: ActorContext): Promise<ProfileSessionsResponse> {
  const rows = await listSessions(ctx.db, ctx.actor.userId, ctx.now());
  const sessions = rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    current: row.id === ctx.actor.sessionId,
  }));
  // The session in use first, then the others by last use.
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  return { sessions };
}

export async function revokeSession(ctx: ActorContext, sessionId: string): Promise<void> {
  const { actor } = ctx;
  // Another person's session answers exactly like one that does not exist.
  if (!UUID.test(sessionId)) throw notFound('profile.session-not-found', 'The session was not found.');
  if (sessionId === actor.sessionId) {
    throw conflict('profile.session-current', 'This is the session you are using: sign out instead.');
  }
  const deleted = await deleteOwnSession(ctx.db, actor.userId, sessionId);
  if (!deleted) throw notFound('profile.session-not-found', 'The session was not found.');
  await recordAudit(ctx.db, {
    action: 'profile.session.revoke',
    actorUserId: actor.userId,
    targetType: 'session',
    targetId: sessionId,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
  });
}

export async function revokeOtherSessions(ctx: ActorContext): Promise<RevokeSessionsResponse> {
  const { actor } = ctx;
  const revoked = await deleteOtherSessions(ctx.db, actor.userId, actor.sessionId);
  await recordAudit(ctx.db, {
    action: 'profile.session.revoke-others',
    actorUserId: actor.userId,
    targetType: 'user',
    targetId: actor.userId,
    requestId: ctx.requestId,
    clientIp: ctx.clientIp,
    metadata: { revoked },
  });
  return { revoked };
}
