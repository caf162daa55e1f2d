import type { DirectoryProfile, DirectoryProfileValues, OwnDirectoryProfile } from '../../../shared/contracts/practice-profile.js';
import type { VerificationStatus } from '../../../shared/contracts/admin-providers.js';
import { DEFAULT_REGION, getRegion, isRegionCode, type RegionCode } from '../../../shared/regions.js';
import { changeReturnsToReview, reviewedFieldsChanged } from '../../../shared/profile-review.js';
import { isSpecialtySlug, type SpecialtySlug } from '../../../shared/specialties.js';
import { recordAudit } from '../../platform/audit/audit.js';
import type { ActorContext } from '../../platform/context.js';
import type { Transaction } from '../../platform/db/database.js';
import { conflict, forbidden } from '../../platform/errors/domain-errors.js';
import { becomeAppUser } from '../../platform/tenancy/with-tenant.js';
import { noticeForReviewers } from '../providers/review-notices.js';
import { buildSearchDocument } from '../providers/search-document.js';
import { directoryPlaces, mayKeepDirectoryProfile, mayResubmitForReview, organisationRegion } from './practice-profile.policy.js';
import {
  findProfileById,
  findProfileOfUser,
  findProfileOfUserIn,
  insertProfile,
  listLocations,
  lockProfileOfUserIn,
  organisationRegionHints,
  reopenReview,
  returnToReview,
  updateProfile,
  type ProfileRow,
} from './practice-profile.repo.js';
import { inTenant, noProfile, ownProfile, sqlState, tenantOf } from './practice-scope.js';

/**
 * A provider's own directory profile in the session's organisation: created waiting for the
 * platform's review, then edited by them. The search document (and the full-text vector
 * PostgreSQL derives from it) follows every change, so the directory finds the new words.
 */

function regionOf(code: string): RegionCode {
  return isRegionCode(code) ? code : DEFAULT_REGION;
}

/** The organisation's currency, in which the provider's services are priced. */
export function currencyOf(profile: Pick<ProfileRow, 'regionCode'>): string {
  return getRegion(regionOf(profile.regionCode)).currency.code;
}

export function toDirectoryProfile(row: ProfileRow): DirectoryProfile {
  return {
    id: row.id,
    displayName: row.displayName,
    title: row.title,
    bio: row.bio,
    specialty: isSpecialtySlug(row.specialtySlug) ? row.specialtySlug : 'family-medicine',
    otherSpecialties: row.otherSpecialties.filter((s): s is SpecialtySlug => isSpecialtySlug(s)),
    languages: row.languages,
    conditions: row.conditions,
    qualifications: row.qualifications,
    registrationNumber: row.registrationNumber,
    offersTelehealth: row.offersTelehealth,
    offersInPerson: row.offersInPerson,
    acceptingNewPatients: row.acceptingNewPatients,
    ndisRegistered: row.ndisRegistered,
    verificationStatus: row.verificationStatus as VerificationStatus,
    rejectionReason: row.rejectionReason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    regionCode: regionOf(row.regionCode),
    currency: currencyOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The profile fields a provider states, as columns. */
function profileColumns(input: DirectoryProfileValues) {
  return {
    displayName: input.displayName,
    title: input.title,
    bio: input.bio,
    specialtySlug: input.specialty,
    otherSpecialties: input.otherSpecialties,
    languages: input.languages,
    conditions: input.conditions,
    qualifications: input.qualifications,
    registrationNumber: input.registrationNumber,
    offersTelehealth: input.offersTelehealth,
    offersInPerson: input.offersInPerson,
    // Left out of a change: what is saved stays (the booking rules set it too).
    ...(input.acceptingNewPatients === undefined ? {} : { acceptingNewPatients: input.acceptingNewPatients }),
    ndisRegistered: input.ndisRegistered,
  };
}

function searchDocumentOf(input: DirectoryProfileValues, cities: readonly string[]): string {
  return buildSearchDocument({
    displayName: input.displayName,
    title: input.title,
    specialtySlug: input.specialty,
    otherSpecialties: input.otherSpecialties,
    conditions: input.conditions,
    languages: input.languages,
    cities,
    bio: input.bio,
  });
}

async function audit(ctx: ActorContext, tx: Transaction, action: string, profileId: string, metadata: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(tx, { action, tenantId: tenantOf(ctx).id, actorUserId: ctx.actor.userId, targetType: 'provider', targetId: profileId, requestId: ctx.requestId, clientIp: ctx.clientIp, metadata });
}

export async function getOwnProfile(ctx: ActorContext): Promise<OwnDirectoryProfile> {
  return inTenant(ctx, async (tx) => {
    const row = await findProfileOfUserIn(tx, ctx.actor.userId, tenantOf(ctx).id);
    return { profile: row ? toDirectoryProfile(row) : null };
  });
}

/**
 * Creates the signed-in professional's profile in the session's organisation, waiting for
 * review (listed for platform admins, not in the public directory). One profile per person.
 */
export async function createProfile(ctx: ActorContext, input: DirectoryProfileValues): Promise<DirectoryProfile> {
  if (!mayKeepDirectoryProfile(ctx.actor.role)) throw forbidden('practice.not-a-provider', 'Only providers keep a directory profile.');
  const tenantId = tenantOf(ctx).id;
  const alreadyHere = () => conflict('practice.profile-exists', 'You already have a profile in this organisation.');
  try {
    return await inTenant(ctx, async (tx) => {
      const existing = await findProfileOfUser(tx, ctx.actor.userId);
      if (existing) {
        throw existing.tenantId === tenantId
          ? alreadyHere()
          : conflict('practice.profile-in-other-organisation', 'Your directory profile belongs to another organisation.');
      }
      const hints = await organisationRegionHints(tx, tenantId);
      const id = await insertProfile(tx, {
        ...profileColumns(input),
        acceptingNewPatients: input.acceptingNewPatients ?? true,
        userId: ctx.actor.userId,
        tenantId,
        regionCode: organisationRegion({ ...hints, person: ctx.actor.region }),
        latitude: null,
        longitude: null,
        searchDocument: searchDocumentOf(input, []),
        nextAvailableStale: true,
      });
      await audit(ctx, tx, 'practice.profile-created', id, { specialty: input.specialty });
      await noticeForReviewers(tx, { id, displayName: input.displayName }, false);
      return toDirectoryProfile((await findProfileById(tx, id))!);
    });
  } catch (error) {
    // Two creates at once: the second meets the unique person.
    if (sqlState(error) === '23505') throw alreadyHere();
    throw error;
  }
}

/**
 * Saves the provider's changes. A verified or rejected profile whose name, registration number,
 * qualifications, specialty or NDIS registration changes goes back to the platform's review
 * (pending: out of the public directory, in the admins' waiting list, admins told in the app),
 * audited as `practice.profile-returned-to-review`; other changes keep the review's status.
 *
 * The review columns are not the application role's to write (see `reopenReview`), so the
 * transaction begins on the server's connection: it locks the provider's profile (found by the
 * signed-in person and the session's organisation, so an admin's decision waits for this change
 * and cannot verify what is being replaced), reopens the review when the change calls for it, then
 * switches to the provider under row-level security for the change itself. One commit for both.
 */
export async function updateOwnProfile(ctx: ActorContext, input: DirectoryProfileValues): Promise<DirectoryProfile> {
  const tenantId = tenantOf(ctx).id;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockProfileOfUserIn(tx, ctx.actor.userId, tenantId);
    if (!before) throw noProfile();
    const status = before.verificationStatus as VerificationStatus;
    const reviewedChanges = reviewedFieldsChanged(toDirectoryProfile(before), input);
    const backToReview = changeReturnsToReview(status, reviewedChanges) && (await reopenReview(tx, before, now));
    if (backToReview) await noticeForReviewers(tx, { id: before.id, displayName: input.displayName }, true);

    await becomeAppUser(tx, { tenantId, userId: ctx.actor.userId });
    const profile = await ownProfile(ctx, tx);
    const { cities } = directoryPlaces(await listLocations(tx, profile.id));
    const columns = profileColumns(input);
    await updateProfile(tx, profile.id, { ...columns, searchDocument: searchDocumentOf(input, cities), updatedAt: now });
    const changed = Object.entries(columns)
      .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(profile[key as keyof typeof columns]))
      .map(([key]) => key);
    await audit(ctx, tx, 'practice.profile-updated', profile.id, { fields: changed });
    if (backToReview) {
      await audit(ctx, tx, 'practice.profile-returned-to-review', profile.id, {
        previousStatus: status,
        fields: reviewedChanges,
        previousReason: before.rejectionReason,
        reviewedAt: before.reviewedAt?.toISOString() ?? null,
      });
    }
    return toDirectoryProfile((await findProfileById(tx, profile.id))!);
  });
}

