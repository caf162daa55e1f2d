import { describe, expect, it } from 'vitest';
import { DEMO_LOGIN_BUTTONS } from '~/shared/demo-accounts';
import { ROLES } from '~/shared/roles';
import { DEMO_TAB_ROLES } from './demo-roles';

describe('DEMO_TAB_ROLES', () => {
  it("starts with the spec's four buttons in order, then the other four roles", () => {
    expect(DEMO_TAB_ROLES.slice(0, 4)).toEqual([...DEMO_LOGIN_BUTTONS]);
    expect(DEMO_TAB_ROLES).toEqual([
      'patient',
      'admin',
      'support_coordinator',
      'allied_health',
      'provider',
      'family_carer',
      'organization_admin',
      'practice_manager',
    ]);
  });

  it('has every role exactly once', () => {
    expect([...DEMO_TAB_ROLES].sort()).toEqual([...ROLES].sort());
  });
});
