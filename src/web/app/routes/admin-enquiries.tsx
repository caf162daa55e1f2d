import { RequireAuth } from '~/web/components/auth/require-auth';
import { AdminEnquiriesPage } from '~/web/features/admin/components/admin-enquiries-page';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['forms'] };

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
