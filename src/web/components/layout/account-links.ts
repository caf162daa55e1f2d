import { Building2, LayoutDashboard, type LucideIcon, Settings } from 'lucide-react';
import type { SessionState } from '~/shared/contracts/auth';

export const FIND_PROVIDERS_PATH = '/providers';

type AccountLinkLabel = 'header.dashboard' | 'header.settings' | 'header.manageTenants' | 'header.createTenant';

export interface AccountLink {
  to: string;
  labelKey: AccountLinkLabel;
  icon: LucideIcon;
}

/**
 * The signed-in account links (spec §2): Dashboard, Settings (/profile) and Manage Tenants,
 * which reads Create Tenant when the person has no current organisation.
 */
export function accountLinks(session: Pick<SessionState, 'currentTenant'>): AccountLink[] {
  return [
    { to: '/dashboard', labelKey: 'header.dashboard', icon: LayoutDashboard },
    { to: '/profile', labelKey: 'header.settings', icon: Settings },
    {
      to: '/tenant/manage',
      labelKey: session.currentTenant ? 'header.manageTenants' : 'header.createTenant',
      icon: Building2,
    },
  ];
}

/** Spec §2, §6: Find Providers is in the mobile menu for signed-in patients only. */
export function showsFindProviders(session: Pick<SessionState, 'user'> | null): boolean {
  return session?.user.role === 'patient';
}
