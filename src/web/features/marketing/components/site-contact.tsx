import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SiteInfo } from '~/shared/contracts/site';
import { countryName } from '~/web/lib/country-name';
import { useHydrated } from '~/web/lib/use-hydrated';
import { useSiteInfo } from '../api/site';
import { SiteContactPlaceholder } from './site-contact-placeholder';

/** `tel:` URI for a displayed phone number (digits and a leading plus only). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * Contacts and offices from GET /api/v1/site: a quiet placeholder while loading, nothing on error.
 * The server renders the placeholder, so hydration does too, even when a page (the sign-in page)
 * has fetched the same answer before this component's code arrived.
 */
export function SiteContact() {
  const site = useSiteInfo();
  const hydrated = useHydrated();

  if (site.isPending || !hydrated) return <SiteContactPlaceholder />;
  if (site.isError) return null;
  return <SiteContactDetails site={site.data} />;
}

export function SiteContactDetails({ site }: { site: SiteInfo }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2">
      <div>
        <h2 className="text-sm font-semibold text-white">{t('footer.contact.heading')}</h2>
        <ul className="mt-3 flex flex-col gap-1 text-sm">
          {site.contact.phones.map((phone) => (
            <li key={phone}>
              <a href={phoneHref(phone)} className="inline-flex min-h-8 items-center gap-2 rounded-sm hover:text-white hover:underline">
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">{t('footer.contact.phone')}: </span>
                <span dir="ltr">{phone}</span>
              </a>
            </li>
          ))}
          <li>
            <a
              href={`mailto:${site.contact.email}`}
              className="inline-flex min-h-8 items-center gap-2 rounded-sm break-all hover:text-white hover:underline"
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span className="sr-only">{t('footer.contact.email')}: </span>
              <span dir="ltr">{site.contact.email}</span>
            </a>
          </li>
        </ul>
      </div>
      {site.offices.length > 0 && (
        <div>
          <h2 className="text-sm font-semibold text-white">{t('footer.contact.offices')}</h2>
          <ul className="mt-3 flex flex-col gap-4 text-sm">
            {site.offices.map((office) => (
              <li key={`${office.countryCode}-${office.city}`} className="flex gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <address className="not-italic">
                  <span className="block font-medium text-white">{countryName(office.countryCode, language)}</span>
                  <span className="block">{office.city}</span>
                  {office.addressLines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
