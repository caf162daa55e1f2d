import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database.js';

export interface TenantScope {
  db: Database;
  tenantId: string;
  /** The signed-in user acting in the tenant, when there is one. */
  userId?: string | null | undefined;
}

/**
 * Runs fn in a transaction as the unprivileged role app_user, with the tenant and user
 * set transaction-locally. Row-level security (enabled and forced on every tenant table)
 * then limits every statement to that tenant, on PGlite exactly as on a server.
 */
export function withTenant<T>(scope: TenantScope, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return asAppUser(scope.db, { tenantId: scope.tenantId, userId: scope.userId ?? null }, fn);
}

/**
 * The same role switch with explicit settings; a null tenant means "no tenant", which
 * matches no row of any tenant table. Exported for the tenancy tests and for public
 * reads that must also run under row-level security.
 */
export function asAppUser<T>(
  db: Database,
  settings: { tenantId: string | null; userId: string | null },
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await becomeAppUser(tx, settings);
    return fn(tx);
  });
}

/**
 * Switches a transaction the server's role began to app_user with these settings, for the rest of
 * the transaction. For the few changes that must first do, in the same transaction, something only
 * the server's role may (a review column), then go on under row-level security like any request.
 */
export async function becomeAppUser(tx: Transaction, settings: { tenantId: string | null; userId: string | null }): Promise<void> {
  // One statement: the settings and the role (set_config('role', …, true) is SET LOCAL ROLE), so
  // a transaction costs one round trip less. The role applies from the next statement on.
  await tx.execute(
    sql`select set_config('app.tenant_id', ${settings.tenantId ?? ''}, true), set_config('app.user_id', ${settings.userId ?? ''}, true), set_config('role', 'app_user', true)`,
  );
}
