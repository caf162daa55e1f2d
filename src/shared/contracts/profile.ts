import { z } from 'zod';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.js';
import { REGION_CODES } from '../regions.js';

/** Display names: what users.name allows (a database check enforces the same). */
export const PROFILE_NAME_MAX_LENGTH = 200;
/** The multipart field that carries the avatar image. */
export const AVATAR_FIELD = 'avatar';
/** Image types accepted as avatars, detected from the file's content on the server. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];
export { TIME_ZONE_STORAGE_KEY } from '../profile-constants.js';
/** IANA names are short; anything longer is not a time zone. */
export const TIME_ZONE_MAX_LENGTH = 64;

/** GET /api/v1/profile and every profile change: the signed-in person's own settings. */
export const ProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** /api/v1/avatars/{id}?v=… while an avatar is set. */
  image: z.string().nullable(),
  locale: z.string().nullable(),
  timeZone: z.string().nullable(),
  region: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * PATCH /api/v1/profile: any of the four settings; null clears a preference. Nothing else is
 * accepted (role, email, id, … are refused), and the time zone is checked by the server.
 */
export const UpdateProfileRequestSchema = z
  .object({
    name: z.string().trim().min(1).max(PROFILE_NAME_MAX_LENGTH).optional(),
    locale: z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]).nullable().optional(),
    timeZone: z.string().trim().min(1).max(TIME_ZONE_MAX_LENGTH).nullable().optional(),
    region: z.enum(REGION_CODES).nullable().optional(),
  })
  .strict();
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

/** One of the person's signed-in sessions; the token never leaves the server. */
export const ProfileSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** Read from the user agent ('Chrome', 'Firefox', …), null when unknown. */
  browser: z.string().nullable(),
  /** Read from the user agent ('Windows', 'macOS', …), null when unknown. */
  os: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type ProfileSession = z.infer<typeof ProfileSessionSchema>;

export const ProfileSessionsResponseSchema = z.object({ sessions: z.array(ProfileSessionSchema) });
export type ProfileSessionsResponse = z.infer<typeof ProfileSessionsResponseSchema>;

export const RevokeSessionsResponseSchema = z.object({ revoked: z.number().int().min(0) });
export type RevokeSessionsResponse = z.infer<typeof RevokeSessionsResponseSchema>;
