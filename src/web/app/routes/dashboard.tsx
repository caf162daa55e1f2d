import { RequireAuth } from '~/web/components/auth/require-auth';
import { PatientDashboard } from '~/web/features/booking/components/patient-dashboard';
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

/** /dashboard: the patient's dashboard (spec: also /participant/ndis). */
export default function DashboardRoute() {
  return (
    <RequireAuth permission="appointments.self">
      <PatientDashboard />
    </RequireAuth>
  );
}
