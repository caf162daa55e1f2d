import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TenantDetail } from '~/shared/contracts/tenants';
import { formatDate } from '../lib/format';
import { PlanBadge } from './plan-badge';
import { useFormatLocale } from '~/web/lib/format-locale';

/** The organisation at a glance: plan (badge), trial end in the reader's time zone, address, role. */
export function TenantDetails({ tenant, timeZone, headingId }: { tenant: TenantDetail; timeZone: string; headingId: string }) {
  const { t } = useTranslation('dashboard');
  const locale = useFormatLocale();
  const rows: { label: string; value: ReactNode }[] = [
    { label: t('tenants.details.plan'), value: <PlanBadge plan={tenant.planType} /> },
    {
      label: t('tenants.details.trialEnds'),
      value: tenant.trialEndsAt ? (
        <time dateTime={tenant.trialEndsAt}>{formatDate(tenant.trialEndsAt, locale, timeZone)}</time>
      ) : (
        t('tenants.details.noTrial')
      ),
    },
    { label: t('tenants.details.slug'), value: <span dir="ltr">{tenant.slug}</span> },
    { label: t('tenants.details.domain'), value: tenant.domain ? <span dir="ltr">{tenant.domain}</span> : t('tenants.details.noDomain') },
    { label: t('tenants.details.yourRole'), value: t(`tenants.roles.${tenant.membershipRole}`) },
    {
      label: t('tenants.details.mfa'),
      value: tenant.requireMfaForStaff ? t('tenants.details.mfaRequired') : t('tenants.details.mfaNotRequired'),
    },
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('tenants.details.title')}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-sm font-medium text-slate-700">{row.label}</dt>
            <dd className="mt-1 text-base text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
