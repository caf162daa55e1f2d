import { data, useParams } from 'react-router';
import { RequireAuth } from '~/web/components/auth/require-auth';
import { NotFoundContent } from '~/web/components/layout/not-found-content';
import { useProvider } from '~/web/features/booking/api/booking-api';
import { BookingPage } from '~/web/features/booking/components/booking-page';
import { ApiError } from '~/web/lib/api-client';
import { loadNamespaces } from '~/web/lib/i18n';
import type { Route } from './+types/book';

export const handle = { i18n: ['appointments'] };

/**
 * The server renders the page (docs/architecture.md, Rendering). With a provider in the path it
 * asks the public API for them first, as the profile page does: an unknown or unlisted provider,
 * or an id no provider can have, answers HTTP 404 with the not-found page (it answered 200 with
 * "We couldn't load this… Try again").
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.id) return { notFound: false };
  const answer = await context.api(`/api/v1/providers/${encodeURIComponent(params.id)}`);
  // 400: the id is not one a provider can have (not a UUID), so no provider has it.
  if (answer.status === 404 || answer.status === 400) return data({ notFound: true }, { status: 404 });
  return { notFound: false };
}

export async function clientLoader() {
  await loadNamespaces(['appointments']);
  return null;
}

/** /appointments/book and /appointments/book/{id}: provider → service → time → reason → confirm. */
export default function BookRoute({ loaderData }: Route.ComponentProps) {
  const { id } = useParams();
  // After a client navigation (no server loader) the provider's own query, which the booking
  // page reads too (one request), says whether they exist.
  const provider = useProvider(loaderData?.notFound ? undefined : id);
  const unknown = provider.error instanceof ApiError && (provider.error.status === 404 || provider.error.status === 400);
  if (id && (loaderData?.notFound || unknown)) return <NotFoundContent pathname={`/appointments/book/${id}`} />;
  return (
    <RequireAuth permission="appointments.self">
      <BookingPage providerId={id} />
    </RequireAuth>
  );
}
