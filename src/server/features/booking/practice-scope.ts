import type { ActorContext } from '../../platform/context.js';
import type { Transaction } from '../../platform/db/database.js';
import { forbidden, notFound } from '../../platform/errors/domain-errors.js';
import { withTenant } from '../../platform/tenancy/with-tenant.js';
import { findLocation, findProfileOfUserIn, type LocationRow, type ProfileRow } from './practice-profile.repo.js';

/**
 * The practice's side always acts in the session's organisation, under its row-level security,
 * and a provider acts on their own profile there.
 */

export function tenantOf(ctx: ActorContext): { id: string } {
  if (!ctx.actor.tenant) throw forbidden('tenant.none-selected', 'Choose an organisation first.');
  return ctx.actor.tenant;
}

export function inTenant<T>(ctx: ActorContext, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return withTenant({ db: ctx.db, tenantId: tenantOf(ctx).id, userId: ctx.actor.userId }, fn);
}

export const noProfile = () => notFound('practice.no-profile', 'You have no provider profile in this organisation.');
/** A location that is not one of the signed-in provider's own (missing, or another's: the same answer). */
export const locationNotFound = () => notFound('practice.location-not-found', 'This location was not found.');

/** The signed-in provider's own profile in the session's organisation (404 when they have none). */
export async function ownProfile(ctx: ActorContext, tx: Transaction): Promise<ProfileRow> {
  const profile = await findProfileOfUserIn(tx, ctx.actor.userId, tenantOf(ctx).id);
  if (!profile) throw noProfile();
  return profile;
}

/** One of the signed-in provider's own locations, not archived, with their profile (404 otherwise). */
export async function ownLocation(ctx: ActorContext, tx: Transaction, locationId: string): Promise<{ profile: ProfileRow; location: LocationRow }> {
  const profile = await ownProfile(ctx, tx);
  const location = await findLocation(tx, locationId, profile.id);
  if (!location) throw locationNotFound();
  return { profile, location };
}

/** The SQLSTATE of a database error, from either driver (node-postgres or PGlite, possibly wrapped by Drizzle). */
export function sqlState(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const state = candidate?.cause?.code ?? candidate?.code;
  return typeof state === 'string' ? state : undefined;
}
