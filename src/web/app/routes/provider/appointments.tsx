import { RequireAuth } from '~/web/components/auth/require-auth';
import { PracticeCalendarPage } from '~/web/features/booking/components/practice-calendar';
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

/** /provider/appointments: the practice's calendar (day and week) and list, for staff of the current organisation. */
export default function PracticeCalendarRoute() {
  return (
    <RequireAuth permission="appointments.manage">
      <PracticeCalendarPage />
    </RequireAuth>
  );
}
