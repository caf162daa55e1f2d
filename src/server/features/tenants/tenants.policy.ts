import type { MembershipRole } from '../../../shared/roles.js';

/**
 * Who may change whose membership: pure rules, no database. The service reads the facts (the
 * actor's and the target's roles, how many active owners there are) inside its transaction,
 * with the organisation's row locked, and asks these functions.
 *
 * - Only an owner may grant or take away the owner or admin role, remove an owner or an admin,
 *   or invite (or re-send an invitation) as admin. Owner is never an invitation's role.
 * - An organisation never loses its last active owner.
 */
export type PolicyRefusal = 'owner-required' | 'last-owner';
export type PolicyDecision = { allowed: true } | { allowed: false; reason: PolicyRefusal };

const PRIVILEGED: readonly MembershipRole[] = ['owner', 'admin'];
const ALLOWED: PolicyDecision = { allowed: true };
const refuse = (reason: PolicyRefusal): PolicyDecision => ({ allowed: false, reason });

export function isPrivilegedRole(role: MembershipRole): boolean {
  return PRIVILEGED.includes(role);
}

/** Owners and admins manage members and invitations (tenant.members.manage). */
export function canManageMembers(actorRole: MembershipRole): boolean {
  return isPrivilegedRole(actorRole);
}

export interface RoleChange {
  actorRole: MembershipRole;
  target: { role: MembershipRole; status: 'active' | 'suspended' };
  newRole: MembershipRole;
  /** Active owners of the organisation, the target included. */
  activeOwners: number;
}

export function decideRoleChange({ actorRole, target, newRole, activeOwners }: RoleChange): PolicyDecision {
  if (!canManageMembers(actorRole)) return refuse('owner-required');
  if (target.role === newRole) return ALLOWED;
  if ((isPrivilegedRole(target.role) || isPrivilegedRole(newRole)) && actorRole !== 'owner') return refuse('owner-required');
  if (target.role === 'owner' && target.status === 'active' && activeOwners <= 1) return refuse('last-owner');
  return ALLOWED;
}

export interface Removal {
  actorRole: MembershipRole;
  target: { role: MembershipRole; status: 'active' | 'suspended' };
  activeOwners: number;
}

export function decideRemoval({ actorRole, target, activeOwners }: Removal): PolicyDecision {
  if (!canManageMembers(actorRole)) return refuse('owner-required');
  if (isPrivilegedRole(target.role) && actorRole !== 'owner') return refuse('owner-required');
  if (target.role === 'owner' && target.status === 'active' && activeOwners <= 1) return refuse('last-owner');
  return ALLOWED;
}

/** Creating, re-sending or revoking an invitation that carries this role. */
export function decideInvitation(actorRole: MembershipRole, invitationRole: MembershipRole): PolicyDecision {
  if (!canManageMembers(actorRole)) return refuse('owner-required');
  if (isPrivilegedRole(invitationRole) && actorRole !== 'owner') return refuse('owner-required');
  return ALLOWED;
}
