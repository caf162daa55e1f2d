import { LoginPage } from '~/web/features/auth/components/login-page';
import { useSiteInfo } from '~/web/features/marketing/api/site';
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

/** /auth/login: the Demo Accounts tab shows when the server says it runs in demo mode. */
export default function LoginRoute() {
  const site = useSiteInfo();
  return <LoginPage demoMode={site.data?.demoMode ?? false} />;
}
