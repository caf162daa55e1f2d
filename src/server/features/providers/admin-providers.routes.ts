import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import {
  ADMIN_PROVIDERS_PAGE_SIZE,
  AdminProviderSchema,
  AdminProvidersPageSchema,
  AdminProvidersQuerySchema,
  VerificationDecisionSchema,
  type AdminProvider,
  type AdminProvidersPage,
  type AdminProvidersQuery,
  type VerificationDecision,
} from '../../../shared/contracts/admin-providers.js';
import { ProviderIdParamsSchema } from '../../../shared/contracts/providers.js';
import { isSpecialtySlug } from '../../../shared/specialties.js';
import { users } from '../../db/schema/auth.js';
import { locationAddressColumns, providerLocations, providerServices } from '../../db/schema/booking.js';
import { providerProfiles } from '../../db/schema/specialties.js';
import { tenants } from '../../db/schema/tenants.js';
import { recordAudit } from '../../platform/audit/audit.js';
import type { ActorContext } from '../../platform/context.js';
import type { Queryable } from '../../platform/db/database.js';
import { notFound } from '../../platform/errors/domain-errors.js';
import type { ContextFactory } from '../../platform/http/request-context.js';
import { emailDecision, noticeOfDecision } from './review-notices.js';

/**
 * The platform's verification review (platform admins, 'platform.providers.verify'): a provider
 * is listed publicly only once verified. Platform administration works across organisations, so
 * it reads and decides with the platform's connection, as the user administration does; every
 * decision is audited in the provider's organisation.
 */
