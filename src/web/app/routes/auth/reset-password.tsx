import { ResetPasswordPage } from '~/web/features/auth/components/reset-password-page';
import { loadNamespaces } from '~/web/lib/i18n';

/** Translations the server renders this page with (the client loader loads them on navigation). */
export const handle = { i18n: ['auth'] };

export async function clientLoader() {
  await loadNamespaces(['auth']);
  return null;
}

export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
