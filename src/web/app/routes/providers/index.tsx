import { DirectoryPage } from '~/web/features/booking/components/directory-page';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['providers', 'appointments'] };

export async function clientLoader() {
  await loadNamespaces(['providers', 'appointments']);
  return null;
}

/** /providers (public): the directory of verified providers; ?specialty= and ?query= as the spec says. */
export default function ProvidersRoute() {
  return <DirectoryPage />;
}