function select(db: Queryable) {
  return db
    .select({ p: providerProfiles, email: users.email, organisation: tenants.name })
    .from(providerProfiles)
    .innerJoin(users, eq(users.id, providerProfiles.userId))
    .leftJoin(tenants, eq(tenants.id, providerProfiles.tenantId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
type Details = Pick<AdminProvider, 'locations' | 'services'>;

/** The current practice locations and active services of the listed providers, in their own order. */
async function detailsOf(db: Queryable, ids: string[]): Promise<Map<string, Details>> {
  const details = new Map<string, Details>(ids.map((id) => [id, { locations: [], services: [] }]));
  if (ids.length === 0) return details;
  const [locations, services] = await Promise.all([
    db
      .select({
        providerId: providerLocations.providerId,
        ...locationAddressColumns,
      })
      .from(providerLocations)
      .where(and(inArray(providerLocations.providerId, ids), isNull(providerLocations.archivedAt)))
      .orderBy(asc(providerLocations.sortOrder), asc(providerLocations.createdAt)),
    db
      .select({
        providerId: providerServices.providerId,
        name: providerServices.name,
        mode: providerServices.mode,
        durationMinutes: providerServices.durationMinutes,
        priceMinor: providerServices.priceMinor,
        currency: providerServices.currency,
      })
      .from(providerServices)
      .where(and(inArray(providerServices.providerId, ids), eq(providerServices.active, true)))
      .orderBy(asc(providerServices.sortOrder), asc(providerServices.createdAt)),
  ]);
  for (const { providerId, ...location } of locations) details.get(providerId)?.locations.push(location);
  for (const { providerId, ...service } of services) details.get(providerId)?.services.push(service);
  return details;
}

function toAdmin(row: Row, details: Details | undefined): AdminProvider {
  const p = row.p;
  return {
    id: p.id,
    displayName: p.displayName,
    email: row.email,
    specialty: isSpecialtySlug(p.specialtySlug) ? p.specialtySlug : 'family-medicine',
    otherSpecialties: p.otherSpecialties.filter(isSpecialtySlug),
    title: p.title,
    bio: p.bio,
    languages: p.languages,
    conditions: p.conditions,
    qualifications: p.qualifications,
    registrationNumber: p.registrationNumber,
    offersTelehealth: p.offersTelehealth,
    offersInPerson: p.offersInPerson,
    ndisRegistered: p.ndisRegistered,
    locations: details?.locations ?? [],
    services: details?.services ?? [],
    regionCode: p.regionCode,
    organisation: row.organisation,
    status: p.verificationStatus as AdminProvider['status'],
    rejectionReason: p.rejectionReason,
    reviewedAt: p.reviewedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function listForReview(ctx: ActorContext, query: AdminProvidersQuery): Promise<AdminProvidersPage> {
  const text = query.query ? `%${query.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(eq(providerProfiles.verificationStatus, query.status), text ? or(ilike(providerProfiles.displayName, text), ilike(users.email, text)) : undefined);
  const rows = await select(ctx.db)
    .where(where)
    .orderBy(query.status === 'pending' ? providerProfiles.createdAt : desc(providerProfiles.reviewedAt), providerProfiles.id)
    .limit(ADMIN_PROVIDERS_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PROVIDERS_PAGE_SIZE);
  const [total] = await ctx.db.select({ n: count() }).from(providerProfiles).innerJoin(users, eq(users.id, providerProfiles.userId)).where(where);
  const details = await detailsOf(ctx.db, rows.map((r) => r.p.id));
  return { providers: rows.map((r) => toAdmin(r, details.get(r.p.id))), page: query.page, pageSize: ADMIN_PROVIDERS_PAGE_SIZE, total: Number(total?.n ?? 0) };
}

/**
 * Verifies or rejects a profile. The profile, the person's professional standing, the audit event
 * and the provider's in-app notice commit together; the provider's email follows the commit.
 */
export async function decide(ctx: ActorContext, id: string, decision: VerificationDecision): Promise<AdminProvider> {
  const now = ctx.now();
  const { result, provider } = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(providerProfiles)
      .set({
        verificationStatus: decision.status,
        rejectionReason: decision.status === 'rejected' ? decision.reason : null,
        reviewedAt: now,
        reviewedBy: ctx.actor.userId,
        nextAvailableStale: true,
        updatedAt: now,
      })
      .where(eq(providerProfiles.id, id))
      .returning({ id: providerProfiles.id, tenantId: providerProfiles.tenantId, userId: providerProfiles.userId, displayName: providerProfiles.displayName });
    if (!updated) throw notFound('providers.not-found', 'This provider was not found.');
    // The person's professional standing follows their profile's review.
    const [person] = await tx
      .update(users)
      .set({ professionalStatus: decision.status, updatedAt: now })
      .where(eq(users.id, updated.userId))
      .returning({ email: users.email, name: users.name, locale: users.locale });
    await recordAudit(tx, {
      action: `provider.${decision.status}`,
      tenantId: updated.tenantId,
      actorUserId: ctx.actor.userId,
      targetType: 'provider',
      targetId: id,
      requestId: ctx.requestId,
      clientIp: ctx.clientIp,
      metadata: decision.status === 'rejected' ? { reason: decision.reason } : {},
    });
    await noticeOfDecision(tx, updated.userId, updated.displayName, decision);
    const [row] = await select(tx).where(eq(providerProfiles.id, id));
    const details = await detailsOf(tx, [id]);
    return { result: toAdmin(row!, details.get(id)), provider: person };
  });
  if (provider) await emailDecision(ctx, provider, decision);
  return result;
}

export const adminProvidersRoutes: FastifyPluginAsyncZod<{ context: ContextFactory }> = async (app, { context }) => {
  app.get(
    '/api/v1/admin/providers',
    {
      config: { permission: 'platform.providers.verify' },
      schema: { tags: ['admin'], summary: 'Providers by verification status (pending first, oldest first)', querystring: AdminProvidersQuerySchema, response: { 200: AdminProvidersPageSchema } },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listForReview(await context.withActor(request), request.query)),
  );
  app.post(
    '/api/v1/admin/providers/:id/decision',
    {
      config: { permission: 'platform.providers.verify' },
      schema: { tags: ['admin'], summary: 'Verify a provider (listed publicly) or reject them with a reason', params: ProviderIdParamsSchema, body: VerificationDecisionSchema, response: { 200: AdminProviderSchema } },
    },
    async (request) => decide(await context.withActor(request), request.params.id, request.body),
  );
};
