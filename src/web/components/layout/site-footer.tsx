import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '~/shared/product';
import { setCookiePreferencesOpen } from '~/web/lib/consent';
import { useHydrated } from '~/web/lib/use-hydrated';
import { TendwellLogo } from './tendwell-logo';

/** Footer link columns of spec §2 (pages arrive in later issues; until then they show not-found). */
export const FOOTER_COLUMNS = [
  {
    headingKey: 'footer.company',
    links: [
      { to: '/about', labelKey: 'footer.links.about' },
      { to: '/careers', labelKey: 'footer.links.careers' },
      { to: '/press', labelKey: 'footer.links.press' },
      { to: '/partners', labelKey: 'footer.links.partners' },
      { to: '/impact', labelKey: 'footer.links.impact' },
      { to: '/contact', labelKey: 'footer.links.contact' },
    ],
  },
  {
    headingKey: 'footer.resources',
    links: [
      { to: '/blog', labelKey: 'footer.links.blog' },
      { to: '/guides', labelKey: 'footer.links.guides' },
      { to: '/help', labelKey: 'footer.links.help' },
      { to: '/provider-resources', labelKey: 'footer.links.providerResources' },
      { to: '/faq', labelKey: 'footer.links.faq' },
      { to: '/education', labelKey: 'footer.links.education' },
    ],
  },
  {
    headingKey: 'footer.legal',
    links: [
      { to: '/privacy', labelKey: 'footer.links.privacy' },
      { to: '/terms', labelKey: 'footer.links.terms' },
      { to: '/accessibility', labelKey: 'footer.links.accessibility' },
      { to: '/cookies', labelKey: 'footer.links.cookies' },
      { to: '/compliance', labelKey: 'footer.links.compliance' },
    ],
  },
] as const;

export interface SiteFooterProps {
  /** The newsletter box (composed in app/ from the marketing feature). */
  newsletter?: ReactNode;
  /** Contacts and offices. */
  contact?: ReactNode;
  /** Social links. */
  social?: ReactNode;
  /** The year of the copyright line (defaults to the current year). */
  year?: number;
}

export function SiteFooter({ newsletter, contact, social, year = new Date().getFullYear() }: SiteFooterProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();

  return (
    <footer className="mt-auto bg-slate-900 text-slate-300 [--focus-ring:var(--color-teal-300)]">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {newsletter}

        <div className="grid gap-10 py-10 md:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <TendwellLogo className="text-white" />
            <p className="mt-3 max-w-sm text-sm">{t('footer.tagline')}</p>
            {contact}
          </div>

          <nav aria-label={t('footer.nav')} className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-1 lg:col-span-3">
            {FOOTER_COLUMNS.map((column) => (
              <div key={column.headingKey}>
                <h2 className="text-sm font-semibold text-white">{t(column.headingKey)}</h2>
                <ul className="mt-3 flex flex-col gap-1">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="inline-flex min-h-8 items-center rounded-sm text-sm hover:text-white hover:underline"
                      >
                        {t(link.labelKey)}
                      </Link>
                    </li>
                  ))}
                  {column.headingKey === 'footer.legal' ? (
                    <li>
                      <button
                        type="button"
                        disabled={!hydrated}
                        onClick={() => setCookiePreferencesOpen(true)}
                        className="inline-flex min-h-8 items-center rounded-sm text-start text-sm hover:text-white hover:underline"
                      >
                        {t('footer.links.cookiePreferences')}
                      </button>
                    </li>
                  ) : null}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <div className="flex flex-col gap-4 border-t border-slate-700 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">{t('footer.copyright', { year, product: PRODUCT_NAME })}</p>
          {social}
        </div>
      </div>
    </footer>
  );
}
