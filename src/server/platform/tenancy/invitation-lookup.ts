import { eq } from 'drizzle-orm';
import { tenantInvitations } from '../../db/schema/tenant-memberships.js';
import type { Database } from '../db/database.js';

export interface InvitationByToken {
  id: string;
  tenantId: string;
  email: string;
  role: string;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * The one read of an invitation outside its organisation's row-level security: the person holding
 * the emailed link is not a member yet, so under app_user the row is invisible to them. It runs as
 * the connection's own role, finds at most one row by the SHA-256 of the token, and returns only
 * what is needed to decide validity and which organisation to continue in. Everything after it
 * (reading the organisation, creating the membership, marking the invitation accepted) runs
 * under withTenant of that organisation.
 */
export async function findInvitationByTokenHash(db: Database, tokenHash: string): Promise<InvitationByToken | null> {
  const [row] = await db
    .select({
      id: tenantInvitations.id,
      tenantId: tenantInvitations.tenantId,
      email: tenantInvitations.email,
      role: tenantInvitations.role,
      expiresAt: tenantInvitations.expiresAt,
      acceptedAt: tenantInvitations.acceptedAt,
      revokedAt: tenantInvitations.revokedAt,
    })
    .from(tenantInvitations)
    .where(eq(tenantInvitations.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}
