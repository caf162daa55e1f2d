import { z } from 'zod';
import { SPECIALTY_SLUGS } from '../specialties.js';

export const SpecialtySummarySchema = z.object({
  slug: z.enum(SPECIALTY_SLUGS),
  /** Verified providers practising it. */
  providerCount: z.number().int().nonnegative(),
});
export type SpecialtySummary = z.infer<typeof SpecialtySummarySchema>;

export const SpecialtyListSchema = z.object({ specialties: z.array(SpecialtySummarySchema) });
export type SpecialtyList = z.infer<typeof SpecialtyListSchema>;
