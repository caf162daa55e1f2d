import { RequireAuth } from '~/web/components/auth/require-auth';
import { AvailabilityPage } from '~/web/features/booking/components/availability-page';

export { clientLoader, handle, loader } from '../appointments-route';

/** /provider/availability: one's own hours and booking rules with a week preview, for staff of the current organisation. */
export default function AvailabilityRoute() {
  return (
    <RequireAuth permission="appointments.manage">
      <AvailabilityPage />
    </RequireAuth>
  );
}
