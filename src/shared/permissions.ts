import type { MembershipRole, Role } from './roles.js';

/**
 * Every permission the server knows. A route declares exactly one of these, or 'public'.
 * The two tables below are the only places that grant them.
 *
 * - account.*: what any signed-in person may do with their own account.
 * - appointments.self: booking and managing one's own appointments (anyone can be a patient).
 * - messages.self: one's own conversations with the people one has appointments with.
 * - appointments.manage: the practice's side of its organisation's appointments and hours.
 * - tenant.*: what a member may do inside the organisation their session acts in; granted by
 *   the membership role, and only while that membership is active. tenant.staff.read (the member
 *   list with its emails, and usage) is its staff's: not a plain `member`, which is what patients
 *   and family carers of an organisation are.
 * - platform.*: platform administration across organisations.
 */
export const PERMISSIONS = [
  'account.self',
  'appointments.self',
  'messages.self',
  'tenant.read',
  'tenant.staff.read',
  'appointments.manage',
  'tenant.manage',
  'tenant.members.manage',
  'audit.read',
  'platform.users.manage',
  'platform.enquiries.manage',
  'platform.providers.verify',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type RoutePermission = Permission | 'public';

/** Tenant permissions come from the membership, never from the platform role. */
export const TENANT_PERMISSIONS = ['tenant.read', 'tenant.staff.read', 'tenant.manage', 'tenant.members.manage', 'audit.read', 'appointments.manage'] as const satisfies readonly Permission[];
export type TenantPermission = (typeof TENANT_PERMISSIONS)[number];

/** Platform role → permissions anywhere. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  patient: ['account.self', 'appointments.self', 'messages.self'],
  family_carer: ['account.self', 'appointments.self', 'messages.self'],
  provider: ['account.self', 'appointments.self', 'messages.self'],
  allied_health: ['account.self', 'appointments.self', 'messages.self'],
  support_coordinator: ['account.self', 'appointments.self', 'messages.self'],
  practice_manager: ['account.self', 'appointments.self', 'messages.self'],
  organization_admin: ['account.self', 'appointments.self', 'messages.self'],
  admin: ['account.self', 'appointments.self', 'messages.self', 'platform.users.manage', 'platform.enquiries.manage', 'platform.providers.verify'],
};

/** Membership role → permissions inside that organisation. */
export const MEMBERSHIP_ROLE_PERMISSIONS: Record<MembershipRole, readonly TenantPermission[]> = {
  owner: ['tenant.read', 'tenant.staff.read', 'tenant.manage', 'tenant.members.manage', 'audit.read', 'appointments.manage'],
  admin: ['tenant.read', 'tenant.staff.read', 'tenant.manage', 'tenant.members.manage', 'audit.read', 'appointments.manage'],
  member: ['tenant.read'],
  provider: ['tenant.read', 'tenant.staff.read', 'appointments.manage'],
  allied_health: ['tenant.read', 'tenant.staff.read', 'appointments.manage'],
  support_coordinator: ['tenant.read', 'tenant.staff.read', 'appointments.manage'],
  practice_manager: ['tenant.read', 'tenant.staff.read', 'appointments.manage'],
};

export function isTenantPermission(permission: Permission): permission is TenantPermission {
  return (TENANT_PERMISSIONS as readonly Permission[]).includes(permission);
}

/**
 * The extra permissions recorded on a membership (granted with its invitation), keeping only
 * tenant permissions: a membership can never carry a platform permission, whatever is stored.
 */
export function membershipExtraPermissions(stored: readonly unknown[] | null | undefined): TenantPermission[] {
  return TENANT_PERMISSIONS.filter((p) => (stored ?? []).includes(p));
}

/**
 * Everything a person holds: their platform role's permissions plus their current membership's,
 * from its role and from the extra permissions recorded on it.
 */
export function effectivePermissions(
  role: Role,
  membershipRole: MembershipRole | null,
  membershipExtras: readonly unknown[] = [],
): Permission[] {
  const set = new Set<Permission>(ROLE_PERMISSIONS[role]);
  if (membershipRole) {
    for (const p of MEMBERSHIP_ROLE_PERMISSIONS[membershipRole]) set.add(p);
    for (const p of membershipExtraPermissions(membershipExtras)) set.add(p);
  }
  return PERMISSIONS.filter((p) => set.has(p));
}

export function roleHasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
