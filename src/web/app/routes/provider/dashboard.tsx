import { RequireAuth } from '~/web/components/auth/require-auth';
import { PracticeDashboardPage } from '~/web/features/booking/components/practice-dashboard';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['appointments'] };

export async function clientLoader() {
  await loadNamespaces(['appointments']);
  return null;
}

/** /provider/dashboard: today's schedule, actions waiting and week figures. Staff of the current organisation ('appointments.manage'). */
export default function Route() {
  return (
    <RequireAuth permission="appointments.manage">
      <PracticeDashboardPage />
    </RequireAuth>
  );
}
