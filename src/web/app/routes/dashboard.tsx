import { RequireAuth } from '~/web/components/auth/require-auth';
import { PatientDashboard } from '~/web/features/booking/components/patient-dashboard';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['appointments'] };

export async function clientLoader() {
  await loadNamespaces(['appointments']);
  return null;
}

/** /dashboard: the patient's dashboard (spec: also /participant/ndis). */
export default function DashboardRoute() {
  return (
    <RequireAuth permission="appointments.self">
      <PatientDashboard />
    </RequireAuth>
  );
}
