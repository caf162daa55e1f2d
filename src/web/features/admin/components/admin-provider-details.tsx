import { useTranslation } from 'react-i18next';
import type { AdminProvider } from '~/shared/contracts/admin-providers';
import { LANGUAGES } from '~/shared/languages';
import { formatAddress, isRegionCode } from '~/shared/regions';
import { ListText } from '~/web/components/ui/list-text';
import { practiceAddressFields } from '~/web/lib/address-fields';
import { countryName } from '~/web/lib/country-name';
import { formatMoney } from '~/web/lib/money';

/**
 * What a reviewer checks before verifying: every claim the directory would publish for the
 * provider (qualifications, registration, NDIS registration, languages, how and where they see
 * patients, what they charge), folded under the provider's card so the list stays scannable.
 */
export function AdminProviderDetails({ provider, language }: { provider: AdminProvider; language: string }) {
  const { t } = useTranslation();
  const modes = [provider.offersTelehealth ? t('adminProviders.byVideo') : null, provider.offersInPerson ? t('adminProviders.inPerson') : null].filter((m): m is string => m !== null);
  return (
    <details className="mt-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium text-teal-800">
        {t('adminProviders.details')}
        <span className="sr-only">: {provider.displayName}</span>
      </summary>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-slate-900">{t('adminProviders.qualifications')}</dt>
        <dd className="text-slate-800">
          <ListText items={provider.qualifications} language={language} />
        </dd>
        <dt className="font-medium text-slate-900">{t('adminProviders.ndis')}</dt>
        <dd className="text-slate-800">{t(provider.ndisRegistered ? 'adminProviders.yes' : 'adminProviders.no')}</dd>
        <dt className="font-medium text-slate-900">{t('adminProviders.otherSpecialties')}</dt>
        <dd className="text-slate-800">
          <ListText items={provider.otherSpecialties.map((s) => t(`specialtyNames.${s}`))} language={language} />
        </dd>
        <dt className="font-medium text-slate-900">{t('adminProviders.languages')}</dt>
        <dd className="text-slate-800">
          <ListText items={provider.languages.map((code) => LANGUAGES.find((l) => l.code === code)?.name ?? code)} language={language} />
        </dd>
        <dt className="font-medium text-slate-900">{t('adminProviders.conditions')}</dt>
        <dd className="text-slate-800">
          <ListText items={provider.conditions} language={language} />
        </dd>
        <dt className="font-medium text-slate-900">{t('adminProviders.modes')}</dt>
        <dd className="text-slate-800">
          <ListText items={modes} language={language} />
        </dd>
        <dt className="font-medium text-slate-900">{t('adminProviders.bio')}</dt>
        <dd className="whitespace-pre-line text-slate-800">{provider.bio ? <bdi>{provider.bio}</bdi> : '—'}</dd>
        <dt className="font-medium text-slate-900">{t('adminProviders.locations')}</dt>
        <dd className="text-slate-800">
          {provider.locations.length === 0 ? (
            t('adminProviders.noLocations')
          ) : (
            <ul className="space-y-1">
              {provider.locations.map((l, i) => (
                <li key={i}>
                  <bdi>{l.name}</bdi>
                  {': '}
                  <bdi>
                    {isRegionCode(l.country)
                      ? formatAddress(l, l.country, { fields: practiceAddressFields(l.country), countryName: countryName(l.country, language) })
                      : [l.street, l.suburb, l.city, l.state, l.postalCode, l.country].filter(Boolean).join(', ')}
                  </bdi>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className="font-medium text-slate-900">{t('adminProviders.services')}</dt>
        <dd className="text-slate-800">
          {provider.services.length === 0 ? (
            t('adminProviders.noServices')
          ) : (
            <ul className="space-y-1">
              {provider.services.map((s, i) => (
                <li key={i}>
                  {t('adminProviders.service', {
                    name: s.name,
                    minutes: s.durationMinutes,
                    mode: t(s.mode === 'telehealth' ? 'adminProviders.byVideo' : 'adminProviders.inPerson'),
                    price: formatMoney(s.priceMinor, s.currency, language),
                  })}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </details>
  );
}
