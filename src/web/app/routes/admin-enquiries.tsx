import { RequireAuth } from '~/web/components/auth/require-auth';
import { AdminEnquiriesPage } from '~/web/features/admin/components/admin-enquiries-page';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['forms'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['forms']);
  return null;
}

/** /admin/enquiries: platform admins only (the server enforces 'platform.enquiries.manage' on every call). */
export default function AdminEnquiriesRoute() {
  return (
    <RequireAuth roles={['admin']} permission="platform.enquiries.manage">
      <AdminEnquiriesPage />
    </RequireAuth>
  );
}
