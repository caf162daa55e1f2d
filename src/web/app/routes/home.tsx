import { homeMetaText } from '~/web/features/home/lib/home-text.server';
import { HomePage } from '~/web/features/home/components/home-page';
import { DISMISSED_NOTIFICATIONS_KEY, parseDismissed } from '~/web/features/home/lib/notifications';
import { listBlogPosts } from '~/web/features/content/lib/content.server';
import { faqJsonLd, homeJsonLd, organizationJsonLd, seoMeta } from '~/web/lib/seo';
import { loadNamespaces } from '~/web/lib/i18n';
import { readCookie, siteOrigin, visitorOfRequest } from '~/web/lib/page-request';
import type { Route } from './+types/home';

export const handle = { i18n: ['home'] };

/** Spec §9: three blog teasers. */
const BLOG_TEASERS = 3;

/**
 * `/`: the home page. The server reads the newest blog posts, the FAQ (for its structured data)
 * and the notices this browser dismissed before (a cookie), so the first HTML is already right.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = visitorOfRequest(request);
  const text = await homeMetaText(language);
  const posts = listBlogPosts(language)
    .slice(0, BLOG_TEASERS)
    .map(({ id, title, excerpt, category, date, image, imageAlt }) => ({ id, title, excerpt, category, date, image, imageAlt }));
  return {
    language,
    origin: siteOrigin(request, context),
    title: text.title,
    description: text.description,
    faq: text.faq,
    posts,
    dismissedNotifications: parseDismissed(readCookie(request.headers.get('cookie'), DISMISSED_NOTIFICATIONS_KEY)),
  };
}

/** On a client navigation the page's strings load alongside the server's data. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadNamespaces(['home'])]);
  return data;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { origin, title, description, language, faq } = loaderData;
  return seoMeta({
    title,
    description,
    origin,
    path: '/',
    language,
    jsonLd: [...organizationJsonLd(origin), ...homeJsonLd(origin), faqJsonLd(faq)],
  });
}

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return <HomePage posts={loaderData.posts} faq={loaderData.faq} dismissedNotifications={loaderData.dismissedNotifications} />;
}

