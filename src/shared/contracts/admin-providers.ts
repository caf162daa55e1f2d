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

export const AdminProviderSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  specialty: z.enum(SPECIALTY_SLUGS),
  title: z.string(),
  qualifications: z.array(z.string()),
  registrationNumber: z.string().nullable(),
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
