import type { Role } from './roles.js';

/** Fixed ids of the eight demo accounts (spec §3 Demo user: one fixed id per role). */
export const DEMO_USER_IDS: Record<Role, string> = {
  patient: '00000000-0000-4000-a000-000000000001',
  admin: '00000000-0000-4000-a000-000000000002',
  support_coordinator: '00000000-0000-4000-a000-000000000003',
  allied_health: '00000000-0000-4000-a000-000000000004',
  provider: '00000000-0000-4000-a000-000000000005',
  family_carer: '00000000-0000-4000-a000-000000000006',
  organization_admin: '00000000-0000-4000-a000-000000000007',
  practice_manager: '00000000-0000-4000-a000-000000000008',
};

/** The demo organisation every demo account belongs to. */
export const DEMO_TENANT_SLUG = 'harbourview-allied-health';
export const DEMO_EMAIL_DOMAIN = 'demo.tendwell.app';

/** The four buttons of the login page's Demo Accounts tab (spec §2), in order. */
export const DEMO_LOGIN_BUTTONS = ['patient', 'admin', 'support_coordinator', 'allied_health'] as const satisfies readonly Role[];
