import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '~/web/lib/api-error';
import { problemMessage } from '~/web/lib/problem-message';

/** Messaging's own error messages, by the server's problem code. */
const MESSAGING_ERRORS: Record<string, 'errors.attachmentType' | 'errors.attachmentTooLarge' | 'errors.attachmentMissing' | 'errors.notFound'> = {
  'message.attachment-type': 'errors.attachmentType',
  'message.attachment-too-large': 'errors.attachmentTooLarge',
  'message.attachment-missing': 'errors.attachmentMissing',
  'message.attachment-invalid-upload': 'errors.attachmentMissing',
};

/** The message to show for a failed messaging call: ours by code, else the server's detail, else the app's by code. */
export function useMessagingError(): (error: unknown) => string {
  const { t, i18n } = useTranslation('messages');
  return (error) => {
    if (error instanceof ApiError) {
      const key = MESSAGING_ERRORS[error.code];
      if (key) return t(key);
      if (error.status === 404) return t('errors.notFound');
    }
    return problemMessage(i18n, error);
  };
}

/** Loading, failed (with retry) or the content. */
export function QueryState({ pending, error, retry, children }: { pending: boolean; error: unknown; retry?: () => void; children: ReactNode }) {
  const { t } = useTranslation('messages');
  const message = useMessagingError();
  if (pending) {
    return (
      <p role="status" className="mt-4 text-slate-700">
        {t('common.loading')}
      </p>
    );
  }
  if (error) {
    return (
      <div role="alert" className="mt-4 space-y-2">
        <p className="text-red-700">{t('common.loadFailed')}</p>
        <p className="text-sm text-slate-700">{message(error)}</p>
        {retry ? (
          <button type="button" className="inline-flex min-h-6 items-center text-sm font-medium text-teal-800 underline" onClick={retry}>
            {t('common.retry')}
          </button>
        ) : null}
      </div>
    );
  }
  return <>{children}</>;
}
