import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { MessagesSummary } from '~/web/components/layout/messages-link';
import { formatDate, userTimeZone, zoneName } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { useAuth } from '~/web/lib/session';
import { usePracticeDashboard } from '../api/booking-api';
import { formatMoney } from '../lib/format';
import { NoProfileNotice, PageHeading, QueryState } from './parts';
import { PracticeAppointment } from './practice-appointment';
import { useFormatLocale } from '~/web/lib/format-locale';

/** /provider/dashboard: today's schedule, what waits for action, and this week's figures. */
export function PracticeDashboardPage() {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  const dashboard = usePracticeDashboard(zone);
  const ids = { today: useId(), waiting: useId(), week: useId() };
  const d = dashboard.data;
  const figures = d
    ? ([
        ['booked', d.week.booked],
        ['completed', d.week.completed],
        ['cancelled', d.week.cancelled],
        ['noShow', d.week.noShow],
      ] as const)
    : [];
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('practice.dashboardTitle')} />
      <PageHeading title={t('practice.dashboardTitle')} intro={session?.currentTenant ? t('practice.dashboardIntro', { organisation: session.currentTenant.name }) : undefined}>
        <div className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
          <Link to="/provider/appointments" className="font-medium text-teal-800 underline inline-flex min-h-6 items-center">
            {t('practice.calendarLink')}
          </Link>
          <Link to="/provider/telehealth" className="font-medium text-teal-800 underline inline-flex min-h-6 items-center">
            {t('practice.telehealthLink')}
          </Link>
          <Link to="/provider/availability" className="font-medium text-teal-800 underline inline-flex min-h-6 items-center">
            {t('practice.availabilityLink')}
          </Link>
          <Link to="/provider/profile" className="font-medium text-teal-800 underline inline-flex min-h-6 items-center">
            {t('practice.profileLink')}
          </Link>
        </div>
      </PageHeading>
      <MessagesSummary className="mt-6 rounded-xl border border-slate-200 bg-white p-5" />
      <QueryState pending={dashboard.isPending} error={dashboard.isError ? dashboard.error : null} retry={() => void dashboard.refetch()}>
        {d ? (
          <>
            {d.hasProfile ? null : <NoProfileNotice />}
            {d.outsideHours > 0 ? (
              <p className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900">
                {t('practice.outsideHours', { count: d.outsideHours })}{' '}
                <Link to="/provider/availability" className="font-medium text-teal-800 underline">
                  {t('practice.reviewOutside')}
                </Link>
              </p>
            ) : null}
            <section aria-labelledby={ids.week} className="mt-8">
              <h2 id={ids.week} className="text-xl font-semibold text-slate-900">
                {t('practice.week')}
              </h2>
              <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
                {figures.map(([key, value]) => (
                  <div key={key} className="rounded-xl border border-slate-200 bg-white p-4">
                    <dt className="text-sm text-slate-700">{t(`practice.figures.${key}`)}</dt>
                    <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
                  </div>
                ))}
                <div className="rounded-xl border border-slate-200 bg-white p-4">
                  <dt className="text-sm text-slate-700">{t('practice.figures.revenue')}</dt>
                  <dd className="mt-1 text-2xl font-semibold text-slate-900">{d.week.revenue.length === 0
                    ? '—'
                    : // Each currency's amount keeps its own order in a right-to-left page (as on appointment cards).
                      d.week.revenue.map((r, i) => (
                        <Fragment key={r.currency}>
                          {i > 0 ? ' · ' : null}
                          <bdi dir="ltr">{formatMoney(r.amountMinor, r.currency, language)}</bdi>
                        </Fragment>
                      ))}</dd>
                </div>
              </dl>
            </section>
            <div className="mt-8 grid gap-8 lg:grid-cols-2">
              <section aria-labelledby={ids.today}>
                <h2 id={ids.today} className="text-xl font-semibold text-slate-900">
                  {t('practice.today', { date: formatDate(new Date(), locale, zone) })}
                </h2>
                <p className="mt-1 text-sm text-slate-700">{t('practice.calendarIntro', { zone: zoneName(zone, locale) })}</p>
                {d.today.length === 0 ? (
                  <p className="mt-3 text-slate-700">{t('practice.nothingToday')}</p>
                ) : (
                  <ul className="mt-3 space-y-3">
                    {d.today.map((a) => (
                      <li key={a.id}>
                        <PracticeAppointment appointment={a} timeZone={zone} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
              <section aria-labelledby={ids.waiting}>
                <h2 id={ids.waiting} className="text-xl font-semibold text-slate-900">
                  {t('practice.waiting')}
                </h2>
                {d.waiting.length === 0 ? (
                  <p className="mt-3 text-slate-700">{t('practice.nothingWaiting')}</p>
                ) : (
                  <ul className="mt-3 space-y-3">
                    {d.waiting.map((a) => (
                      <li key={a.id}>
                        <PracticeAppointment appointment={a} timeZone={zone} showDate={(iso) => formatDate(iso, locale, zone)} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </div>
          </>
        ) : null}
      </QueryState>
    </div>
  );
}
