/** Platform roles of spec §1 and §6. */
export const ROLES = [
  'patient',
  'provider',
  'admin',
  'organization_admin',
  'practice_manager',
  'support_coordinator',
  'allied_health',
  'family_carer',
] as const;
export type Role = (typeof ROLES)[number];

/** Tenant plan tiers (spec §1, §9). */
export const PLAN_TYPES = ['starter', 'professional', 'enterprise', 'white_label'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const DEFAULT_PLAN_TYPE: PlanType = 'starter';
