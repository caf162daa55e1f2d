import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProviderDetail } from '~/shared/contracts/providers';
import { LANGUAGES } from '~/shared/languages';
import { formatAddress } from '~/shared/regions';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { NotFoundContent } from '~/web/components/layout/not-found-content';
import { ButtonLink } from '~/web/components/ui/button';
import { ApiError } from '~/web/lib/api-client';
import { formatDateTime, formatTime, userTimeZone } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { useAuth } from '~/web/lib/session';
import { useHydrated } from '~/web/lib/use-hydrated';
import { useProvider, useSlots } from '../api/booking-api';
import { formatDayHeading, formatMoney, slotsByDay, zoneName } from '../lib/format';
import { ListText } from '~/web/components/ui/list-text';
import { ProviderBadges, ProviderPhoto, QueryState, RatingText } from './parts';
import { useFormatLocale } from '~/web/lib/format-locale';

/** /providers/{id}: a verified provider's profile, services, next free times and a way to book. */
export function ProviderProfilePage({ id, initial }: { id: string; initial?: { provider: ProviderDetail | null; notFound: boolean } }) {
  // The server already found no such provider: nothing to ask again.
  const provider = useProvider(initial?.notFound ? undefined : id, initial?.provider ?? undefined);
  const notFound = (initial?.notFound ?? false) || (provider.error instanceof ApiError && provider.error.status === 404);
  if (notFound) return <NotFoundContent pathname={`/providers/${id}`} />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <QueryState pending={provider.isPending} error={provider.isError ? provider.error : null} retry={() => void provider.refetch()}>
        {provider.data ? <Profile provider={provider.data} /> : null}
      </QueryState>
    </div>
  );
}

