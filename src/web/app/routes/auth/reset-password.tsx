import { ResetPasswordPage } from '~/web/features/auth/components/reset-password-page';
import { loadNamespaces } from '~/web/lib/i18n';

export async function clientLoader() {
  await loadNamespaces(['auth']);
  return null;
}

export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
