import { randomBytes } from 'node:crypto';
import {
  CONSENT_VERSION,
  type AnalyticsEventRequest,
  type ConsentRecord,
  type SaveConsentRequest,
  consentExpiry,
} from '../../../shared/contracts/consent.js';
import type { RegionCode } from '../../../shared/regions.js';
import type { ServiceContext } from '../../platform/context.js';
import { type ConsentOwner, type ConsentRow, findConsentInForce, insertAnalyticsEvent, insertConsent } from './consent.repo.js';

/** A new visitor id: 128 random bits, URL-safe. */
export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

/** A visitor id as we issue them (anything else in the cookie is ignored). */
export function isVisitorId(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{22}$/.test(value);
}

function toRecord(row: ConsentRow): ConsentRecord {
  return {
    id: row.id,
    essential: true,
    functional: row.functionalCookies,
    analytics: row.analyticsCookies,
    marketing: row.marketingCookies,
    regionCode: row.regionCode as RegionCode,
    consentVersion: row.consentVersion,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiryDate.toISOString(),
  };
}

export async function readConsent(ctx: ServiceContext, owner: ConsentOwner | null, regionCode: RegionCode): Promise<ConsentRecord | null> {
  if (!owner) return null;
  const row = await findConsentInForce(ctx.db, owner, regionCode, ctx.now());
  return row ? toRecord(row) : null;
}

/**
 * Records a choice (spec §3): essential always on, the user when signed in else the visitor's
 * session id, version 1.0, the user agent, no IP address, expiring 12 months later. A new row
 * every time: the newest one is in force, and the history shows what was agreed when.
 */
export async function saveConsent(
  ctx: ServiceContext,
  owner: ConsentOwner,
  input: SaveConsentRequest,
  userAgent: string | undefined,
): Promise<ConsentRecord> {
  const now = ctx.now();
  const row = await insertConsent(ctx.db, {
    essentialCookies: true,
    functionalCookies: input.functional,
    analyticsCookies: input.analytics,
    marketingCookies: input.marketing,
    regionCode: input.regionCode,
    userId: 'userId' in owner ? owner.userId : null,
    sessionId: 'sessionId' in owner ? owner.sessionId : null,
    consentVersion: CONSENT_VERSION,
    ipAddress: null,
    userAgent: userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    expiryDate: consentExpiry(now),
  });
  return toRecord(row);
}

/** Stores an analytics event only when the caller's consent in force allows analytics. */
export async function recordAnalyticsEvent(
  ctx: ServiceContext,
  owner: ConsentOwner | null,
  input: AnalyticsEventRequest,
  userAgent: string | undefined,
): Promise<{ stored: boolean }> {
  if (!owner) return { stored: false };
  const consent = await findConsentInForce(ctx.db, owner, input.regionCode, ctx.now());
  if (!consent?.analyticsCookies) return { stored: false };
  const properties: Record<string, string | null> = { ...input.properties, userAgent: userAgent?.slice(0, 512) ?? null };
  await insertAnalyticsEvent(ctx.db, {
    type: input.type,
    userId: 'userId' in owner ? owner.userId : null,
    sessionId: 'sessionId' in owner ? owner.sessionId : null,
    properties,
  });
  return { stored: true };
}
