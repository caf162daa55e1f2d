import type { ServiceMode } from '../../../shared/contracts/providers.js';
import type { PracticeService, PracticeServiceList, PracticeServiceValues } from '../../../shared/contracts/practice-profile.js';
import { recordAudit } from '../../platform/audit/audit.js';
import type { ActorContext } from '../../platform/context.js';
import type { Transaction } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/errors/domain-errors.js';
import { currencyOf } from './practice-profile.service.js';
import {
  deleteService,
  findService,
  insertService,
  listServices,
  nextServiceSortOrder,
  updateProfile,
  updateService,
  type ProfileRow,
  type ServiceWithUse,
} from './practice-profile.repo.js';
import { inTenant, ownProfile, sqlState, tenantOf } from './practice-scope.js';

/**
 * What a provider offers: their own services in the session's organisation, priced in its
 * currency. A service appointments have used is deactivated (no longer bookable) rather than
 * deleted; every change makes the directory recompute the provider's first free time.
 */

function toPracticeService({ s, inUse }: ServiceWithUse): PracticeService {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    mode: s.mode as ServiceMode,
    durationMinutes: s.durationMinutes,
    priceMinor: s.priceMinor,
    currency: s.currency,
    bufferBeforeMinutes: s.bufferBeforeMinutes,
    bufferAfterMinutes: s.bufferAfterMinutes,
    active: s.active,
    inUse,
  };
}

async function audit(ctx: ActorContext, tx: Transaction, action: string, profileId: string, metadata: Record<string, unknown>): Promise<void> {
  await recordAudit(tx, { action, tenantId: tenantOf(ctx).id, actorUserId: ctx.actor.userId, targetType: 'provider', targetId: profileId, requestId: ctx.requestId, clientIp: ctx.clientIp, metadata });
}

async function ownService(ctx: ActorContext, tx: Transaction, serviceId: string): Promise<{ profile: ProfileRow; service: ServiceWithUse }> {
  const profile = await ownProfile(ctx, tx);
  const service = await findService(tx, serviceId, profile.id);
  if (!service) throw notFound('practice.service-not-found', 'This service was not found.');
  return { profile, service };
}

function serviceColumns(input: PracticeServiceValues, profile: ProfileRow, now: Date) {
  return {
    name: input.name,
    description: input.description,
    mode: input.mode,
    durationMinutes: input.durationMinutes,
    bufferBeforeMinutes: input.bufferBeforeMinutes,
    bufferAfterMinutes: input.bufferAfterMinutes,
    priceMinor: input.priceMinor,
    currency: currencyOf(profile),
    active: input.active,
    updatedAt: now,
  };
}

export async function listOwnServices(ctx: ActorContext): Promise<PracticeServiceList> {
  return inTenant(ctx, async (tx) => {
    const profile = await ownProfile(ctx, tx);
    return { currency: currencyOf(profile), services: (await listServices(tx, profile.id)).map(toPracticeService) };
  });
}

export async function createService(ctx: ActorContext, input: PracticeServiceValues): Promise<PracticeService> {
  return inTenant(ctx, async (tx) => {
    const profile = await ownProfile(ctx, tx);
    const id = await insertService(tx, {
      ...serviceColumns(input, profile, ctx.now()),
      tenantId: tenantOf(ctx).id,
      providerId: profile.id,
      sortOrder: await nextServiceSortOrder(tx, profile.id),
    });
    await updateProfile(tx, profile.id, { nextAvailableStale: true });
    await audit(ctx, tx, 'practice.service-created', profile.id, { serviceId: id, name: input.name, mode: input.mode, active: input.active });
    return toPracticeService((await findService(tx, id, profile.id))!);
  });
}

export async function updateOwnService(ctx: ActorContext, serviceId: string, input: PracticeServiceValues): Promise<PracticeService> {
  return inTenant(ctx, async (tx) => {
    const { profile, service } = await ownService(ctx, tx, serviceId);
    await updateService(tx, serviceId, serviceColumns(input, profile, ctx.now()));
    await updateProfile(tx, profile.id, { nextAvailableStale: true });
    const action = service.s.active && !input.active ? 'practice.service-deactivated' : !service.s.active && input.active ? 'practice.service-reactivated' : 'practice.service-updated';
    await audit(ctx, tx, action, profile.id, { serviceId, name: input.name });
    return toPracticeService((await findService(tx, serviceId, profile.id))!);
  });
}

/** Deletes a service nobody has booked; one with appointments can only be deactivated (409). */
export async function deleteOwnService(ctx: ActorContext, serviceId: string): Promise<void> {
  const inUse = () => conflict('practice.service-in-use', 'Appointments use this service: deactivate it instead.');
  try {
    await inTenant(ctx, async (tx) => {
      const { profile, service } = await ownService(ctx, tx, serviceId);
      if (service.inUse) throw inUse();
      await deleteService(tx, serviceId);
      await updateProfile(tx, profile.id, { nextAvailableStale: true });
      await audit(ctx, tx, 'practice.service-deleted', profile.id, { serviceId, name: service.s.name });
    });
  } catch (error) {
    // Booked between the check and the delete: the appointment's foreign key keeps the service.
    if (sqlState(error) === '23503') throw inUse();
    throw error;
  }
}
