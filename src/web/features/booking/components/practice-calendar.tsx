import { TZDate } from '@date-fns/tz';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import type { Appointment } from '~/shared/contracts/appointments';
import { CalendarDateSchema } from '~/shared/contracts/instants';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { userTimeZone } from '~/web/lib/dates';
import { useMediaQuery } from '~/web/lib/media-query';
import { useAuth } from '~/web/lib/session';
import { usePracticeAppointments } from '../api/booking-api';
import { addDays, formatDayHeading, localDate, mondayOf, slotsByDay, zoneName } from '../lib/format';
import { PageHeading, QueryState } from './parts';
import { PracticeAppointment } from './practice-appointment';
import { WeekGrid } from './week-grid';
import { useFormatLocale } from '~/web/lib/format-locale';

type View = 'day' | 'week' | 'list';

/** Tailwind's `md`: from this width the week is a time grid. */
const WIDE_SCREEN = '(min-width: 48rem)';

/** The instant a local date starts in a zone. */
function startOf(isoDay: string, timeZone: string): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, timeZone).getTime()).toISOString();
}

/** /provider/appointments: a day or week calendar, or a list, with check-in, completion and no-show. */
export function PracticeCalendarPage() {
  const { t } = useTranslation('appointments');
  const locale = useFormatLocale();
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  // The view and the date are in the address (?view=day&date=2026-12-01): a reload, a shared link or Back keeps them.
  const [params, setParams] = useSearchParams();
  const askedView = params.get('view');
  const view: View = askedView === 'day' || askedView === 'list' ? askedView : 'week';
  const askedDate = params.get('date') ?? '';
  const anchor = CalendarDateSchema.safeParse(askedDate).success ? askedDate : localDate(new Date(), zone);
  function go(next: { view?: View; anchor?: string }) {
    const search = new URLSearchParams();
    const nextView = next.view ?? view;
    if (nextView !== 'week') search.set('view', nextView);
    if (next.anchor !== undefined ? next.anchor !== localDate(new Date(), zone) : params.has('date')) search.set('date', next.anchor ?? anchor);
    setParams(search, { preventScrollReset: true });
  }
  const setView = (next: View) => go({ view: next });
  const setAnchor = (next: string) => go({ anchor: next });
  const first = view === 'day' ? anchor : mondayOf(anchor);
  const days = view === 'day' ? 1 : view === 'week' ? 7 : 28;
  const last = addDays(first, days);
  const list = usePracticeAppointments(startOf(first, zone), startOf(last, zone));
  const headingId = useId();
  const wide = useMediaQuery(WIDE_SCREEN);
  const byDay = slotsByDay((list.data?.appointments ?? []).map((a) => ({ ...a, start: a.startsAt })), zone);
  const step = view === 'day' ? 1 : view === 'week' ? 7 : 28;
  const rangeLabel = view === 'day' ? formatDayHeading(first, locale) : `${formatDayHeading(first, locale)} – ${formatDayHeading(addDays(last, -1), locale)}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('practice.calendarTitle')} />
      <PageHeading title={t('practice.calendarTitle')} intro={t('practice.calendarIntro', { zone: zoneName(zone, locale) })} />
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t('practice.view')} className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
          {(['day', 'week', 'list'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={view === v ? 'rounded-md bg-teal-700 px-4 py-2 text-sm font-medium text-white' : 'rounded-md px-4 py-2 text-sm font-medium text-slate-800'}
            >
              {t(`practice.views.${v}`)}
            </button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink size="sm" to="/provider/appointments/new">
            {t('practiceBooking.newAppointment')}
          </ButtonLink>
          <Button variant="outline" size="sm" onClick={() => setAnchor(addDays(anchor, -step))}>
            {t('practice.previous')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAnchor(localDate(new Date(), zone))}>
            {t('practice.today_button')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAnchor(addDays(anchor, step))}>
            {t('practice.next')}
          </Button>
        </div>
      </div>
      <section aria-labelledby={headingId} className="mt-6">
        <h2 id={headingId} aria-live="polite" className="text-lg font-semibold text-slate-900">
          {rangeLabel}
        </h2>
        <QueryState pending={list.isPending} error={list.isError ? list.error : null} retry={() => void list.refetch()}>
          {view === 'week' && wide ? (
            // Wide screens: the week as a time grid. Narrow ones: its days one under another, as the list view does.
            <div className="mt-4" aria-busy={list.isFetching}>
              <WeekGrid days={Array.from({ length: 7 }, (_, i) => addDays(first, i))} appointments={list.data?.appointments ?? []} timeZone={zone} />
            </div>
          ) : byDay.length === 0 ? (
            <p className="mt-4 text-slate-700">{t('practice.noneInRange')}</p>
          ) : (
            <div className="mt-4 space-y-6" aria-busy={list.isFetching}>
              {byDay.map(({ day, slots: items }) => (
                // The day view's one day is the section's heading already (the week's narrow list names each).
                <DayOfAppointments key={day} heading={view === 'day' ? null : formatDayHeading(day, locale)} appointments={items} timeZone={zone} />
              ))}
            </div>
          )}
        </QueryState>
      </section>
    </div>
  );
}

/** One day's appointments, one card each, under the day's heading (none when the section names the day). */
function DayOfAppointments({ heading, appointments, timeZone }: { heading: string | null; appointments: readonly Appointment[]; timeZone: string }) {
  return (
    <div>
      {heading ? <h3 className="text-base font-semibold text-slate-900">{heading}</h3> : null}
      <ul className="mt-2 space-y-2">
        {appointments.map((a) => (
          <li key={a.id}>
            <PracticeAppointment appointment={a} timeZone={timeZone} />
          </li>
        ))}
      </ul>
    </div>
  );
}
