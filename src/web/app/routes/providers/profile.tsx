import { useParams } from 'react-router';
import { ProviderProfilePage } from '~/web/features/booking/components/provider-profile-page';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['providers', 'appointments'] };

export async function clientLoader() {
  await loadNamespaces(['providers', 'appointments']);
  return null;
}

/** /providers/{id} (public): a verified provider's profile. */
export default function ProviderRoute() {
  const { id = '' } = useParams();
  return <ProviderProfilePage id={id} />;
}
