import { useLocation } from 'react-router';
import { RequireAuth } from '~/web/components/auth/require-auth';
import { InboxPage } from '~/web/features/messaging/components/inbox-page';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['messages'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['messages']);
  return null;
}

/**
 * /messages: the signed-in person's conversations ('messages.self'); /provider/messages: the same
 * inbox as the practice's screen, for its staff ('appointments.manage', like every /provider page).
 */
export default function MessagesRoute() {
  const { pathname } = useLocation();
  const practice = pathname.replace(/\/+$/, '') === '/provider/messages';
  return (
    <RequireAuth permission={practice ? 'appointments.manage' : 'messages.self'}>
      <InboxPage practice={practice} />
    </RequireAuth>
  );
}
