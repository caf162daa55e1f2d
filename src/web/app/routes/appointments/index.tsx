import { RequireAuth } from '~/web/components/auth/require-auth';
import { AppointmentsPage } from '~/web/features/booking/components/appointments-page';
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

/** /appointments: the signed-in person's own appointments (anyone can be a patient). */
export default function AppointmentsRoute() {
  return (
    <RequireAuth permission="appointments.self">
      <AppointmentsPage />
    </RequireAuth>
  );
}
