import { z } from 'zod';
import { REGION_CODES } from '../regions.js';

/** Spec §9: the consent version recorded with every choice. */
export const CONSENT_VERSION = '1.0';
/** A choice lasts 12 months (spec §3 expiry_date). */
export const CONSENT_MONTHS = 12;
/** The essential cookie that ties a signed-out visitor to their consent record. */
export const VISITOR_COOKIE = 'tw_visitor';

export const CONSENT_CATEGORIES = ['essential', 'functional', 'analytics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

const RegionCodeSchema = z.enum(REGION_CODES);

export const ConsentQuerySchema = z.object({ region: RegionCodeSchema });

/** What a person chooses; essential is not a choice (always on). */
export const SaveConsentRequestSchema = z
  .object({
    regionCode: RegionCodeSchema,
    functional: z.boolean(),
    analytics: z.boolean(),
    marketing: z.boolean(),
  })
  .strict();
export type SaveConsentRequest = z.infer<typeof SaveConsentRequestSchema>;

/** The record of spec §3 (never the IP address, which is not stored). */
export const ConsentRecordSchema = z.object({
  id: z.uuid(),
  essential: z.literal(true),
  functional: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
  regionCode: RegionCodeSchema,
  consentVersion: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

export const ConsentResponseSchema = z.object({ consent: ConsentRecordSchema.nullable() });
export type ConsentResponse = z.infer<typeof ConsentResponseSchema>;

const Text = (max: number) => z.string().trim().max(max);

/** Spec §7 analytics properties; the user agent comes from the request header, never the body. */
export const AnalyticsPropertiesSchema = z
  .object({
    page: Text(500),
    referrer: Text(500).optional(),
    region: Text(10).optional(),
    regionName: Text(100).optional(),
    healthcareSystem: Text(100).optional(),
    complianceContext: Text(200).optional(),
    currency: Text(10).optional(),
    timezone: Text(100).optional(),
    language: Text(20).optional(),
    ctaType: Text(50).optional(),
    ctaText: Text(200).optional(),
    section: Text(50).optional(),
  })
  .strict();
export type AnalyticsProperties = z.infer<typeof AnalyticsPropertiesSchema>;

export const ANALYTICS_EVENT_TYPES = ['page_view', 'cta_click', 'region_detected'] as const;

export const AnalyticsEventRequestSchema = z
  .object({
    type: z.enum(ANALYTICS_EVENT_TYPES),
    regionCode: RegionCodeSchema,
    properties: AnalyticsPropertiesSchema,
  })
  .strict();
export type AnalyticsEventRequest = z.infer<typeof AnalyticsEventRequestSchema>;

export const AnalyticsEventResponseSchema = z.object({ stored: z.boolean() });

/** The expiry of a choice made at `at`: the same moment 12 months later. */
export function consentExpiry(at: Date): Date {
  const expiry = new Date(at.getTime());
  expiry.setUTCMonth(expiry.getUTCMonth() + CONSENT_MONTHS);
  return expiry;
}
