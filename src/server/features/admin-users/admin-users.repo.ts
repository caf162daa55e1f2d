import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/auth.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/like.js';

const adminUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  professionalStatus: users.professionalStatus,
  emailVerified: users.emailVerified,
  twoFactorEnabled: users.twoFactorEnabled,
  image: users.image,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  role: string;
  professionalStatus: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  image: string | null;
  disabledAt: Date | null;
  createdAt: Date;
}

export interface UserFilter {
  query?: string | undefined;
  role?: string | undefined;
  professionalStatus?: string | undefined;
}

function filterCondition(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.query) {
    const pattern = containsPattern(filter.query);
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (match) conditions.push(match);
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.professionalStatus) conditions.push(eq(users.professionalStatus, filter.professionalStatus));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of people matching the filter, newest first, and how many match in all. */
export async function listUsers(
  db: Queryable,
  filter: UserFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const where = filterCondition(filter);
  const [rows, totals] = await Promise.all([
    db.select(adminUserColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findUser(db: Queryable, userId: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function setProfessionalStatus(db: Queryable, userId: string, status: string, now: Date): Promise<AdminUserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ professionalStatus: status, updatedAt: now })
    .where(eq(users.id, userId))
    .returning(adminUserColumns);
  return row;
}

/**
 * Disables a person and ends every session of theirs in one transaction: their next request is
 * unauthenticated, and better-auth's session hook refuses them a new one while disabled_at is set.
 */
export async function disableUser(db: Database, userId: string, now: Date): Promise<{ user: AdminUserRow | undefined; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ disabledAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning(adminUserColumns);
    if (!row) return { user: undefined, sessionsEnded: 0 };
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    return { user: row, sessionsEnded: ended.length };
  });
}

export async function enableUser(db: Queryable, userId: string, now: Date): Promise<AdminUserRow | undefined> {
  const [row] = await db.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, userId)).returning(adminUserColumns);
  return row;
}
