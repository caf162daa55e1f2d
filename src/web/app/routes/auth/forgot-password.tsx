import { ForgotPasswordPage } from '~/web/features/auth/components/forgot-password-page';
import { loadNamespaces } from '~/web/lib/i18n';

export async function clientLoader() {
  await loadNamespaces(['auth']);
  return null;
}

export default function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}
