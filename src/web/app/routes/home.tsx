import { HydrationBoundary, QueryClient, dehydrate } from '@tanstack/react-query';
import { DirectoryPageSchema } from '~/shared/contracts/providers';
import { SpecialtyListSchema } from '~/shared/contracts/specialties';
import { regionPlace } from '~/shared/places';
import { SPECIALTIES_PATH, SPECIALTIES_QUERY_KEY, topMatchesQuery } from '~/web/features/home/api/specialties';
import { homeMetaText } from '~/web/features/home/lib/home-text.server';
import { HomePage } from '~/web/features/home/components/home-page';
import { DISMISSED_NOTIFICATIONS_KEY, parseDismissed } from '~/web/features/home/lib/notifications';
import { socialProofText } from '~/web/features/home/lib/social-proof';
import { listBlogPosts } from '~/web/features/content/lib/content.server';
import { faqJsonLd, homeJsonLd, organizationJsonLd, seoMeta } from '~/web/lib/seo';
import { loadNamespaces } from '~/web/lib/i18n';
import { readCookie, siteOrigin, visitorOfRequest } from '~/web/lib/page-request';
import type { Route } from './+types/home';

export const handle = { i18n: ['home'] };

/** Spec §9: three blog teasers. */
const BLOG_TEASERS = 3;

/**
 * `/`: the home page. The server reads the newest blog posts, the FAQ (for its structured data),
 * the notices this browser dismissed before (a cookie), and, as the visitor, the specialty counts
 * and the top matches near their region, so the first HTML is already right. The two answers go
 * to the browser's query cache (dehydrated), so it does not ask for them again as it hydrates: an
 * answer arriving then re-rendered the page synchronously (bench/README.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { language, region } = visitorOfRequest(request);
  const matches = topMatchesQuery({ near: regionPlace(region)?.name, lang: language });
  const [text, specialties, topMatches] = await Promise.all([homeMetaText(language), context.api(SPECIALTIES_PATH), context.api(matches.path)]);
  // An answer that failed or does not parse is left out: the browser asks for it itself.
  const queries = new QueryClient();
  const specialtyList = specialties.status === 200 ? SpecialtyListSchema.safeParse(specialties.body) : undefined;
  if (specialtyList?.success) queries.setQueryData(SPECIALTIES_QUERY_KEY, specialtyList.data);
  const matchPage = topMatches.status === 200 ? DirectoryPageSchema.safeParse(topMatches.body) : undefined;
  if (matchPage?.success) queries.setQueryData(matches.queryKey, matchPage.data);
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
    socialProof: { region, language, text: socialProofText(region, language) },
    queries: dehydrate(queries),
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
  return (
    <HydrationBoundary state={loaderData.queries}>
      <HomePage
        posts={loaderData.posts}
        faq={loaderData.faq}
        dismissedNotifications={loaderData.dismissedNotifications}
        socialProof={loaderData.socialProof}
      />
    </HydrationBoundary>
  );
}

