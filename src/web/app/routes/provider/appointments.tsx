import { RequireAuth } from '~/web/components/auth/require-auth';
import { PracticeCalendarPage } from '~/web/features/booking/components/practice-calendar';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['appointments'] };

export async function clientLoader() {
  await loadNamespaces(['appointments']);
  return null;
}

/** /provider/appointments: the practice's calendar and list. Staff of the current organisation ('appointments.manage'). */
export default function Route() {
  return (
    <RequireAuth permission="appointments.manage">
      <PracticeCalendarPage />
    </RequireAuth>
  );
}
