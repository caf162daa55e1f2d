import { useParams } from 'react-router';
import { RequireAuth } from '~/web/components/auth/require-auth';
import { BookingPage } from '~/web/features/booking/components/booking-page';
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

/** /appointments/book and /appointments/book/{id}: provider → service → time → reason → confirm. */
export default function BookRoute() {
  const { id } = useParams();
  return (
    <RequireAuth permission="appointments.self">
      <BookingPage providerId={id} />
    </RequireAuth>
  );
}
