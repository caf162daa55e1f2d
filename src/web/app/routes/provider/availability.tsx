import { RequireAuth } from '~/web/components/auth/require-auth';
import { AvailabilityPage } from '~/web/features/booking/components/availability-page';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['appointments'] };

export async function clientLoader() {
  await loadNamespaces(['appointments']);
  return null;
}

/** /provider/availability: the provider's own hours and booking rules. Staff of the current organisation ('appointments.manage'). */
export default function Route() {
  return (
    <RequireAuth permission="appointments.manage">
      <AvailabilityPage />
    </RequireAuth>
  );
}
