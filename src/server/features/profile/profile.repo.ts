import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/auth.js';
import { storedFiles } from '../../db/schema/stored-files.js';
import { queryRows, type Database, type Queryable } from '../../platform/db/database.js';

/** The columns of users a person's own settings screen shows. */
const profileColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  image: users.image,
  locale: users.locale,
  timeZone: users.timeZone,
  region: users.region,
  twoFactorEnabled: users.twoFactorEnabled,
};

export type ProfileRow = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  locale: string | null;
  timeZone: string | null;
  region: string | null;
  twoFactorEnabled: boolean;
};

export async function findProfile(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId));
  return row;
}

export interface ProfileChanges {
  name?: string;
  locale?: string | null;
  timeZone?: string | null;
  region?: string | null;
}

export async function updateProfile(db: Queryable, userId: string, changes: ProfileChanges, now: Date): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return row;
}

/** Sets the time zone of an account that has none; false when it had one (or is gone). */
export async function setTimeZoneIfNone(db: Queryable, userId: string, timeZone: string, now: Date): Promise<boolean> {
  const set = await db
    .update(users)
    .set({ timeZone, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.timeZone)))
    .returning({ id: users.id });
  return set.length > 0;
}

export interface NewAvatar {
  key: string;
  contentType: string;
  byteSize: number;
  /** users.image: the URL the avatar is served at, with a version so caches refresh. */
  image: string;
}

/**
 * Points the person at a new avatar (or none) and forgets the previous one's stored_files row,
 * in one transaction with the user row locked, so two uploads at once cannot both keep theirs.
 * Returns the previous avatar's storage key for the caller to delete once this has committed.
 */
export async function replaceAvatarRecord(
  db: Database,
  userId: string,
  avatar: NewAvatar | null,
  now: Date,
): Promise<{ previousKey: string | null; profile: ProfileRow | undefined }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, userId)).for('update');
    if (!current) return { previousKey: null, profile: undefined };
    if (avatar) {
      await tx.insert(storedFiles).values({
        key: avatar.key,
        ownerUserId: userId,
        tenantId: null,
        purpose: 'avatar',
        contentType: avatar.contentType,
        byteSize: avatar.byteSize,
        createdAt: now,
      });
    }
    const [profile] = await tx
      .update(users)
      .set({ avatarKey: avatar?.key ?? null, image: avatar?.image ?? null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning(profileColumns);
    const previousKey = current.avatarKey;
    if (previousKey) await tx.delete(storedFiles).where(eq(storedFiles.key, previousKey));
    return { previousKey, profile };
  });
}

/** The avatar a person has now: its storage key and recorded type. */
export async function findAvatar(db: Queryable, userId: string): Promise<{ key: string; contentType: string | null } | undefined> {
  const [row] = await db
    .select({ key: users.avatarKey, contentType: storedFiles.contentType })
    .from(users)
    .leftJoin(storedFiles, eq(storedFiles.key, users.avatarKey))
    .where(eq(users.id, userId));
  if (!row?.key) return undefined;
  return { key: row.key, contentType: row.contentType };
}

/**
 * Whether `viewerId` may see `userId`'s avatar: the minimum necessary. Themselves; anyone signed
 * in for a verified provider (their photo is in the public directory anyway); and otherwise only
 * the people they deal with: a conversation shared, an appointment between them (either side), or
 * an organisation both belong to in which one of them is staff (not a plain member). Run as the
 * server's role: it reads across organisations, and answers only yes or no.
 */
export async function mayShowAvatar(db: Queryable, viewerId: string, userId: string): Promise<boolean> {
  if (viewerId === userId) return true;
  const [row] = await queryRows<{ allowed: boolean }>(
    db,
    sql`select (
      exists (select 1 from provider_profiles p where p.user_id = ${userId} and p.verification_status = 'verified')
      or exists (select 1 from conversation_participants mine join conversation_participants theirs on theirs.conversation_id = mine.conversation_id
                 where mine.user_id = ${viewerId} and theirs.user_id = ${userId})
      or exists (select 1 from appointments a join provider_profiles p on p.id = a.provider_id
                 where (a.patient_id = ${viewerId} and p.user_id = ${userId}) or (a.patient_id = ${userId} and p.user_id = ${viewerId}))
      or exists (select 1 from tenant_memberships mine join tenant_memberships theirs on theirs.tenant_id = mine.tenant_id
                 where mine.user_id = ${viewerId} and theirs.user_id = ${userId} and mine.status = 'active' and theirs.status = 'active'
                   and mine.role <> 'member' and theirs.role <> 'member')
    ) as allowed`,
  );
  return row?.allowed === true;
}

export interface SessionRow {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/** The person's sessions that have not expired, most recently used first (never the token). */
export async function listSessions(db: Queryable, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Deletes one of the person's sessions; false when they have no session with that id. */
export async function deleteOwnSession(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Deletes every session of the person except the one given; returns how many ended. */
export async function deleteOtherSessions(db: Queryable, userId: string, keepSessionId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}
