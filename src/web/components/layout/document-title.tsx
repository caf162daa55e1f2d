import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '~/shared/product';

/** Renders the page's <title> as '{title} · Tendwell' (React hoists it into <head>). */
export function DocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{t('app.documentTitle', { title, product: PRODUCT_NAME })}</title>;
}