function Profile({ provider }: { provider: ProviderDetail }) {
  const { t, i18n } = useTranslation('providers');
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const ids = { about: useId(), services: useId(), where: useId(), times: useId() };
  return (
    <article>
      <DocumentTitle title={provider.displayName} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-wrap items-start gap-5">
          <ProviderPhoto name={provider.displayName} image={provider.image} size="lg" />
          <div>
            <p className="text-sm font-medium text-teal-800">
              <Link to={`/providers?specialty=${provider.specialty}`} className="underline">
                {t(`specialties.${provider.specialty}`)}
              </Link>
            </p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
              <bdi>{provider.displayName}</bdi>
            </h1>
            <p className="mt-1 text-slate-700">
              <bdi>{provider.title}</bdi> · <bdi>{provider.organisation.name}</bdi>
            </p>
            <div className="mt-2">
              <RatingText average={provider.rating.average} count={provider.rating.count} />
            </div>
            <ProviderBadges provider={provider} showAccepting />
          </div>
        </div>
        <div className="max-w-xs">
          <ButtonLink size="lg" to={`/appointments/book/${provider.id}`}>
            {t('profile.book')}
          </ButtonLink>
          {/* The server books a provider who is not taking new patients only for people they have seen. */}
          {provider.acceptingNewPatients ? null : <p className="mt-2 text-sm text-amber-900">{t('profile.returningOnly', { provider: provider.displayName })}</p>}
        </div>
      </div>

      <div className="mt-10 grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-8">
          <section aria-labelledby={ids.about}>
            <h2 id={ids.about} className="text-xl font-semibold text-slate-900">
              {t('profile.about')}
            </h2>
            {/* The provider's own words keep their direction (an English bio's full stop stays at its end in Arabic). */}
            <p dir="auto" className="mt-2 whitespace-pre-line text-start text-slate-800">
              {provider.bio}
            </p>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-medium text-slate-900">{t('profile.conditions')}</dt>
                <dd className="mt-1 text-slate-800">
                  <ListText items={provider.conditions} language={language} />
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">{t('card.languages')}</dt>
                <dd className="mt-1 text-slate-800">
                  <ListText items={provider.languages.map((code) => LANGUAGES.find((l) => l.code === code)?.name ?? code)} language={language} />
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">{t('profile.qualifications')}</dt>
                <dd className="mt-1 text-slate-800">
                  <ListText items={provider.qualifications} language={language} />
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-900">{t('profile.registration')}</dt>
                <dd className="mt-1 text-slate-800">{provider.registrationNumber ? <bdi>{provider.registrationNumber}</bdi> : '—'}</dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby={ids.services}>
            <h2 id={ids.services} className="text-xl font-semibold text-slate-900">
              {t('profile.services')}
            </h2>
            <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {provider.services.map((s) => (
                <li key={s.id} className="flex items-start justify-between gap-4 p-4">
                  {/* The price keeps its column however long the description is. */}
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      <bdi>{s.name}</bdi>
                    </p>
                    <p className="text-sm text-slate-700">
                      {t('profile.serviceLine', { minutes: s.durationMinutes, mode: t(`modes.${s.mode}`) })}
                      {s.description ? (
                        <>
                          {' · '}
                          <bdi>{s.description}</bdi>
                        </>
                      ) : null}
                    </p>
                  </div>
                  <bdi dir="ltr" className="shrink-0 whitespace-nowrap font-medium text-slate-900">{formatMoney(s.priceMinor, s.currency, language)}</bdi>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby={ids.where}>
            <h2 id={ids.where} className="text-xl font-semibold text-slate-900">
              {t('profile.where')}
            </h2>
            <ul className="mt-3 space-y-2">
              {provider.locations.map((l) => (
                <li key={l.id} className="text-slate-800">
                  <bdi className="font-medium text-slate-900">{l.name}</bdi>
                  {' — '}
                  {l.kind === 'practice' ? <bdi>{formatAddress(l, l.country)}</bdi> : t('modes.telehealth')}
                  <span className="block text-sm text-slate-700">{t('profile.hoursIn', { zone: zoneName(l.timeZone, locale), id: l.timeZone })}</span>
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-slate-700">{t('profile.cancellation', { hours: provider.cancellationWindowHours })}</p>
          </section>
        </div>

        <aside aria-labelledby={ids.times} className="h-fit rounded-xl border border-slate-200 bg-white p-5">
          <h2 id={ids.times} className="text-lg font-semibold text-slate-900">
            {t('profile.nextTimes')}
          </h2>
          <NextTimes provider={provider} />
        </aside>
      </div>
    </article>
  );
}

function NextTimes({ provider }: { provider: ProviderDetail }) {
  const { t } = useTranslation('providers');
  const locale = useFormatLocale();
  const { session } = useAuth();
  // The times are shown in the viewer's zone, which the server cannot know (it renders UTC when
  // nobody saved one): they and the zone's name come once the page has hydrated, as on the home page.
  const hydrated = useHydrated();
  const zone = userTimeZone(session?.user.timeZone);
  const service = provider.services[0];
  const location = provider.locations.find((l) => (service?.mode === 'in_person' ? l.kind === 'practice' : true));
  const slots = useSlots(service && location ? { providerId: provider.id, serviceId: service.id, locationId: location.id, days: 14 } : null);
  if (!service || !location) return <p className="mt-3 text-sm text-slate-700">{t('card.noTimes')}</p>;
  const days = slots.data ? slotsByDay(slots.data.slots, zone).slice(0, 3) : [];
  return (
    <div className="mt-2">
      {hydrated ? <p className="text-sm text-slate-700">{t('profile.forService', { service: service.name, zone: zoneName(zone, locale) })}</p> : null}
      {slots.isPending || !hydrated ? (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {t('profile.loadingTimes')}
        </p>
      ) : days.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{provider.nextAvailableAt ? t('profile.nextAt', { when: formatDateTime(provider.nextAvailableAt, locale, zone) }) : t('card.noTimes')}</p>
      ) : (
        days.map(({ day, slots: list }) => (
          <div key={day} className="mt-3">
            <h3 className="text-sm font-semibold text-slate-900">{formatDayHeading(day, locale)}</h3>
            <ul className="mt-1 flex flex-wrap gap-2">
              {list.slice(0, 6).map((s) => (
                <li key={s.start}>
                  <Link
                    to={`/appointments/book/${provider.id}?service=${service.id}&location=${location.id}&time=${encodeURIComponent(s.start)}`}
                    className="inline-flex min-h-9 items-center rounded-md border border-slate-300 px-2.5 text-sm text-slate-900 hover:border-teal-700"
                  >
                    <span className="sr-only">{t('profile.bookAt')} </span>
                    {formatTime(s.start, locale, zone)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </div>
  );
}
