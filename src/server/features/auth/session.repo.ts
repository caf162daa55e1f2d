import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/auth.js';
import type { Database } from '../../platform/db/database.js';

export async function setSessionTenant(db: Database, sessionId: string, tenantId: string | null): Promise<void> {
  await db.update(sessions).set({ activeTenantId: tenantId }).where(eq(sessions.id, sessionId));
}

