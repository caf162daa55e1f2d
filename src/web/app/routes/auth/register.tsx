import { RegisterPage } from '~/web/features/auth/components/register-page';
import { loadNamespaces } from '~/web/lib/i18n';

/** Translations the server renders this page with (the client loader loads them on navigation). */
export const handle = { i18n: ['auth'] };

/**
 * A server loader (with nothing to load) so that the server renders the page: a route with only a
 * client loader is rendered in the browser alone, and its HTML would hold no header, heading or form.
 */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['auth']);
  return null;
}

export default function RegisterRoute() {
  return <RegisterPage />;
}
