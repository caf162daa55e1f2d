import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../../shared/languages.js';
import { CONTENT_PAGE_PATHS } from '../../../shared/public-pages.js';
import { startTestApp, type TestApp } from '../../testing/api-fixture.js';
import { createPractice, setProfile } from '../../testing/booking-fixtures.js';

/**
 * What a crawler (or a browser without JavaScript) gets: the server's HTML alone must hold each
 * public page's heading, title, description, canonical link, hreflang alternates and structured data.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://tendwell.example' });
});
afterAll(async () => {
  await t?.close();
});

const first = (html: string, pattern: RegExp): string => (pattern.exec(html)?.[1] ?? '').trim();
const PAGES = [...CONTENT_PAGE_PATHS, '/blog', '/blog/how-we-verify-providers'];

describe.each(PAGES)('%s without scripts', (path) => {
  it('has its heading, title, description, canonical, alternates, social tags and JSON-LD', async () => {
    const res = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(first(html, /<h1[^>]*>([^<]+)<\/h1>/)).not.toBe('');
    expect(first(html, /<title>([^<]+)<\/title>/)).toMatch(/ · Tendwell$/);
    expect(first(html, /<meta name="description" content="([^"]+)"/).length).toBeGreaterThan(40);
    expect(html).toContain(`<link rel="canonical" href="https://tendwell.example${path}"/>`);
    for (const language of LANGUAGE_CODES) expect(html).toContain(`hrefLang="${language}"`);
    expect(html).toContain('property="og:title"');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1] ?? '') as Record<string, unknown>);
    expect(jsonLd.map((d) => d['@type'])).toEqual(expect.arrayContaining(['MedicalOrganization', 'WebSite']));
    expect(JSON.stringify(jsonLd)).toContain('https://tendwell.example/providers?query={search_term}');
  });
});

describe('languages without scripts', () => {
  it('renders ?lang=ar right to left and in Arabic, and an Accept-Language of fr in French', async () => {
    const ar = await t.app.inject({ method: 'GET', url: '/about?lang=ar' });
    expect(ar.body).toMatch(/<html lang="ar" dir="rtl"/);
    expect(first(ar.body, /<h1[^>]*>([^<]+)<\/h1>/)).toMatch(/[\u0600-\u06FF]/);
    const fr = await t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-language': 'fr-CA,fr;q=0.9' } });
    expect(fr.body).toMatch(/<html lang="fr" dir="ltr"/);
  });

  it('puts FAQ structured data on the FAQ page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/faq' });
    expect(res.body).toContain('"@type":"FAQPage"');
  });
});

/** The modules the page's bootstrap preloads once the first frame is painted (a JSON array in it). */
function pagePreloads(body: string): string[] {
  // The bootstrap's list of the page's modules, which it adds as preloads a few per task.
  const list = /var h=(\[[^\]]*\]),n=document\.visibilityState[^;]*;[^]*?l\.rel="modulepreload"/.exec(body)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

