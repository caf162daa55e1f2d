import { describe, expect, it } from 'vitest';
import { faqJsonLd, languageUrl, organizationJsonLd, seoMeta } from './seo';
import { robotsTxt, sitemapXml } from './sitemap';

describe('seoMeta', () => {
  const meta = seoMeta({ title: 'About', description: 'What we do.', origin: 'https://t.example', path: '/about', language: 'ar', jsonLd: organizationJsonLd('https://t.example') });

  it('gives the title, description, canonical link in the page language and every hreflang alternate', () => {
    expect(meta).toContainEqual({ title: 'About · Tendwell' });
    expect(meta).toContainEqual({ name: 'description', content: 'What we do.' });
    expect(meta).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://t.example/about?lang=ar' });
    const alternates = meta.filter((m) => 'rel' in m && m.rel === 'alternate');
    expect(alternates.map((m) => (m as { hrefLang: string }).hrefLang)).toEqual(['en', 'es', 'fr', 'pt', 'ar', 'zh-CN', 'x-default']);
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://t.example/og-image.png' });
  });

  it('carries the search action to /providers?query={search_term}', () => {
    const json = JSON.stringify(meta.filter((m) => 'script:ld+json' in m));
    expect(json).toContain('https://t.example/providers?query={search_term}');
    expect(json).toContain('MedicalOrganization');
  });
});

describe('languageUrl', () => {
  it('keeps English on the plain path', () => {
    expect(languageUrl('https://t.example', '/faq', 'en')).toBe('https://t.example/faq');
    expect(languageUrl('https://t.example', '/faq', 'zh-CN')).toBe('https://t.example/faq?lang=zh-CN');
  });
});

describe('faqJsonLd', () => {
  it('lists questions with accepted answers', () => {
    expect(faqJsonLd([{ question: 'Q?', answer: 'A.' }])).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } }],
    });
  });
});

describe('sitemap and robots', () => {
  it('lists each page with escaped alternates', () => {
    const xml = sitemapXml('https://t.example', ['/', '/a&b']);
    expect(xml).toContain('<loc>https://t.example/</loc>');
    expect(xml).toContain('https://t.example/a&amp;b?lang=ar');
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });

  it('points crawlers at the sitemap and away from the API and the app', () => {
    const robots = robotsTxt('https://t.example');
    expect(robots).toContain('Sitemap: https://t.example/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
  });
});
