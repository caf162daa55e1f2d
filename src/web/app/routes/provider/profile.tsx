import { PROFESSIONAL_ROLES } from '~/shared/roles';
import { RequireAuth } from '~/web/components/auth/require-auth';
import { DirectoryProfilePage } from '~/web/features/booking/components/directory-profile-page';
import { ProfilePhotoSection } from '~/web/features/profile/components/profile-details';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['appointments'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['appointments']);
  return null;
}

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
