import { siteOrigin } from '~/web/lib/page-request';
import { robotsTxt } from '~/web/lib/sitemap';
import type { Route } from './+types/robots';

/** /robots.txt: public pages open to crawlers, the app and the API not, and where the sitemap is. */
export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOrigin(request, context)), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
