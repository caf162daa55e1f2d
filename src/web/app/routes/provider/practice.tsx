import { useLocation } from 'react-router';
import { PROFESSIONAL_ROLES } from '~/shared/roles';
import { RequireAuth } from '~/web/components/auth/require-auth';
import { AvailabilityPage } from '~/web/features/booking/components/availability-page';
import { DirectoryProfilePage } from '~/web/features/booking/components/directory-profile-page';
import { PracticeCalendarPage } from '~/web/features/booking/components/practice-calendar';
import { PracticeDashboardPage } from '~/web/features/booking/components/practice-dashboard';
import { ProfilePhotoSection } from '~/web/features/profile/components/profile-details';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['appointments'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['appointments']);
  return null;
}

/** The practice's screens, one module for the four paths (routes.ts gives each its own id). */
const PAGES = {
  '/provider/dashboard': PracticeDashboardPage,
  '/provider/appointments': PracticeCalendarPage,
  '/provider/availability': AvailabilityPage,
  '/provider/profile': DirectoryProfilePage,
} as const;

/**
 * /provider/dashboard (today, actions waiting, week figures), /provider/appointments (calendar and
 * list), /provider/availability (own hours and booking rules): staff of the current organisation
 * ('appointments.manage'). /provider/profile (own directory profile, photo, services and
 * locations): those of them who are professionals, the roles that keep a directory profile. The
 * photo is the account picture, so its section comes from the profile feature.
 */
export default function PracticeRoute() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') as keyof typeof PAGES;
  const Page = PAGES[path] ?? PracticeDashboardPage;
  return (
    <RequireAuth permission="appointments.manage" {...(path === '/provider/profile' ? { roles: PROFESSIONAL_ROLES } : {})}>
      {path === '/provider/profile' ? <DirectoryProfilePage photo={<ProfilePhotoSection />} /> : <Page />}
    </RequireAuth>
  );
}
