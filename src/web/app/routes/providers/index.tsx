import { DirectoryPage } from '~/web/features/booking/components/directory-page';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['providers', 'appointments'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
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
