import { useTranslation } from 'react-i18next';
import { ApiError } from '~/web/lib/api-error';
import { problemMessage } from '~/web/lib/problem-message';

/**
 * The message for a failed organisation call: spec §8's 'User not authenticated' when the
 * session is gone, otherwise the server's code translated (`errors.<code>` in common.json).
 */
export function useTenantErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation('dashboard');
  return (error) => (error instanceof ApiError && error.status === 401 ? t('tenants.manage.notAuthenticated') : problemMessage(i18n, error));
}

export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}
