import { RequireAuth } from '~/web/components/auth/require-auth';
import { PracticeDashboardPage } from '~/web/features/booking/components/practice-dashboard';

export { clientLoader, handle, loader } from '../appointments-route';

/** /provider/dashboard: today's schedule, what waits for action and this week's figures, for staff of the current organisation. */
export default function PracticeDashboardRoute() {
  return (
    <RequireAuth permission="appointments.manage">
      <PracticeDashboardPage />
    </RequireAuth>
  );
}
