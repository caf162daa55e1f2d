import { RequireAuth } from '~/web/components/auth/require-auth';
import { PracticeDashboardPage } from '~/web/features/booking/components/practice-dashboard';
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

/** /provider/dashboard: today's schedule, what waits for action and this week's figures, for staff of the current organisation. */
export default function PracticeDashboardRoute() {
  return (
    <RequireAuth permission="appointments.manage">
      <PracticeDashboardPage />
    </RequireAuth>
  );
}
