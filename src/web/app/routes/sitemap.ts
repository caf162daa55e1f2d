import { PUBLIC_PAGE_PATHS } from '~/shared/public-pages';
import { blogPostIds } from '~/web/features/content/lib/content.server';
import { siteOrigin } from '~/web/lib/page-request';
import { sitemapXml } from '~/web/lib/sitemap';
import type { Route } from './+types/sitemap';

/** /sitemap.xml: every public page and blog post, with its language alternates. */
export function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context);
  const paths = [...PUBLIC_PAGE_PATHS, ...blogPostIds().map((id) => `/blog/${id}`)];
  return new Response(sitemapXml(origin, paths), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
