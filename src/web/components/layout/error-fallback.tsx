import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation } from 'react-router';
import { Button } from '~/web/components/ui/button';
import { createEnglishI18n, i18n as appI18n, isI18nReady } from '~/web/lib/i18n';
import { DocumentTitle } from './document-title';
import { NotFoundContent } from './not-found-content';

/**
 * What the top-level error boundary shows:
 * - a 404 routing error: the not-found page;
 * - any other routing error, or anything that failed before translations were ready:
 *   the fatal 'Unexpected Application Error!' with the message;
 * - a thrown error: 'Something went wrong' with its message (null: the generic text).
 */
export type ErrorView =
  | { kind: 'not-found' }
  | { kind: 'fatal'; message: string | null }
  | { kind: 'fallback'; message: string | null };

function thrownMessage(error: unknown): string | null {
  if (error instanceof Error) return error.message.trim() || null;
  if (typeof error === 'string') return error.trim() || null;
  return null;
}

function routeErrorMessage(error: { status: number; statusText: string; data: unknown }): string {
  const detail = typeof error.data === 'string' && error.data.trim() ? error.data.trim() : null;
  return [`${error.status} ${error.statusText}`.trim(), detail].filter(Boolean).join(': ');
}

export function classifyError(error: unknown, i18nReady: boolean): ErrorView {
  if (isRouteErrorResponse(error)) {
    return error.status === 404 ? { kind: 'not-found' } : { kind: 'fatal', message: routeErrorMessage(error) };
  }
  const message = thrownMessage(error);
  return i18nReady ? { kind: 'fallback', message } : { kind: 'fatal', message };
}

function reloadPage() {
  window.location.reload();
}

function ErrorView({ view, pathname }: { view: ErrorView; pathname: string }) {
  const { t } = useTranslation();

  if (view.kind === 'not-found') return <NotFoundContent pathname={pathname} />;

  if (view.kind === 'fatal') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-24">
        <DocumentTitle title={t('errorFallback.fatal')} />
        <h1 className="text-2xl font-bold text-red-800">{t('errorFallback.fatal')}</h1>
        <p className="mt-4 rounded-md bg-slate-100 p-4 font-mono text-sm break-words text-slate-900">
          {view.message ?? t('errorFallback.unexpected')}
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <DocumentTitle title={t('errorFallback.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('errorFallback.title')}</h1>
      <p className="mt-4 text-lg break-words text-slate-700">{view.message ?? t('errorFallback.unexpected')}</p>
      <Button size="lg" className="mt-8" onClick={reloadPage}>
        {t('errorFallback.reload')}
      </Button>
    </div>
  );
}

export interface ErrorFallbackProps {
  error: unknown;
  pathname: string;
  /** The app's i18next instance; when it is not ready, the bundled English strings are used. */
  i18n?: I18n;
  /** Whether `i18n` has its translations (defaults to asking the app's instance). */
  i18nReady?: boolean;
}

/** The top-level error fallback page (spec §2), rendered by the root ErrorBoundary. */
export function ErrorFallback({ error, pathname, i18n = appI18n, i18nReady = isI18nReady() }: ErrorFallbackProps) {
  const view = classifyError(error, i18nReady);
  const instance = i18nReady ? i18n : createEnglishI18n();
  // Without the app's translations the page is in English whatever <html lang> says.
  const language = i18nReady ? undefined : 'en';

  return (
    <I18nextProvider i18n={instance}>
      <main id="main" lang={language} dir={language ? 'ltr' : undefined} className="min-h-dvh bg-white">
        <ErrorView view={view} pathname={pathname} />
      </main>
    </I18nextProvider>
  );
}

/** Root ErrorBoundary body: reads the location from the router. */
export function RootErrorFallback({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  return <ErrorFallback error={error} pathname={pathname} />;
}
