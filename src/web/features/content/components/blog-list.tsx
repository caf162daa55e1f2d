import { useTranslation } from 'react-i18next';
import { useFormatLocale } from '~/web/lib/format-locale';
import { BlogCard } from '~/web/components/content/blog-card';
import type { BlogTeaser, ContentPage } from '../lib/content-types';

/** /blog: the index text and every post, newest first. */
export function BlogList({ intro, posts }: { intro: ContentPage; posts: readonly BlogTeaser[] }) {
  const { t } = useTranslation('content');
  const locale = useFormatLocale();
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="mb-10 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{intro.heading}</h1>
        {intro.lead ? <p className="mt-4 text-lg text-slate-700">{intro.lead}</p> : null}
        <div className="content-prose mt-4" dangerouslySetInnerHTML={{ __html: intro.html }} />
      </header>
      {posts.length === 0 ? (
        <p className="text-slate-700">{t('blog.empty')}</p>
      ) : (
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <BlogCard key={post.id} post={post} locale={locale} headingLevel="h2" meta={t('blog.readingTime', { count: post.readingMinutes })} />
          ))}
        </ul>
      )}
    </div>
  );
}
