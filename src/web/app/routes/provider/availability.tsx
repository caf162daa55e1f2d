import { RequireAuth } from '~/web/components/auth/require-auth';
import { AvailabilityPage } from '~/web/features/booking/components/availability-page';
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

/** /provider/availability: one's own hours and booking rules with a week preview, for staff of the current organisation. */
export default function AvailabilityRoute() {
  return (
    <RequireAuth permission="appointments.manage">
      <AvailabilityPage />
    </RequireAuth>
  );
}
