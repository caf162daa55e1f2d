import type { LanguageCode } from '~/shared/languages';

/** A public page rendered from `src/content/pages/<slug>/<lng>.md`. */
export interface ContentPage {
  slug: string;
  language: LanguageCode;
  title: string;
  description: string;
  heading: string;
  lead: string;
  /** ISO date the content was last reviewed. */
  updated: string;
  /** The body as HTML (rendered on the server from Markdown we write ourselves). */
  html: string;
  /** FAQ items (the faq page only). */
  items: { question: string; answer: string }[];
}

/** A blog post from `src/content/blog/<id>/<lng>.md`. */
export interface BlogPost {
  id: string;
  language: LanguageCode;
  title: string;
  description: string;
  excerpt: string;
  category: string;
  date: string;
  author: string;
  readingMinutes: number;
  image: string;
  imageAlt: string;
  html: string;
}

export type BlogTeaser = Omit<BlogPost, 'html'>;
