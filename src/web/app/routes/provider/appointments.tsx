import { RequireAuth } from '~/web/components/auth/require-auth';
import { PracticeCalendarPage } from '~/web/features/booking/components/practice-calendar';

export { clientLoader, handle, loader } from '../appointments-route';

/** /provider/appointments: the practice's calendar (day and week) and list, for staff of the current organisation. */
export default function PracticeCalendarRoute() {
  return (
    <RequireAuth permission="appointments.manage">
      <PracticeCalendarPage />
    </RequireAuth>
  );
}