describe('pages and policy', () => {
  it('sends each document a fresh script nonce and no unsafe-inline for scripts', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/about' });
    const b = await t.app.inject({ method: 'GET', url: '/about' });
    const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];
    expect(nonceOf(a.headers['content-security-policy'])).toBeDefined();
    expect(nonceOf(a.headers['content-security-policy'])).not.toBe(nonceOf(b.headers['content-security-policy']));
    expect(String(a.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe-inline/);
    const nonce = nonceOf(a.headers['content-security-policy']);
    const scripts = [...a.body.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('asks for the page’s modules only after the first paint', async () => {
    const { body } = await t.app.inject({ method: 'GET', url: '/' });
    const head = body.slice(0, body.indexOf('</head>'));
    // Nothing in the head fetches a module while the document is parsed and painted.
    expect(head).not.toContain('modulepreload');
    expect(head).toMatch(/<link[^>]* rel="stylesheet"[^>]* href="\/assets\/[^"]+\.css"/);
    // The bootstrap has no static import (those are fetched at once); it waits for a frame, then
    // preloads the page's modules and imports the route modules and the entry.
    const bootstraps = [...body.matchAll(/<script[^>]* type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(bootstraps).toHaveLength(1);
    const code = bootstraps[0] ?? '';
    expect(code).not.toMatch(/^\s*import\s/m);
    const frame = code.indexOf('requestAnimationFrame');
    expect(frame).toBeGreaterThan(-1);
    expect(code.indexOf('modulepreload')).toBeGreaterThan(frame);
    expect(code.indexOf('import("/assets/')).toBeGreaterThan(frame);
    expect(pagePreloads(body).length).toBeGreaterThan(5);
  });

  it('keeps the validator (zod) out of the scripts a first visit to / waits for', async () => {
    const { body } = await t.app.inject({ method: 'GET', url: '/' });
    // The page's scripts: its module preloads and inline bootstrap imports, then every static
    // import of those (not the dynamic ones: they load later, when something needs them).
    const queue = [
      ...pagePreloads(body),
      ...[...body.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)].map((m) => m[1] ?? ''),
    ];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const path = queue.pop() ?? '';
      if (seen.has(path)) continue;
      seen.add(path);
      const script = await t.app.inject({ method: 'GET', url: path });
      expect(script.statusCode, path).toBe(200);
      expect(script.body.includes('ZodError'), `${path} holds zod`).toBe(false);
      for (const m of script.body.matchAll(/(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?"\.\/([^"]+\.js)"/g)) queue.push(`/assets/${m[1] ?? ''}`);
    }
    expect(seen.size).toBeGreaterThan(10);
  });

  it('answers an unknown page with 404 and the not-found page, and unknown API paths with problem+json', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Page Not Found');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/no-such' });
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('serves sitemap.xml with every public page and post, and robots.txt pointing at it', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    for (const path of CONTENT_PAGE_PATHS) expect(sitemap.body).toContain(`<loc>https://tendwell.example${path}</loc>`);
    expect(sitemap.body).toContain('<loc>https://tendwell.example/blog/how-we-verify-providers</loc>');
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://tendwell.example/sitemap.xml');
  });

  it('serves the service worker and offline page without long-lived caching', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(sw.body).toContain("url.pathname.startsWith('/api/')");
    // The worker runs under its script's policy: it must be allowed to fetch from our origin.
    expect(sw.headers['content-security-policy']).toBe("default-src 'none'; connect-src 'self'; frame-ancestors 'none'");
    const offline = await t.app.inject({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
  });
});

describe('pages the server renders from the API', () => {
  it('renders a provider profile with its name, bio description and canonical link, and answers an unknown one with 404', async () => {
    const practice = await createPractice(t, { name: 'Dr Server Rendered' });
    const bio = 'Cardiologist with twenty years of practice in heart rhythm care. '.repeat(4);
    await setProfile(t, practice, { bio });
    const res = await t.app.inject({ method: 'GET', url: `/providers/${practice.profileId}`, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*><bdi>Dr Server Rendered<\/bdi><\/h1>/);
    expect(first(res.body, /<title>([^<]+)<\/title>/)).toBe('Dr Server Rendered · Tendwell');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    const description = first(res.body, /<meta name="description" content="([^"]+)"/);
    expect(description.startsWith('Cardiologist with twenty years')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(161);
    expect(res.body).toContain(`<link rel="canonical" href="https://tendwell.example/providers/${practice.profileId}"/>`);
    // The services are in the HTML too, not only after scripts run.
    expect(res.body).toContain('Consultation');

    const unknown = await t.app.inject({ method: 'GET', url: '/providers/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page Not Found');
    // Ids no provider can have, and paths with control characters, get the same page.
    for (const url of ['/providers/x', `/providers/${'a'.repeat(300)}`, '/providers/%00', '/blog/%0A', '/about%7F', '/providers/x?query=%00']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('Page Not Found');
    }
  });

  it('renders the sign-in page and the directory with their headings and descriptions', async () => {
    for (const [path, heading] of [
      ['/auth/login', 'Welcome Back'],
      ['/providers', 'Find a provider'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(200);
      expect(first(res.body, /<h1[^>]*>([^<]+)<\/h1>/)).toBe(heading);
      expect(first(res.body, /<meta name="description" content="([^"]+)"/).length).toBeGreaterThan(20);
    }
  });
});
