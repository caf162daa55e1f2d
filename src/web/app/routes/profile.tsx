import { RequireAuth } from '~/web/components/auth/require-auth';
import { ProfilePage } from '~/web/features/profile/components/profile-page';

/** /profile: any signed-in person's own settings (spec §2 'Settings'). */
export default function ProfileRoute() {
  return (
    <RequireAuth>
      <ProfilePage />
    </RequireAuth>
  );
}
