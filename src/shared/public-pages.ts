/**
 * The public site's pages (spec §2 Public and Enterprise information, plus the regional notice
 * pages). Content pages render `src/content/pages/<slug>/<lng>.md`, where the slug is the path
 * without its leading slash and with `/` replaced by `-` (`/enterprise/roadmap` → `enterprise-roadmap`).
 */
export const CONTENT_PAGE_PATHS = [
  '/about',
  '/careers',
  '/press',
  '/partners',
  '/impact',
  '/guides',
  '/help',
  '/provider-resources',
  '/faq',
  '/solutions',
  '/regional/ndis-australia',
  '/education',
  '/privacy',
  '/terms',
  '/accessibility',
  '/cookies',
  '/compliance',
  '/enterprise/healthcare-systems',
  '/enterprise/technical-architecture',
  '/enterprise/roadmap',
  '/enterprise/salesforce-health-cloud-alternative',
  '/enterprise/government-health',
  '/ndis',
  '/nhs-compliance',
  '/nigeria-pricing',
] as const;

/** Public pages that are forms with an introduction from a content file. */
export const FORM_PAGE_PATHS = ['/contact', '/enterprise/demo-request'] as const;

/** Every public page a search engine should know (blog posts are added from the content). */
export const PUBLIC_PAGE_PATHS: readonly string[] = ['/', ...CONTENT_PAGE_PATHS, ...FORM_PAGE_PATHS, '/blog'];

export function contentSlugOfPath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '').replaceAll('/', '-');
}
