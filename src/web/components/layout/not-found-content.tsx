import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '~/shared/product';
import { ButtonLink } from '~/web/components/ui/button';
import { DocumentTitle } from './document-title';

const PROVIDER_PATH = /^\/(providers|appointments\/book)\/[^/]+\/?$/;

export const NOT_FOUND_LOG_MESSAGE = '404 Error: User attempted to access non-existent route:';

/** The not-found page body (spec §2): title, apology, a way back, and the path logged. */
export function NotFoundContent({ pathname }: { pathname: string }) {
  const { t } = useTranslation();

  useEffect(() => {
    console.error(NOT_FOUND_LOG_MESSAGE, pathname);
  }, [pathname]);

  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <DocumentTitle title={t('notFound.title')} />
      <p aria-hidden="true" className="text-6xl font-bold tracking-tight text-teal-700">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('notFound.title')}</h1>
      <p className="mt-4 text-lg text-slate-700">{t('notFound.message')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink size="lg" to="/">
          {t('notFound.returnHome', { product: PRODUCT_NAME })}
        </ButtonLink>
        {/* A provider who is not (or no longer) listed: the way on is the directory. */}
        {PROVIDER_PATH.test(pathname) ? (
          <ButtonLink size="lg" variant="outline" to="/providers">
            {t('notFound.directory')}
          </ButtonLink>
        ) : null}
      </div>
    </div>
  );
}
