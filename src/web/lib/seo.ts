import type { MetaDescriptor } from 'react-router';
import { LANGUAGE_CODES, type LanguageCode } from '~/shared/languages';
import { PRODUCT_NAME } from '~/shared/product';

/**
 * Search-engine and social metadata for a public page (spec §7): title, description, canonical
 * link, Open Graph and Twitter tags, hreflang alternates (one per interface language, the
 * language chosen with `?lang=`) and structured data.
 */
export interface PageSeo {
  title: string;
  description: string;
  /** Absolute origin of the site, e.g. https://tendwell.example. */
  origin: string;
  /** The page's path, without query. */
  path: string;
  language: LanguageCode;
  type?: 'website' | 'article';
  jsonLd?: readonly Record<string, unknown>[];
}

export const OG_IMAGE_PATH = '/og-image.png';

export function documentTitle(title: string): string {
  return title === PRODUCT_NAME ? title : `${title} · ${PRODUCT_NAME}`;
}

/** The address of a page in one language: English is the plain path, others add `?lang=`. */
export function languageUrl(origin: string, path: string, language: LanguageCode): string {
  const url = new URL(path, origin);
  if (language !== 'en') url.searchParams.set('lang', language);
  return url.toString();
}

const OG_LOCALE: Record<LanguageCode, string> = { en: 'en_US', es: 'es_ES', fr: 'fr_FR', pt: 'pt_BR', ar: 'ar_AR', 'zh-CN': 'zh_CN' };

export function seoMeta(page: PageSeo): MetaDescriptor[] {
  const url = languageUrl(page.origin, page.path, page.language);
  const title = documentTitle(page.title);
  const image = new URL(OG_IMAGE_PATH, page.origin).toString();
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...LANGUAGE_CODES.map((language) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: language,
      href: languageUrl(page.origin, page.path, language),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: languageUrl(page.origin, page.path, 'en') },
    { property: 'og:site_name', content: PRODUCT_NAME },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: OG_LOCALE[page.language] },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image },
  ];
  for (const data of page.jsonLd ?? []) descriptors.push({ 'script:ld+json': data });
  return descriptors;
}

/** The organisation behind the site and its search action: on every public page. */
export function organizationJsonLd(origin: string): Record<string, unknown>[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'MedicalOrganization',
      '@id': `${origin}/#organization`,
      name: PRODUCT_NAME,
      url: `${origin}/`,
      logo: `${origin}/icon-192.png`,
      contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', url: `${origin}/contact` },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${origin}/#website`,
      name: PRODUCT_NAME,
      url: `${origin}/`,
      publisher: { '@id': `${origin}/#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/providers?query={search_term}` },
        'query-input': 'required name=search_term',
      },
    },
  ];
}

/** FAQ structured data from question/answer pairs. */
export function faqJsonLd(items: readonly { question: string; answer: string }[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** The home page's extra structured data (spec §7, §9): software, local business, reserve action. */
export function homeJsonLd(origin: string): Record<string, unknown>[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: PRODUCT_NAME,
      applicationCategory: 'HealthApplication',
      operatingSystem: 'Web',
      url: `${origin}/`,
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', bestRating: '5', ratingCount: '2547' },
      offers: [
        { '@type': 'Offer', name: 'Free access', price: '0', priceCurrency: 'USD' },
        {
          '@type': 'AggregateOffer',
          name: 'Premium',
          lowPrice: '10',
          highPrice: '100',
          priceCurrency: 'USD',
        },
      ],
    },
    {
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': `${origin}/#business`,
      name: PRODUCT_NAME,
      url: `${origin}/`,
      image: `${origin}${OG_IMAGE_PATH}`,
      openingHoursSpecification: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '17:00',
      },
      potentialAction: {
        '@type': 'ReserveAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/appointments/book` },
        result: { '@type': 'Reservation', name: 'Appointment' },
      },
    },
  ];
}
