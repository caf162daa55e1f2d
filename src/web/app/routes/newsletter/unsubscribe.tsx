import { NewsletterUnsubscribePage } from '~/web/features/marketing/components/newsletter-link-pages';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['forms'] };

export async function clientLoader() {
  await loadNamespaces(['forms']);
  return null;
}

/** /newsletter/unsubscribe?token=…, the link in newsletter mail. */
export default function NewsletterUnsubscribeRoute() {
  return <NewsletterUnsubscribePage />;
}
