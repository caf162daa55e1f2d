import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlogPost } from '../lib/content-types';
import { formatContentDate } from '../lib/content-date';
import { useFormatLocale } from '~/web/lib/format-locale';

/** /blog/{id}: one post. */
export function BlogArticle({ post }: { post: BlogPost }) {
  const { t } = useTranslation('content');
  const locale = useFormatLocale();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8" lang={post.language}>
      <p>
        <Link to="/blog" className="text-sm font-medium text-teal-800 hover:underline">
          {t('blog.back')}
        </Link>
      </p>
      <header className="mt-6 mb-8 border-b border-slate-200 pb-8">
        <p className="text-sm font-medium text-teal-800">{post.category}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-lg text-slate-700">{post.excerpt}</p>
        <p className="mt-4 text-sm text-slate-600">
          {t('blog.by', { author: post.author })}
          {' · '}
          <time dateTime={post.date}>{t('blog.published', { date: formatContentDate(post.date, locale) })}</time>
          {' · '}
          {t('blog.readingTime', { count: post.readingMinutes })}
        </p>
      </header>
      {post.image ? (
        <img src={post.image} alt={post.imageAlt} width={1200} height={630} className="mb-8 aspect-[40/21] w-full rounded-xl object-cover" />
      ) : null}
      <div className="content-prose" dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}
