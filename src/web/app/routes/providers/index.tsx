import { DirectoryPage } from '~/web/features/booking/components/directory-page';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['providers', 'appointments'] };

/**
 * A server loader (with nothing to load) so that the server renders the page: a route with only a
 * client loader is rendered in the browser alone, and its HTML would hold no header, heading or form.
 */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['providers', 'appointments']);
  return null;
}

/** /providers (public): the directory of verified providers; ?specialty= and ?query= as the spec says. */
export default function ProvidersRoute() {
  return <DirectoryPage />;
}
