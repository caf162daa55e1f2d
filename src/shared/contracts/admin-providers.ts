import { z } from 'zod';
import { SPECIALTY_SLUGS } from '../specialties.js';

export const ADMIN_PROVIDERS_PAGE_SIZE = 20;
export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** GET /api/v1/admin/providers: the verification review list (pending first by default). */
export const AdminProvidersQuerySchema = z
  .object({
    status: z.enum(VERIFICATION_STATUSES).default('pending'),
    query: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type AdminProvidersQuery = z.infer<typeof AdminProvidersQuerySchema>;

/** A practice location as the review shows it: where the provider says they see patients. */
export const AdminProviderLocationSchema = z.object({
  name: z.string(),
  kind: z.string(),
  street: z.string().nullable(),
  suburb: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
});

/** A bookable service as the review shows it (price in minor units of its currency). */
export const AdminProviderServiceSchema = z.object({
  name: z.string(),
  mode: z.string(),
  durationMinutes: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
});

/**
 * What the review checks: everything the directory would publish (the claims a patient relies on:
 * qualifications, registration, NDIS registration, where and how they practise), not only a name.
 */
export const AdminProviderSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  specialty: z.enum(SPECIALTY_SLUGS),
  otherSpecialties: z.array(z.enum(SPECIALTY_SLUGS)),
  title: z.string(),
  bio: z.string(),
  languages: z.array(z.string()),
  conditions: z.array(z.string()),
  qualifications: z.array(z.string()),
  registrationNumber: z.string().nullable(),
  offersTelehealth: z.boolean(),
  offersInPerson: z.boolean(),
  ndisRegistered: z.boolean(),
  locations: z.array(AdminProviderLocationSchema),
  services: z.array(AdminProviderServiceSchema),
  regionCode: z.string(),
  organisation: z.string().nullable(),
  status: z.enum(VERIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminProvider = z.infer<typeof AdminProviderSchema>;

export const AdminProvidersPageSchema = z.object({ providers: z.array(AdminProviderSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type AdminProvidersPage = z.infer<typeof AdminProvidersPageSchema>;

/** POST /api/v1/admin/providers/{id}/decision: verify, or reject with a reason the provider is told. */
export const VerificationDecisionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('verified') }).strict(),
  z.object({ status: z.literal('rejected'), reason: z.string().trim().min(1).max(500) }).strict(),
]);
export type VerificationDecision = z.infer<typeof VerificationDecisionSchema>;
