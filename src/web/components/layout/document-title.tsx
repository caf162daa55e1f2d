import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '~/shared/product';

/**
 * Renders the page's <title> as '{title} · Tendwell' and, when given, its meta description
 * (React hoists both into <head>, also in the server's HTML).
 */
export function DocumentTitle({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{t('app.documentTitle', { title, product: PRODUCT_NAME })}</title>
      {description ? <meta name="description" content={description} /> : null}
    </>
  );
}
