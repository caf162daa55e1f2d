import { RequireAuth } from '~/web/components/auth/require-auth';
import { AdminProvidersPage } from '~/web/features/admin/components/admin-providers-page';

/** /admin/providers: platform admins verify providers (the server enforces 'platform.providers.verify'). */
export default function AdminProvidersRoute() {
  return (
    <RequireAuth roles={['admin']} permission="platform.providers.verify">
      <AdminProvidersPage />
    </RequireAuth>
  );
}
