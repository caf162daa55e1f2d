import { data } from 'react-router';
import { NotFoundContent } from '~/web/components/layout/not-found-content';
import { BlogList } from '~/web/features/content/components/blog-list';
import { getContentPage, listBlogPosts } from '~/web/features/content/lib/content.server';
import { organizationJsonLd, seoMeta } from '~/web/lib/seo';
import { siteOrigin, visitorOfRequest } from '~/web/lib/page-request';
import type { Route } from './+types/index';

export const handle = { i18n: ['content'] };

/** /blog: the blog's own text and its posts in the visitor's language. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { language } = visitorOfRequest(request);
  const intro = getContentPage('blog', language);
  if (!intro) return data({ intro: undefined, posts: [], origin: '' }, { status: 404 });
  return { intro, posts: listBlogPosts(language), origin: siteOrigin(request, context) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const { intro, origin } = loaderData ?? {};
  if (!intro || !origin) return [];
  return seoMeta({ title: intro.title, description: intro.description, origin, path: '/blog', language: intro.language, jsonLd: organizationJsonLd(origin) });
}

export default function BlogIndexRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.intro) return <NotFoundContent pathname="/blog" />;
  return <BlogList intro={loaderData.intro} posts={loaderData.posts} />;
}
