import { NewsletterUnsubscribePage } from '~/web/features/marketing/components/newsletter-link-pages';
import { loadNamespaces } from '~/web/lib/i18n';

export const handle = { i18n: ['forms'] };

/** Nothing to load on the server, but its presence makes the server render the page (docs/architecture.md, Rendering). */
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
