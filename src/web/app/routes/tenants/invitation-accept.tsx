import { RequireAuth } from '~/web/components/auth/require-auth';
import { InvitationAcceptPage } from '~/web/features/tenants/pages/invitation-accept-page';
import { loadNamespaces } from '~/web/lib/i18n';

/** Translations the server renders this page with (the client loader loads them on navigation). */
export const handle = { i18n: ['dashboard'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['dashboard']);
  return null;
}

/** /invitations/accept?token=…: signed-out visitors sign in first and come back (return path saved). */
export default function InvitationAcceptRoute() {
  return (
    <RequireAuth permission="account.self">
      <InvitationAcceptPage />
    </RequireAuth>
  );
}
