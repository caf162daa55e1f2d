import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '~/shared/contracts/messaging';
import { currentLanguage } from '~/web/lib/i18n';
import { ApiError } from '~/web/lib/api-error';
import { problemMessage } from '~/web/lib/problem-message';
import { QueryState as SharedQueryState } from '~/web/components/ui/query-state';

/** Messaging's own error messages, by the server's problem code. */
const MESSAGING_ERRORS: Record<string, 'errors.attachmentType' | 'errors.attachmentTooLarge' | 'errors.attachmentEmpty' | 'errors.attachmentMissing' | 'errors.notFound'> = {
  'message.attachment-type': 'errors.attachmentType',
  'message.attachment-empty': 'errors.attachmentEmpty',
  'message.attachment-too-large': 'errors.attachmentTooLarge',
  'message.attachment-missing': 'errors.attachmentMissing',
  'message.attachment-invalid-upload': 'errors.attachmentMissing',
};

/**
 * A conversation (or appointment) that is not there for this person: a 404, or an id that cannot
 * be one (a 400 about the address's id, as from a mistyped link). Trying again cannot help.
 */
export function isMissing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || (error.status === 400 && [...error.fieldErrors().keys()].some((path) => path.startsWith('params.')));
}

/** The message to show for a failed messaging call: ours by code, else the server's detail, else the app's by code. */
export function useMessagingError(): (error: unknown) => string {
  const { t, i18n } = useTranslation('messages');
  return (error) => {
    if (error instanceof ApiError) {
      const key = MESSAGING_ERRORS[error.code];
      if (key) return t(key);
      // The composer stops a long text before sending; a text from elsewhere (another tab's draft) gets the same words.
      if (error.code === 'message.too-long') return t('composer.tooLong', { max: new Intl.NumberFormat(currentLanguage(i18n.resolvedLanguage)).format(MESSAGE_MAX_LENGTH) });
      if (isMissing(error)) return t('errors.notFound');
    }
    return problemMessage(i18n, error);
  };
}

/** Loading, failed (with retry, in messaging's words for its codes) or the content. */
export function QueryState(props: { pending: boolean; error: unknown; retry?: () => void; children: ReactNode }) {
  return <SharedQueryState {...props} describe={useMessagingError()} className="mt-4" />;
}
