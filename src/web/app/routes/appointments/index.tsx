import { RequireAuth } from '~/web/components/auth/require-auth';
import { AppointmentsPage } from '~/web/features/booking/components/appointments-page';

export { clientLoader, handle, loader } from '../appointments-route';

/** /appointments: the signed-in person's own appointments (anyone can be a patient). */
export default function AppointmentsRoute() {
  return (
    <RequireAuth permission="appointments.self">
      <AppointmentsPage />
    </RequireAuth>
  );
}
