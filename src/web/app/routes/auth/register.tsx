import { RegisterPage } from '~/web/features/auth/components/register-page';
import { loadNamespaces } from '~/web/lib/i18n';

export async function clientLoader() {
  await loadNamespaces(['auth']);
  return null;
}

export default function RegisterRoute() {
  return <RegisterPage />;
}
