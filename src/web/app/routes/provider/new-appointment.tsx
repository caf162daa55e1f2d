import { RequireAuth } from '~/web/components/auth/require-auth';
import { PracticeNewAppointmentPage } from '~/web/features/booking/components/practice-new-appointment';

export { clientLoader, handle, loader } from '../appointments-route';

/** /provider/appointments/new: the practice books a time for one of its patients. */
export default function PracticeNewAppointmentRoute() {
  return (
    <RequireAuth permission="appointments.manage">
      <PracticeNewAppointmentPage />
    </RequireAuth>
  );
}
