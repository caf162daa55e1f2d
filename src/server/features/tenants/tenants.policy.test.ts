import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_ROLES, type MembershipRole } from '../../../shared/roles.js';
import { canManageMembers, decideInvitation, decideRemoval, decideRoleChange } from './tenants.policy.js';

const active = (role: MembershipRole) => ({ role, status: 'active' as const });
const NON_PRIVILEGED = MEMBERSHIP_ROLES.filter((r) => r !== 'owner' && r !== 'admin');

describe('canManageMembers', () => {
  it('is true for owners and admins only', () => {
    expect(MEMBERSHIP_ROLES.filter(canManageMembers)).toEqual(['owner', 'admin']);
  });
});

describe('decideRoleChange', () => {
  it('lets an admin move people between the ordinary roles', () => {
    for (const from of NON_PRIVILEGED) {
      for (const to of NON_PRIVILEGED) {
        expect(decideRoleChange({ actorRole: 'admin', target: active(from), newRole: to, activeOwners: 1 })).toEqual({ allowed: true });
      }
    }
  });

  it('keeps granting and taking away owner or admin for owners', () => {
    expect(decideRoleChange({ actorRole: 'admin', target: active('member'), newRole: 'admin', activeOwners: 1 })).toEqual({ allowed: false, reason: 'owner-required' });
    expect(decideRoleChange({ actorRole: 'admin', target: active('member'), newRole: 'owner', activeOwners: 1 })).toEqual({ allowed: false, reason: 'owner-required' });
    expect(decideRoleChange({ actorRole: 'admin', target: active('admin'), newRole: 'member', activeOwners: 1 })).toEqual({ allowed: false, reason: 'owner-required' });
    expect(decideRoleChange({ actorRole: 'admin', target: active('owner'), newRole: 'member', activeOwners: 2 })).toEqual({ allowed: false, reason: 'owner-required' });
    expect(decideRoleChange({ actorRole: 'owner', target: active('member'), newRole: 'admin', activeOwners: 1 })).toEqual({ allowed: true });
    expect(decideRoleChange({ actorRole: 'owner', target: active('admin'), newRole: 'owner', activeOwners: 1 })).toEqual({ allowed: true });
  });

  it('never demotes the last active owner, but a second owner may step down', () => {
    expect(decideRoleChange({ actorRole: 'owner', target: active('owner'), newRole: 'admin', activeOwners: 1 })).toEqual({ allowed: false, reason: 'last-owner' });
    expect(decideRoleChange({ actorRole: 'owner', target: active('owner'), newRole: 'admin', activeOwners: 2 })).toEqual({ allowed: true });
    // A suspended owner is not the one keeping the organisation owned.
    expect(decideRoleChange({ actorRole: 'owner', target: { role: 'owner', status: 'suspended' }, newRole: 'member', activeOwners: 1 })).toEqual({ allowed: true });
  });

  it('treats an unchanged role as allowed for managers and refuses everyone else', () => {
    expect(decideRoleChange({ actorRole: 'admin', target: active('owner'), newRole: 'owner', activeOwners: 1 })).toEqual({ allowed: true });
    for (const actorRole of NON_PRIVILEGED) {
      expect(decideRoleChange({ actorRole, target: active('member'), newRole: 'provider', activeOwners: 1 })).toEqual({ allowed: false, reason: 'owner-required' });
    }
  });
});

describe('decideRemoval', () => {
  it('lets admins remove ordinary members and only owners remove owners or admins', () => {
    for (const role of NON_PRIVILEGED) expect(decideRemoval({ actorRole: 'admin', target: active(role), activeOwners: 1 })).toEqual({ allowed: true });
    expect(decideRemoval({ actorRole: 'admin', target: active('admin'), activeOwners: 1 })).toEqual({ allowed: false, reason: 'owner-required' });
    expect(decideRemoval({ actorRole: 'admin', target: active('owner'), activeOwners: 2 })).toEqual({ allowed: false, reason: 'owner-required' });
    expect(decideRemoval({ actorRole: 'owner', target: active('admin'), activeOwners: 1 })).toEqual({ allowed: true });
  });

  it('never removes the last active owner', () => {
    expect(decideRemoval({ actorRole: 'owner', target: active('owner'), activeOwners: 1 })).toEqual({ allowed: false, reason: 'last-owner' });
    expect(decideRemoval({ actorRole: 'owner', target: active('owner'), activeOwners: 2 })).toEqual({ allowed: true });
  });
});

describe('decideInvitation', () => {
  it('lets admins invite ordinary roles and keeps admin invitations for owners', () => {
    for (const role of NON_PRIVILEGED) expect(decideInvitation('admin', role)).toEqual({ allowed: true });
    expect(decideInvitation('admin', 'admin')).toEqual({ allowed: false, reason: 'owner-required' });
    expect(decideInvitation('owner', 'admin')).toEqual({ allowed: true });
    expect(decideInvitation('member', 'member')).toEqual({ allowed: false, reason: 'owner-required' });
  });
});
