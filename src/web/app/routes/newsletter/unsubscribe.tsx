import { NewsletterUnsubscribePage } from '~/web/features/marketing/components/newsletter-link-pages';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['forms'] };

/**
 * A server loader (with nothing to load) so that the server renders the page: a route with only a
 * client loader is rendered in the browser alone, and its HTML would hold no header, heading or form.
 */
export function loader() {
  return null;
}

export async function clientLoader() {
  await loadNamespaces(['forms']);
  return null;
}

/** /newsletter/unsubscribe?token=…, the link in newsletter mail. */
export default function NewsletterUnsubscribeRoute() {
  return <NewsletterUnsubscribePage />;
}
