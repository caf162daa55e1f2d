import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '~/web/lib/i18n';
import { ApiError } from '~/web/lib/api-error';
import { problemMessage } from '~/web/lib/problem-message';
import { QueryState as SharedQueryState } from '~/web/components/ui/query-state';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { Pager } from '~/web/components/ui/pager';
import { CONVERSATION_QUERY_MAX_LENGTH, MESSAGE_MAX_LENGTH } from '~/shared/contracts/messaging';

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

/** The words of a list's search (conversations, people), with its Search button; the form around it submits. */
export function SearchWords({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation('messages');
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="flex gap-2">
        <Input id={id} type="search" name="q" value={value} maxLength={CONVERSATION_QUERY_MAX_LENGTH} onChange={(e) => onChange(e.target.value)} className="min-w-0 flex-1" />
        <Button type="submit" variant="outline">
          {t('list.searchButton')}
        </Button>
      </div>
    </>
  );
}

/** Previous and next page of one of messaging's lists, with where the reader is; nothing for a single page. */
export function ListPager({ label, page, pages, onPage }: { label: string; page: number; pages: number; onPage(page: number): void }) {
  const { t } = useTranslation('messages');
  if (pages <= 1) return null;
  return (
    <Pager
      label={label}
      status={t('list.pageOf', { page, pages })}
      previousLabel={t('list.previous')}
      nextLabel={t('list.next')}
      page={page}
      pages={pages}
      onPage={onPage}
      size="sm"
      className="mt-4 flex flex-wrap items-center justify-between gap-2"
    />
  );
}
