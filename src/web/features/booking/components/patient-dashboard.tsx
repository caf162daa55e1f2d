import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SPECIALTY_SLUGS, specialtySearchPath } from '~/shared/specialties';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { MessagesSummary } from '~/web/components/layout/messages-link';
import { ButtonLink } from '~/web/components/ui/button';
import { useAuth } from '~/web/lib/session';
import { useMyAppointments } from '../api/booking-api';
import { AppointmentCard } from './appointment-card';
import { WaitlistOffers } from './appointments-page';
import { PageHeading, QueryState } from './parts';

/** /dashboard: the patient's next appointment, quick booking and the providers they saw lately. */
export function PatientDashboard() {
  const { t } = useTranslation('appointments');
  const { session } = useAuth();
  const upcoming = useMyAppointments('upcoming', 1);
  const past = useMyAppointments('past', 1);
  const ids = { next: useId(), quick: useId(), recent: useId() };
  const next = upcoming.data?.appointments[0];
  const recent = [...new Map((past.data?.appointments ?? []).map((a) => [a.provider.id, a.provider])).values()].slice(0, 4);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('dashboard.title')} />
      <PageHeading title={t('dashboard.greeting', { name: session?.user.name ?? '' })} intro={t('dashboard.intro')} />
      <WaitlistOffers />
      <div className="mt-8 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby={ids.next}>
          <h2 id={ids.next} className="text-xl font-semibold text-slate-900">
            {t('dashboard.next')}
          </h2>
          <QueryState pending={upcoming.isPending} error={upcoming.isError ? upcoming.error : null}>
            {next ? (
              <ul className="mt-3">
                <AppointmentCard appointment={next} />
              </ul>
            ) : (
              <p className="mt-3 text-slate-700">{t('dashboard.noNext')}</p>
            )}
            {(upcoming.data?.total ?? 0) > 1 ? (
              <p className="mt-3 text-sm">
                <Link to="/appointments" className="font-medium text-teal-800 underline inline-flex min-h-6 items-center">
                  {t('dashboard.allUpcoming', { count: upcoming.data?.total ?? 0 })}
                </Link>
              </p>
            ) : null}
          </QueryState>
        </section>
        <div className="space-y-6">
          <MessagesSummary />
          <section aria-labelledby={ids.quick} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id={ids.quick} className="text-lg font-semibold text-slate-900">
              {t('dashboard.quick')}
            </h2>
            <ButtonLink className="mt-3" to="/appointments/book">
              {t('dashboard.bookNow')}
            </ButtonLink>
            <ul className="mt-4 flex flex-wrap gap-2">
              {SPECIALTY_SLUGS.map((slug) => (
                <li key={slug}>
                  <Link to={specialtySearchPath(slug)} className="inline-flex min-h-9 items-center rounded-full border border-slate-300 px-3 text-sm text-slate-900 hover:border-teal-700">
                    {t(`specialties.${slug}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={ids.recent} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id={ids.recent} className="text-lg font-semibold text-slate-900">
              {t('dashboard.recent')}
            </h2>
            {recent.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t('dashboard.noRecent')}</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {recent.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                    <Link to={`/providers/${p.id}`} className="font-medium text-slate-900 hover:underline">
                      <bdi>{p.displayName}</bdi>
                    </Link>
                    <Link to={`/appointments/book/${p.id}`} className="text-sm font-medium text-teal-800 underline inline-flex min-h-6 items-center">
                      {t('dashboard.bookAgain')}
                      <span className="sr-only">: {p.displayName}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
