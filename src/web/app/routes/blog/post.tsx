import { data } from 'react-router';
import { PRODUCT_NAME } from '~/shared/product';
import { NotFoundContent } from '~/web/components/layout/not-found-content';
import { BlogArticle } from '~/web/features/content/components/blog-article';
import { getBlogPost } from '~/web/features/content/lib/content.server';
import { organizationJsonLd, seoMeta } from '~/web/lib/seo';
import { siteOrigin, visitorOfRequest } from '~/web/lib/page-request';
import type { Route } from './+types/post';

export const handle = { i18n: ['content'] };

/** /blog/{id}: one post in the visitor's language (English if it has no translation); 404 if unknown. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const { language } = visitorOfRequest(request);
  const post = getBlogPost(params.id, language);
  const path = `/blog/${params.id}`;
  if (!post) return data({ post: undefined, origin: '', path }, { status: 404 });
  return { post, origin: siteOrigin(request, context), path };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const { post, origin, path } = loaderData ?? {};
  if (!post || !origin || !path) return [];
  const article = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    inLanguage: post.language,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: PRODUCT_NAME },
    image: post.image ? new URL(post.image, origin).toString() : undefined,
    mainEntityOfPage: new URL(path, origin).toString(),
  };
  return seoMeta({
    title: post.title,
    description: post.description,
    origin,
    path,
    language: post.language,
    type: 'article',
    jsonLd: [...organizationJsonLd(origin), article],
  });
}

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.post) return <NotFoundContent pathname={loaderData.path} />;
  return <BlogArticle post={loaderData.post} />;
}
