import { LANGUAGE_CODES } from '~/shared/languages';
import { languageUrl } from './seo';

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A sitemap (sitemaps.org 0.9) with an hreflang alternate per interface language for each page. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.map((path) => {
    const alternates = [...LANGUAGE_CODES.map((lng) => [lng, languageUrl(origin, path, lng)] as const), ['x-default', languageUrl(origin, path, 'en')] as const]
      .map(([lng, href]) => `    <xhtml:link rel="alternate" hreflang="${lng}" href="${escapeXml(href)}"/>`)
      .join('\n');
    return `  <url>\n    <loc>${escapeXml(languageUrl(origin, path, 'en'))}</loc>\n${alternates}\n  </url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

/** Pages behind sign-in, the API and development tools are not for crawlers. */
const DISALLOWED = ['/api/', '/dev/', '/admin/', '/profile', '/dashboard', '/tenant/', '/invitations/', '/auth/reset-password', '/newsletter/'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
