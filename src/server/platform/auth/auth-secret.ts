import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appMeta } from '../../db/schema/app-meta.js';
import type { Database } from '../db/database.js';

const KEY = 'auth_secret';

/**
 * The key that signs session cookies and encrypts TOTP secrets: AUTH_SECRET when set (required
 * in production); otherwise one generated on first use and kept in the database, so sessions
 * survive a restart of a development server without any setup.
 */
export async function loadAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString('base64url');
  await db.insert(appMeta).values({ key: KEY, value: generated }).onConflictDoNothing({ target: appMeta.key });
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  if (!row) throw new Error('auth secret could not be stored');
  return row.value;
}
