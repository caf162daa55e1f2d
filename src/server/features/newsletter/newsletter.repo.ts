import { and, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.js';
import { newsletterSubscriptions } from '../../db/schema/newsletter-subscriptions.js';

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

export async function findByEmail(db: Queryable, email: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)).limit(1);
  return row;
}

/** Creates or refreshes a pending subscription: a new confirmation token, not confirmed, not unsubscribed. */
export async function upsertPending(
  db: Queryable,
  values: { email: string; language: string; confirmTokenHash: string; confirmExpiresAt: Date; unsubscribeTokenHash: string },
): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: {
        language: values.language,
        confirmTokenHash: values.confirmTokenHash,
        confirmExpiresAt: values.confirmExpiresAt,
        unsubscribeTokenHash: values.unsubscribeTokenHash,
        confirmedAt: null,
        unsubscribedAt: null,
      },
    });
}

/** Confirms the subscription holding this unexpired token (single use); the row, or undefined. */
export async function confirmByToken(
  db: Queryable,
  tokenHash: string,
  now: Date,
  unsubscribeTokenHash: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null, unsubscribeTokenHash })
    .where(and(eq(newsletterSubscriptions.confirmTokenHash, tokenHash), gt(newsletterSubscriptions.confirmExpiresAt, now)))
    .returning();
  return row;
}

export async function unsubscribeByToken(db: Queryable, tokenHash: string, now: Date): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.unsubscribeTokenHash, tokenHash)).limit(1);
  if (!row) return undefined;
  if (row.unsubscribedAt) return row;
  const [updated] = await db
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(eq(newsletterSubscriptions.id, row.id))
    .returning();
  return updated;
}
