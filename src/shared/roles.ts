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

/** Roles a person may choose when signing up (admin and organization_admin are granted, never chosen). */
export const SELF_SERVICE_ROLES = [
  'patient',
  'provider',
  'allied_health',
  'support_coordinator',
  'family_carer',
  'practice_manager',
] as const satisfies readonly Role[];
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

/** Professionals start unverified until a platform admin verifies them. */
export const PROFESSIONAL_ROLES = [
  'provider',
  'allied_health',
  'support_coordinator',
  'practice_manager',
] as const satisfies readonly Role[];
export const PROFESSIONAL_STATUSES = ['not_applicable', 'unverified', 'verified', 'rejected'] as const;
export type ProfessionalStatus = (typeof PROFESSIONAL_STATUSES)[number];

export function isProfessionalRole(role: Role): boolean {
  return (PROFESSIONAL_ROLES as readonly Role[]).includes(role);
}

/**
 * Staff roles: a session of theirs ends after the idle lifetime (SESSION_IDLE_MINUTES_STAFF),
 * and a tenant's "require MFA for staff" applies to them.
 */
export const STAFF_ROLES = [
  'provider',
  'admin',
  'organization_admin',
  'practice_manager',
  'support_coordinator',
  'allied_health',
] as const satisfies readonly Role[];
export function isStaffRole(role: Role): boolean {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

/** Where each role lands after signing in (spec §2 Login page; the others on their own dashboards). */
export const ROLE_LANDING_PATHS: Record<Role, string> = {
  patient: '/dashboard',
  admin: '/admin/unified-dashboard',
  support_coordinator: '/ndis/support-coordination',
  allied_health: '/allied-health/dashboard',
  provider: '/provider/dashboard',
  family_carer: '/carer/dashboard',
  organization_admin: '/admin/dashboard',
  practice_manager: '/pmgr/ndis',
};

/** Roles inside one organisation (spec §3 Tenant membership): owner for the creator. */
export const MEMBERSHIP_ROLES = [
  'owner',
  'admin',
  'member',
  'provider',
  'allied_health',
  'support_coordinator',
  'practice_manager',
] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];
/** Roles an invitation may carry: anything but owner (there is one owner, the creator). */
export const INVITABLE_MEMBERSHIP_ROLES = MEMBERSHIP_ROLES.filter(
  (r): r is Exclude<MembershipRole, 'owner'> => r !== 'owner',
);
export type InvitableMembershipRole = (typeof INVITABLE_MEMBERSHIP_ROLES)[number];
/** Membership roles whose holders count as an organisation's staff. */
export const STAFF_MEMBERSHIP_ROLES: readonly MembershipRole[] = [
  'owner',
  'admin',
  'provider',
  'allied_health',
  'support_coordinator',
  'practice_manager',
];

/** Tenant plan tiers (spec §1, §9). */
export const PLAN_TYPES = ['starter', 'professional', 'enterprise', 'white_label'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const DEFAULT_PLAN_TYPE: PlanType = 'starter';
