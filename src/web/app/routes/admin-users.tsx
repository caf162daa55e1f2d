import { RequireAuth } from '~/web/components/auth/require-auth';
import { AdminUsersPage } from '~/web/features/admin/components/admin-users-page';

/** /admin/users: platform admins only (the server enforces 'platform.users.manage' on every call). */
export default function AdminUsersRoute() {
  return (
    <RequireAuth roles={['admin']} permission="platform.users.manage">
      <AdminUsersPage />
    </RequireAuth>
  );
}
