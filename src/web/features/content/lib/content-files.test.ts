import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '~/shared/languages';
import { CONTENT_PAGE_PATHS, FORM_PAGE_PATHS, contentSlugOfPath } from '~/shared/public-pages';
import { parseContentFile, renderMarkdown } from './content.server';

const ROOT = join(import.meta.dirname, '../../../../content');
const read = (path: string) => parseContentFile(readFileSync(path, 'utf8'));
const PAGE_SLUGS = [...CONTENT_PAGE_PATHS, ...FORM_PAGE_PATHS, '/blog'].map(contentSlugOfPath);
const POST_IDS = existsSync(join(ROOT, 'blog')) ? readdirSync(join(ROOT, 'blog')) : [];
const RAW_HTML = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?>/i;

describe.each(PAGE_SLUGS)('page %s', (slug) => {
  it.each(LANGUAGE_CODES)('has a %s file with its front matter and a Markdown body without raw HTML', (language) => {
    const path = join(ROOT, 'pages', slug, `${language}.md`);
    expect(existsSync(path), path).toBe(true);
    const { data, body } = read(path);
    for (const key of ['title', 'description', 'heading']) {
      expect(typeof data[key] === 'string' && (data[key] as string).trim().length > 0, `${path}: ${key}`).toBe(true);
    }
    expect((data['title'] as string).length, `${path}: title length`).toBeLessThanOrEqual(70);
    expect(body, path).not.toMatch(RAW_HTML);
    expect(body, `${path}: the H1 comes from the front matter`).not.toMatch(/^# /m);
  });

  it('has the same structure in every language (headings and FAQ items)', () => {
    const shape = (language: string) => {
      const { data, body } = read(join(ROOT, 'pages', slug, `${language}.md`));
      return {
        h2: (body.match(/^## /gm) ?? []).length,
        items: Array.isArray(data['items']) ? data['items'].length : 0,
      };
    };
    const english = shape('en');
    for (const language of LANGUAGE_CODES) expect(shape(language), `${slug}/${language}`).toEqual(english);
  });
});

describe('the about page', () => {
  // The gazetteer (places table) is GeoNames data under CC BY 4.0, which asks for visible credit.
  it.each(LANGUAGE_CODES)('credits GeoNames and its CC BY 4.0 licence in %s', (language) => {
    const html = renderMarkdown(read(join(ROOT, 'pages', 'about', `${language}.md`)).body);
    expect(html).toContain('href="https://www.geonames.org/"');
    expect(html).toMatch(/href="https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/[^"]*"/);
  });
});

describe('the FAQ page', () => {
  it('has question and answer pairs (they feed the home page accordion and the FAQ structured data)', () => {
    const { data } = read(join(ROOT, 'pages', 'faq', 'en.md'));
    const items = data['items'] as { question: string; answer: string }[];
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const item of items) {
      expect(item.question.trim()).not.toBe('');
      expect(item.answer.trim()).not.toBe('');
    }
  });
});

describe('blog posts', () => {
  it('has at least six posts', () => {
    expect(POST_IDS.length).toBeGreaterThanOrEqual(6);
  });

  it.each(POST_IDS)('%s exists in every language with a date, a category and an excerpt', (id) => {
    for (const language of LANGUAGE_CODES) {
      const path = join(ROOT, 'blog', id, `${language}.md`);
      expect(existsSync(path), path).toBe(true);
      const { data, body } = read(path);
      for (const key of ['title', 'description', 'excerpt', 'category', 'author']) {
        expect(typeof data[key] === 'string' && (data[key] as string).trim() !== '', `${path}: ${key}`).toBe(true);
      }
      const date = data['date'] instanceof Date ? data['date'].toISOString() : String(data['date']);
      expect(date, path).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(body, path).not.toMatch(RAW_HTML);
    }
  });
});

describe('parseContentFile and renderMarkdown', () => {
  it('splits YAML front matter from the body', () => {
    const { data, body } = parseContentFile('---\ntitle: "A: b"\nitems:\n  - question: Q\n    answer: A\n---\n## Hello\n');
    expect(data).toEqual({ title: 'A: b', items: [{ question: 'Q', answer: 'A' }] });
    expect(body).toBe('## Hello\n');
  });

  it('treats a file without front matter as all body', () => {
    expect(parseContentFile('Just text')).toEqual({ data: {}, body: 'Just text' });
  });

  it('renders headings, lists, links and tables', () => {
    const html = renderMarkdown('## Title\n\n- [a](/about)\n\n| x | y |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<a href="/about">a</a>');
    expect(html).toContain('<table>');
  });
});