/**
 * Sends the provider's rejected profile back to the platform's review: pending again, listed for
 * platform admins, the rejection's reason no longer current (the audit trail keeps it: the
 * admin's `provider.rejected` event and this one's `previousReason`). Only the profile's own
 * provider, in its organisation, and only from rejected: anything else is 409
 * `practice.not-rejected`. The review columns are not the application role's to write (see
 * `returnToReview`), so this runs on the server's connection, naming the person and the
 * session's organisation itself, with the profile locked against a concurrent decision.
 */
export async function resubmitOwnProfile(ctx: ActorContext): Promise<DirectoryProfile> {
  const tenantId = tenantOf(ctx).id;
  return ctx.db.transaction(async (tx) => {
    const profile = await lockProfileOfUserIn(tx, ctx.actor.userId, tenantId);
    if (!profile) throw noProfile();
    const notRejected = () =>
      conflict('practice.not-rejected', 'Only a profile that was not approved can be submitted for review again.', { verificationStatus: profile.verificationStatus });
    if (!mayResubmitForReview(profile.verificationStatus)) throw notRejected();
    if (!(await returnToReview(tx, profile, ctx.now()))) throw notRejected();
    await audit(ctx, tx, 'practice.profile-resubmitted', profile.id, { previousReason: profile.rejectionReason, reviewedAt: profile.reviewedAt?.toISOString() ?? null });
    await noticeForReviewers(tx, { id: profile.id, displayName: profile.displayName }, true);
    return toDirectoryProfile((await findProfileById(tx, profile.id))!);
  });
}

/**
 * After the provider's practices change: the cities search finds them by, the point distances
 * are measured from, and a recomputation of their first free time.
 */
export async function refreshDirectoryFields(ctx: ActorContext, tx: Transaction, profile: ProfileRow): Promise<void> {
  const places = directoryPlaces(await listLocations(tx, profile.id));
  await updateProfile(tx, profile.id, {
    searchDocument: buildSearchDocument({
      displayName: profile.displayName,
      title: profile.title,
      specialtySlug: profile.specialtySlug,
      otherSpecialties: profile.otherSpecialties,
      conditions: profile.conditions,
      languages: profile.languages,
      cities: places.cities,
      bio: profile.bio,
    }),
    latitude: places.point?.latitude ?? null,
    longitude: places.point?.longitude ?? null,
    nextAvailableStale: true,
    updatedAt: ctx.now(),
  });
}
