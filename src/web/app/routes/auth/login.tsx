import { LoginPage } from '~/web/features/auth/components/login-page';
import { useSiteInfo } from '~/web/features/marketing/api/site';
import { loadNamespaces } from '~/web/lib/i18n';

/** Translations the server renders this page with (the client loader loads them on navigation). */
export const handle = { i18n: ['auth'] };

export async function clientLoader() {
  await loadNamespaces(['auth']);
  return null;
}

/** /auth/login: the Demo Accounts tab shows when the server says it runs in demo mode. */
export default function LoginRoute() {
  const site = useSiteInfo();
  return <LoginPage demoMode={site.data?.demoMode ?? false} />;
}
