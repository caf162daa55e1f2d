import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { WaitlistEntry } from '~/shared/contracts/appointments';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { Pager } from '~/web/components/ui/pager';
import { formatDateTime, userTimeZone } from '~/web/lib/dates';
import { problemMessage } from '~/web/lib/problem-message';
import { useAuth } from '~/web/lib/session';
import { useLeaveWaitlist, useMyAppointments, useMyWaitlist } from '../api/booking-api';
import { focusElement, useFocusFallback } from '~/web/lib/focus';
import { formatDayHeading } from '../lib/format';
import { AppointmentCard } from './appointment-card';
import { PageHeading, QueryState } from './parts';
import { useFormatLocale } from '~/web/lib/format-locale';

/** /appointments: the patient's upcoming and past appointments, and the days they wait for. */
export function AppointmentsPage() {
  const { t } = useTranslation('appointments');
  // The tab and the page are in the address (?show=past&page=2): a reload, a shared link or Back keeps them.
  const [params, setParams] = useSearchParams();
  const when: 'upcoming' | 'past' = params.get('show') === 'past' ? 'past' : 'upcoming';
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 10_000 ? asked : 1;
  function show(next: 'upcoming' | 'past', nextPage: number, replace = false) {
    const search = new URLSearchParams();
    if (next === 'past') search.set('show', 'past');
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search, { preventScrollReset: true, replace });
  }
  const list = useMyAppointments(when, page);
  const id = useId();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  // A link to a page past the end (the list got shorter) shows the last one.
  const pastTheEnd = list.data !== undefined && page > pages;
  useEffect(() => {
    if (pastTheEnd) show(when, pages, true);
  });
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('list.title')} />
      <PageHeading title={t('list.title')} intro={t('list.intro')}>
        <ButtonLink to="/appointments/book">{t('list.bookNew')}</ButtonLink>
      </PageHeading>
      <WaitlistOffers />
      <div role="group" aria-label={t('list.which')} className="mt-8 inline-flex rounded-lg border border-slate-300 bg-white p-1">
        {(['upcoming', 'past'] as const).map((w) => (
          <button
            key={w}
            type="button"
            aria-pressed={when === w}
            onClick={() => show(w, 1)}
            className={when === w ? 'rounded-md bg-teal-700 px-4 py-2 text-sm font-medium text-white' : 'rounded-md px-4 py-2 text-sm font-medium text-slate-800'}
          >
            {t(`list.${w}`)}
          </button>
        ))}
      </div>
      <section aria-labelledby={id} className="mt-6">
        <h2 id={id} className="sr-only">
          {t(`list.${when}`)}
        </h2>
        <QueryState pending={list.isPending} error={list.isError ? list.error : null} retry={() => void list.refetch()}>
          {list.data && list.data.appointments.length === 0 ? (
            <p className="text-slate-700">
              {t(when === 'upcoming' ? 'list.noneUpcoming' : 'list.nonePast')}{' '}
              <Link to="/providers" className="font-medium text-teal-800 underline inline-flex min-h-6 items-center">
                {t('list.findProvider')}
              </Link>
            </p>
          ) : (
            <ul className="space-y-4" aria-busy={list.isFetching}>
              {list.data?.appointments.map((a) => <AppointmentCard key={a.id} appointment={a} />)}
            </ul>
          )}
          {pages > 1 ? (
            <Pager
              label={t('list.pages')}
              status={t('list.pageOf', { page, pages })}
              previousLabel={t('list.previous')}
              nextLabel={t('list.next')}
              page={page}
              pages={pages}
              onPage={(n) => show(when, n)}
              className="mt-6 flex items-center justify-between gap-3"
            />
          ) : null}
        </QueryState>
      </section>
    </div>
  );
}

/** Days the patient waits for; a held offer links straight to booking that time. */
export function WaitlistOffers() {
  const waitlist = useMyWaitlist();
  const entries = waitlist.data?.entries ?? [];
  if (entries.length === 0) return null;
  return <WaitlistSection entries={entries} />;
}

function WaitlistSection({ entries }: { entries: WaitlistEntry[] }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  const leave = useLeaveWaitlist();
  const id = useId();
  // The entry left (and its focused button) goes away: the focus goes to the section's heading,
  // and when it was the last entry and the section goes too, to the page's heading.
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusFallback(sectionRef);
  return (
    <section ref={sectionRef} aria-labelledby={id} className="mt-8 rounded-xl border border-teal-200 bg-teal-50 p-5">
      <h2 id={id} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        {t('waitlist.title')}
      </h2>
      <ul className="mt-3 space-y-3">
        {entries.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-900">
              <bdi>{e.provider.displayName}</bdi> · <bdi>{e.service.name}</bdi> · {formatDayHeading(e.date, locale)}
              {e.status === 'offered' && e.offeredStartsAt ? (
                <span className="block text-sm font-medium text-teal-900">
                  {t('waitlist.offered', { when: formatDateTime(e.offeredStartsAt, locale, zone), until: formatDateTime(e.offerExpiresAt ?? e.offeredStartsAt, locale, zone) })}
                </span>
              ) : (
                <span className="block text-sm text-slate-700">{t('waitlist.waiting')}</span>
              )}
            </p>
            <div className="flex gap-2">
              {e.status === 'offered' && e.offeredStartsAt ? (
                <ButtonLink size="sm" to={`/appointments/book/${e.provider.id}?service=${e.service.id}&location=${e.locationId}&time=${encodeURIComponent(e.offeredStartsAt)}`}>
                  {t('waitlist.bookOffer')}
                </ButtonLink>
              ) : null}
              <Button
                variant="outline"
                size="sm"
                busy={leave.isPending}
                onClick={() =>
                  leave.mutate(e.id, {
                    onSuccess: () => {
                      focusElement(headingRef.current);
                      toast.success(t('waitlist.left', { day: formatDayHeading(e.date, locale) }));
                    },
                    onError: (error) => toast.error(problemMessage(i18n, error)),
                  })
                }
              >
                {t('waitlist.leave')}
                <span className="sr-only">: {e.provider.displayName}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
