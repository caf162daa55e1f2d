import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, type LanguageCode, isLanguageCode, matchLanguage } from '~/shared/languages';
import { DEFAULT_REGION, REGION_STORAGE_KEY, type RegionCode, parseRegionCode, regionForLanguage } from '~/shared/regions';

/**
 * What a server-rendered page needs to know about its visitor before it renders: the interface
 * language and the region. The same rules as the browser's, with what a request carries:
 * language `?lang=` → the remembered choice (cookie) → Accept-Language → English;
 * region `?region=` → the remembered choice (cookie) → Accept-Language → US. (The browser then
 * refines the region with its time zone, which a request does not carry.)
 */
export interface PageVisitor {
  language: LanguageCode;
  region: RegionCode;
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Accept-Language tags, best first (q-values honoured, q=0 dropped), at most 20. */
export function acceptedLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

export function visitorOfRequest(request: Request): PageVisitor {
  const url = new URL(request.url);
  const cookies = request.headers.get('cookie');
  const accepted = acceptedLanguages(request.headers.get('accept-language'));

  const language =
    matchLanguage(url.searchParams.get('lang') ?? '') ??
    matchLanguage(readCookie(cookies, LANGUAGE_COOKIE) ?? '') ??
    accepted.map(matchLanguage).find((l) => l !== undefined) ??
    FALLBACK_LANGUAGE;

  const region =
    parseRegionCode(url.searchParams.get('region')) ??
    parseRegionCode(readCookie(cookies, REGION_STORAGE_KEY)) ??
    accepted.map(regionForLanguage).find((r) => r !== undefined) ??
    DEFAULT_REGION;

  return { language, region };
}

/** The page language from the root route's data (what entry.server renders with). */
export function languageFromRootData(data: unknown): LanguageCode {
  if (typeof data === 'object' && data !== null && 'language' in data) {
    const value = (data as { language: unknown }).language;
    if (typeof value === 'string' && isLanguageCode(value)) return value;
  }
  return FALLBACK_LANGUAGE;
}

/** The site's origin for canonical links: the configured public URL, else the request's own. */
export function siteOrigin(request: Request, context: { publicOrigin?: string | undefined }): string {
  return context.publicOrigin ?? new URL(request.url).origin;
}
