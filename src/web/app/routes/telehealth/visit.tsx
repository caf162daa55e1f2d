import { data, useParams } from 'react-router';
import { RequireAuth } from '~/web/components/auth/require-auth';
import { NotFoundContent } from '~/web/components/layout/not-found-content';
import { VisitPage } from '~/web/features/telehealth/components/visit-page';
import { loadNamespaces } from '~/web/lib/i18n';
import type { Route } from './+types/visit';

export const handle = { i18n: ['telehealth'] };

/**
 * The server renders the page (docs/architecture.md, Rendering) after asking the visit API as the
 * visitor: a visit that is not theirs (or does not exist), or an id no appointment can have,
 * answers HTTP 404 with the not-found page, as the API does. Signed out (401), the page renders and
 * sends them to sign in; client navigations skip this and the page's own query says the same.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const answer = await context.api(`/api/v1/telehealth/visits/${encodeURIComponent(params.appointmentId)}`);
  if (answer.status === 404 || answer.status === 400) return data({ notFound: true }, { status: 404 });
  return { notFound: false };
}

export async function clientLoader() {
  await loadNamespaces(['telehealth']);
  return null;
}

/** /appointments/telehealth/:appointmentId: a video visit for its patient, provider and invited guests. */
export default function TelehealthVisitRoute({ loaderData }: Route.ComponentProps) {
  const { appointmentId = '' } = useParams();
  if (loaderData?.notFound) return <NotFoundContent pathname={`/appointments/telehealth/${appointmentId}`} />;
  return (
    <RequireAuth>
      <VisitPage key={appointmentId} appointmentId={appointmentId} />
    </RequireAuth>
  );
}
