import type { Role } from './roles.js';

/**
 * Every permission the server knows. A route declares exactly one of these,
 * or 'public'. The table below is the only place that grants them.
 */
export const PERMISSIONS = ['audit.read', 'tenant.read', 'tenant.manage'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type RoutePermission = Permission | 'public';

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  patient: [],
  family_carer: [],
  provider: ['tenant.read'],
  allied_health: ['tenant.read'],
  support_coordinator: ['tenant.read'],
  practice_manager: ['tenant.read'],
  organization_admin: ['tenant.read', 'tenant.manage', 'audit.read'],
  admin: ['tenant.read', 'tenant.manage', 'audit.read'],
};

export function roleHasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
