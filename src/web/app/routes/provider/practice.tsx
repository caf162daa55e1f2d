import { useLocation } from 'react-router';
import { RequireAuth } from '~/web/components/auth/require-auth';
import { AvailabilityPage } from '~/web/features/booking/components/availability-page';
import { PracticeCalendarPage } from '~/web/features/booking/components/practice-calendar';
import { PracticeDashboardPage } from '~/web/features/booking/components/practice-dashboard';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['appointments'] };

export async function clientLoader() {
  await loadNamespaces(['appointments']);
  return null;
}

/** The practice's screens, one module for the three paths (routes.ts gives each its own id). */
const PAGES = {
  '/provider/dashboard': PracticeDashboardPage,
  '/provider/appointments': PracticeCalendarPage,
  '/provider/availability': AvailabilityPage,
} as const;

/**
 * /provider/dashboard (today, actions waiting, week figures), /provider/appointments (calendar and
 * list), /provider/availability (own hours and booking rules): staff of the current organisation
 * ('appointments.manage').
 */
export default function PracticeRoute() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname.replace(/\/+$/, '') as keyof typeof PAGES] ?? PracticeDashboardPage;
  return (
    <RequireAuth permission="appointments.manage">
      <Page />
    </RequireAuth>
  );
}
