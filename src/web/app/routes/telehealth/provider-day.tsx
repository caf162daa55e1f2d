import { RequireAuth } from '~/web/components/auth/require-auth';
import { TelehealthDayPage } from '~/web/features/telehealth/components/telehealth-day-page';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['telehealth'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['telehealth']);
  return null;
}

/** /provider/telehealth: the provider's video visits of a day ('appointments.manage', like every /provider page). */
export default function TelehealthDayRoute() {
  return (
    <RequireAuth permission="appointments.manage">
      <TelehealthDayPage />
    </RequireAuth>
  );
}
