import { NotFoundContent } from '~/web/components/layout/not-found-content';
import { ContentArticle } from '~/web/features/content/components/content-article';
import { loadPageContent } from '~/web/features/content/lib/content.server';
import { faqJsonLd, organizationJsonLd, seoMeta } from '~/web/lib/seo';
import type { Route } from './+types/content-page';

/** Translations this page renders with (server and client). */
export const handle = { i18n: ['content'] };

/** A public content page (about, legal, enterprise, regional…), rendered from its Markdown file. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadPageContent(request, context);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const { page, origin, path } = loaderData ?? {};
  if (!page || !origin || !path) return [];
  const jsonLd = organizationJsonLd(origin);
  if (page.items.length > 0) jsonLd.push(faqJsonLd(page.items));
  return seoMeta({ title: page.title, description: page.description, origin, path, language: page.language, jsonLd });
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return <NotFoundContent pathname={loaderData.path} />;
  return <ContentArticle page={loaderData.page} />;
}
