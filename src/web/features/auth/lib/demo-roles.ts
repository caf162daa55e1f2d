import { DEMO_LOGIN_BUTTONS } from '~/shared/demo-accounts';
import type { Role } from '~/shared/roles';

/** The other four demo roles, after the spec's four buttons (spec §2 Login page, §3 Demo user). */
export const EXTRA_DEMO_ROLES = ['provider', 'family_carer', 'organization_admin', 'practice_manager'] as const satisfies readonly Role[];

/** Every demo role in the order the Demo Accounts tab shows its buttons. */
export const DEMO_TAB_ROLES: readonly Role[] = [...DEMO_LOGIN_BUTTONS, ...EXTRA_DEMO_ROLES];
