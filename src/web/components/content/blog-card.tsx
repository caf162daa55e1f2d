import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCalendarDay } from '~/web/lib/dates';

export interface BlogCardPost {
  id: string;
  title: string;
  excerpt: string;
  category: string;
  /** Calendar day, YYYY-MM-DD. */
  date: string;
  image: string;
  imageAlt: string;
}

/** A blog post's card (the blog index and the home page's teasers); the title links to the post. */
export function BlogCard({
  post,
  locale,
  headingLevel,
  meta,
}: {
  post: BlogCardPost;
  locale: string;
  headingLevel: 'h2' | 'h3';
  /** Shown after the date (e.g. the reading time). */
  meta?: ReactNode;
}) {
  const Heading = headingLevel;
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {post.image ? (
        <img src={post.image} alt={post.imageAlt} width={1200} height={630} loading="lazy" className="aspect-[40/21] w-full object-cover" />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm font-medium text-teal-800">{post.category}</p>
        <Heading className="mt-2 text-lg font-semibold text-slate-900">
          <Link to={`/blog/${post.id}`} className="hover:underline focus-visible:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-slate-700">{post.excerpt}</p>
        <p className="mt-4 text-sm text-slate-600">
          <time dateTime={post.date}>{formatCalendarDay(post.date, locale)}</time>
          {meta ? <> · {meta}</> : null}
        </p>
      </div>
    </li>
  );
}
