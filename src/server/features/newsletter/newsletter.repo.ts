import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/database.js';
import { newsletterSubscriptions } from '../../db/schema/newsletter-subscriptions.js';

/** Inserts or re-activates a subscription (same email, any case). */
export async function upsertSubscription(db: Queryable, email: string, language: string): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values({ email, language })
    .onConflictDoUpdate({
      target: newsletterSubscriptions.email,
      set: { language, unsubscribedAt: sql`null` },
    });
}
