import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '~/web/lib/problem-message';

/**
 * The three states of anything read from the API, with the same words everywhere: loading, failed
 * (what went wrong, and a retry), or the content. `describe` turns the error into a sentence when a
 * feature has its own words for its codes; by default the problem's own translated message.
 */
export function QueryState({
  pending,
  error,
  retry,
  describe,
  className = 'mt-6',
  children,
}: {
  pending: boolean;
  error: unknown;
  retry?: (() => void) | undefined;
  describe?: ((error: unknown) => string) | undefined;
  className?: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('common');
  if (pending) {
    return (
      <p role="status" className={clsx(className, 'text-slate-700')}>
        {t('queryState.loading')}
      </p>
    );
  }
  if (error) {
    return (
      <div role="alert" className={clsx(className, 'space-y-2')}>
        <p className="text-red-700">{t('queryState.loadFailed')}</p>
        <p className="text-sm text-slate-700">{describe ? describe(error) : problemMessage(i18n, error)}</p>
        {retry ? (
          <button type="button" className="inline-flex min-h-6 items-center text-sm font-medium text-teal-800 underline" onClick={retry}>
            {t('queryState.retry')}
          </button>
        ) : null}
      </div>
    );
  }
  return <>{children}</>;
}
