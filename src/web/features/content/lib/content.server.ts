import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { data } from 'react-router';
import { FALLBACK_LANGUAGE, type LanguageCode } from '~/shared/languages';
import { contentSlugOfPath } from '~/shared/public-pages';
import { siteOrigin, visitorOfRequest } from '~/web/lib/page-request';
import type { BlogPost, BlogTeaser, ContentPage } from './content-types';

/**
 * The public site's content: Markdown files with YAML front matter, one per page (or post) and
 * language, bundled into the server build. Parsed once, on first use. Markdown is ours (it is
 * in the repository and a unit test refuses raw HTML in it), so its HTML is trusted.
 */
const PAGE_FILES = import.meta.glob<string>('../../../../content/pages/*/*.md', { query: '?raw', import: 'default', eager: true });
const POST_FILES = import.meta.glob<string>('../../../../content/blog/*/*.md', { query: '?raw', import: 'default', eager: true });

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const markdown = new Marked({ gfm: true, async: false });

interface Parsed {
  data: Record<string, unknown>;
  body: string;
}

export function parseContentFile(text: string): Parsed {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { data: {}, body: text };
  const data: unknown = parseYaml(match[1] ?? '');
  return { data: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}, body: match[2] ?? '' };
}

export function renderMarkdown(body: string): string {
  return markdown.parse(body, { async: false });
}

const str = (value: unknown): string => (typeof value === 'string' ? value : value instanceof Date ? value.toISOString().slice(0, 10) : '');

function keyOf(path: string): { id: string; language: string } | undefined {
  const match = /\/([^/]+)\/([^/]+)\.md$/.exec(path);
  return match?.[1] && match[2] ? { id: match[1], language: match[2] } : undefined;
}

let pages: Map<string, ContentPage> | undefined;
let posts: Map<string, BlogPost> | undefined;

function loadPages(): Map<string, ContentPage> {
  const map = new Map<string, ContentPage>();
  for (const [path, text] of Object.entries(PAGE_FILES)) {
    const key = keyOf(path);
    if (!key) continue;
    const { data, body } = parseContentFile(text);
    const rawItems = Array.isArray(data['items']) ? (data['items'] as unknown[]) : [];
    map.set(`${key.id}/${key.language}`, {
      slug: key.id,
      language: key.language as LanguageCode,
      title: str(data['title']),
      description: str(data['description']),
      heading: str(data['heading']),
      lead: str(data['lead']),
      updated: str(data['updated']),
      html: renderMarkdown(body),
      items: rawItems.flatMap((item) => {
        if (typeof item !== 'object' || item === null) return [];
        const record = item as Record<string, unknown>;
        return [{ question: str(record['question']), answer: str(record['answer']) }];
      }),
    });
  }
  return map;
}

function loadPosts(): Map<string, BlogPost> {
  const map = new Map<string, BlogPost>();
  for (const [path, text] of Object.entries(POST_FILES)) {
    const key = keyOf(path);
    if (!key) continue;
    const { data, body } = parseContentFile(text);
    map.set(`${key.id}/${key.language}`, {
      id: key.id,
      language: key.language as LanguageCode,
      title: str(data['title']),
      description: str(data['description']),
      excerpt: str(data['excerpt']),
      category: str(data['category']),
      date: str(data['date']),
      author: str(data['author']),
      readingMinutes: typeof data['readingMinutes'] === 'number' ? data['readingMinutes'] : 0,
      image: str(data['image']),
      imageAlt: str(data['imageAlt']),
      html: renderMarkdown(body),
    });
  }
  return map;
}

/** A page in the language asked for, else in English; undefined when there is no such page. */
export function getContentPage(slug: string, language: LanguageCode): ContentPage | undefined {
  pages ??= loadPages();
  return pages.get(`${slug}/${language}`) ?? pages.get(`${slug}/${FALLBACK_LANGUAGE}`);
}

export function getBlogPost(id: string, language: LanguageCode): BlogPost | undefined {
  posts ??= loadPosts();
  return posts.get(`${id}/${language}`) ?? posts.get(`${id}/${FALLBACK_LANGUAGE}`);
}

/** Every post in a language (English where a translation is missing), newest first. */
export function listBlogPosts(language: LanguageCode): BlogTeaser[] {
  posts ??= loadPosts();
  const ids = new Set([...posts.values()].map((p) => p.id));
  return [...ids]
    .flatMap((id) => {
      const post = getBlogPost(id, language);
      if (!post) return [];
      const { html: _html, ...teaser } = post;
      return [teaser];
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}

/** Ids of all blog posts (for the sitemap). */
export function blogPostIds(): string[] {
  posts ??= loadPosts();
  return [...new Set([...posts.values()].map((p) => p.id))].sort();
}

/**
 * A route loader's answer for the page at the request's path: its content in the visitor's
 * language with the site origin, or a 404 when the path has no content file.
 */
export function loadPageContent(request: Request, context: { publicOrigin?: string | undefined }) {
  const url = new URL(request.url);
  const { language } = visitorOfRequest(request);
  const page = getContentPage(contentSlugOfPath(url.pathname), language);
  if (!page) return data({ page: undefined, origin: '', path: url.pathname }, { status: 404 });
  return { page, origin: siteOrigin(request, context), path: url.pathname };
}
