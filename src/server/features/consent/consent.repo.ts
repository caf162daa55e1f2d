import { and, desc, eq, gt } from 'drizzle-orm';
import { analyticsEvents } from '../../db/schema/analytics-events.js';
import { cookieConsent } from '../../db/schema/cookie-consent.js';
import type { Database } from '../../platform/db/database.js';

export type ConsentRow = typeof cookieConsent.$inferSelect;

/** Who a consent belongs to: a signed-in user, else a visitor's session id. */
export type ConsentOwner = { userId: string } | { sessionId: string };

function ownerCondition(owner: ConsentOwner) {
  return 'userId' in owner ? eq(cookieConsent.userId, owner.userId) : eq(cookieConsent.sessionId, owner.sessionId);
}

/** Spec §7: the newest unexpired record for the region and the owner. */
export async function findConsentInForce(db: Database, owner: ConsentOwner, regionCode: string, now: Date): Promise<ConsentRow | undefined> {
  const [row] = await db
    .select()
    .from(cookieConsent)
    .where(and(ownerCondition(owner), eq(cookieConsent.regionCode, regionCode), gt(cookieConsent.expiryDate, now)))
    .orderBy(desc(cookieConsent.createdAt))
    .limit(1);
  return row;
}

export async function insertConsent(db: Database, values: typeof cookieConsent.$inferInsert): Promise<ConsentRow> {
  const [row] = await db.insert(cookieConsent).values(values).returning();
  if (!row) throw new Error('consent insert returned nothing');
  return row;
}

export async function insertAnalyticsEvent(db: Database, values: typeof analyticsEvents.$inferInsert): Promise<void> {
  await db.insert(analyticsEvents).values(values);
}
