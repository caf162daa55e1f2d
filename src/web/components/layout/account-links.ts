import { Building2, LayoutDashboard, type LucideIcon, Settings, Stethoscope } from 'lucide-react';
import type { SessionState } from '~/shared/contracts/auth';
import { isProfessionalRole } from '~/shared/roles';

export const FIND_PROVIDERS_PATH = '/providers';

type AccountLinkLabel = 'header.dashboard' | 'header.directoryProfile' | 'header.settings' | 'header.manageTenants' | 'header.createTenant';

export interface AccountLink {
  to: string;
  labelKey: AccountLinkLabel;
  icon: LucideIcon;
}

/**
 * The signed-in account links (spec §2): Dashboard, Settings (/profile) and Manage Tenants,
 * which reads Create Tenant when the person has no current organisation. Professionals who work
 * in the current organisation find their practice's dashboard behind Dashboard (/dashboard is a
 * patient's: their own bookings) and their directory profile here.
 */
export function accountLinks(session: Pick<SessionState, 'currentTenant' | 'user' | 'permissions'>): AccountLink[] {
  const practitioner = isProfessionalRole(session.user.role) && session.permissions.includes('appointments.manage');
  return [
    { to: practitioner ? '/provider/dashboard' : '/dashboard', labelKey: 'header.dashboard', icon: LayoutDashboard },
    ...(practitioner ? [{ to: '/provider/profile', labelKey: 'header.directoryProfile' as const, icon: Stethoscope }] : []),
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
