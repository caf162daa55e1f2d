import { PROFESSIONAL_ROLES } from '~/shared/roles';
import { RequireAuth } from '~/web/components/auth/require-auth';
import { DirectoryProfilePage } from '~/web/features/booking/components/directory-profile-page';
import { ProfilePhotoSection } from '~/web/features/profile/components/profile-details';

export { clientLoader, handle, loader } from '../appointments-route';

/**
 * /provider/profile: one's own directory profile (photo, services and locations), for the staff of the
 * current organisation whose role keeps one (the professionals). The photo is the account picture, so
 * its section comes from the profile feature.
 */
export default function DirectoryProfileRoute() {
  return (
    <RequireAuth permission="appointments.manage" roles={PROFESSIONAL_ROLES}>
      <DirectoryProfilePage photo={<ProfilePhotoSection />} />
    </RequireAuth>
  );
}
