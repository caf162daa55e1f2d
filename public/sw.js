/* Tendwell service worker (spec §7: a service worker at /sw.js).
 *
 * What it keeps for offline use: the hashed application assets (/assets/*, immutable), the
 * translation files, icons and images, the offline page, and the public pages a visitor has
 * opened (their HTML holds no personal data: signed-in data always comes from the API).
 * What it never stores: API responses (/api/*), React Router data requests (*.data,
 * /__manifest), the development mailbox, or any page outside the public list.
 */
const VERSION = 'v1';
const STATIC_CACHE = `tendwell-static-${VERSION}`;
const PAGE_CACHE = `tendwell-pages-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const PRECACHE = [OFFLINE_URL, '/favicon.svg', '/favicon.png', '/icon-192.png', '/manifest.webmanifest'];

/** Public pages whose HTML may be kept (keep in step with src/shared/public-pages.ts). */
const PUBLIC_PAGE = new RegExp(
  '^/(' +
    [
      '', 'about', 'careers', 'press', 'partners', 'impact', 'guides', 'help', 'provider-resources', 'faq',
      'solutions', 'regional/ndis-australia', 'education', 'privacy', 'terms', 'accessibility', 'cookies',
      'compliance', 'enterprise/[a-z-]+', 'ndis', 'nhs-compliance', 'nigeria-pricing', 'contact', 'blog',
      'blog/[a-z0-9-]+',
    ].join('|') +
    ')$',
);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('tendwell-') && ![STATIC_CACHE, PAGE_CACHE].includes(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function neverCached(url) {
  return (
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/dev/') ||
    url.pathname.endsWith('.data') ||
    url.pathname === '/__manifest' ||
    url.pathname === '/sw.js'
  );
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(STATIC_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function staleWhileRevalidate(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  const network = fetch(request)
    .then((response) => {
      if (response.ok) void cache.put(request, response.clone());
      return response;
    })
    .catch(() => cached);
  return cached ?? network;
}

async function page(request, url) {
  try {
    const response = await fetch(request);
    if (response.ok && PUBLIC_PAGE.test(url.pathname) && !url.search) {
      const cache = await caches.open(PAGE_CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch {
    const cached = PUBLIC_PAGE.test(url.pathname) ? await caches.match(request) : undefined;
    return cached ?? (await caches.match(OFFLINE_URL)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, url));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname.startsWith('/locales/') || url.pathname.startsWith('/images/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(staleWhileRevalidate(request));
  }
});
