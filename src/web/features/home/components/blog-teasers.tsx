import { useTranslation } from 'react-i18next';
import { useFormatLocale } from '~/web/lib/format-locale';
import { BlogCard, type BlogCardPost } from '~/web/components/content/blog-card';
import { CtaLink } from './cta-link';

/** A blog teaser (spec §3): the route's loader reads them from the blog's content files. */
export type HomeBlogTeaser = BlogCardPost;

export function BlogTeasers({ posts }: { posts: readonly HomeBlogTeaser[] }) {
  const { t } = useTranslation('home');
  const locale = useFormatLocale();
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="blog-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="blog-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {t('blog.heading')}
          </h2>
          <CtaLink to="/blog" section="blog" ctaType="learn-more" variant="outline">
            {t('blog.all')}
          </CtaLink>
        </div>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {posts.map((post) => (
            <BlogCard key={post.id} post={post} locale={locale} headingLevel="h3" />
          ))}
        </ul>
      </div>
    </section>
  );
}
