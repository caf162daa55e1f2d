import { useParams } from 'react-router';
import { RequireAuth } from '~/web/components/auth/require-auth';
import { VisitPage } from '~/web/features/telehealth/components/visit-page';
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

/** /appointments/telehealth/:appointmentId: a video visit for its patient, provider and invited guests. */
export default function TelehealthVisitRoute() {
  const { appointmentId = '' } = useParams();
  return (
    <RequireAuth>
      <VisitPage key={appointmentId} appointmentId={appointmentId} />
    </RequireAuth>
  );
}
