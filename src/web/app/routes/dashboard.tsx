import { RequireAuth } from '~/web/components/auth/require-auth';
import { PatientDashboard } from '~/web/features/booking/components/patient-dashboard';

export { clientLoader, handle, loader } from './appointments-route';

/** /dashboard: the patient's dashboard (spec: also /participant/ndis). */
export default function DashboardRoute() {
  return (
    <RequireAuth permission="appointments.self">
      <PatientDashboard />
    </RequireAuth>
  );
}
