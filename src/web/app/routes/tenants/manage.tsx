import { RequireAuth } from '~/web/components/auth/require-auth';
import { TenantManagePage } from '~/web/features/tenants/pages/tenant-manage-page';
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

/** /tenant/manage: any signed-in person (with no organisation it offers to create one). */
export default function TenantManageRoute() {
  return (
    <RequireAuth permission="account.self">
      <TenantManagePage />
    </RequireAuth>
  );
}
