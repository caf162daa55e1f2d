import { ForgotPasswordPage } from '~/web/features/auth/components/forgot-password-page';
import { loadNamespaces } from '~/web/lib/i18n';

/** Translations the server renders this page with (the client loader loads them on navigation). */
export const handle = { i18n: ['auth'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['auth']);
  return null;
}

export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
