import { TZDate } from '@date-fns/tz';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Appointment } from '~/shared/contracts/appointments';
import { CalendarDateSchema } from '~/shared/contracts/instants';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { userTimeZone } from '~/web/lib/dates';
import { useMediaQuery } from '~/web/lib/media-query';
import { useAuth } from '~/web/lib/session';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '~/shared/appointments';
import { PATIENT_FILTER_MAX_LENGTH } from '~/shared/contracts/practice';
import { Input } from '~/web/components/ui/input';
import { type PracticeListFilters, usePracticeAppointments, usePracticeProviders } from '../api/booking-api';
import { addDays, formatDayHeading, localDate, mondayOf, slotsByDay, zoneName } from '../lib/format';
import { PageHeading, QueryState, SELECT_CLASS_NAME } from './parts';
import { PracticeAppointment } from './practice-appointment';
import { ProviderSelect } from './provider-select';
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
  // So are the filters (?provider=…&status=…&patient=…).
  const providers = usePracticeProviders();
  const providerList = providers.data?.providers ?? [];
  const askedStatus = params.get('status') ?? '';
  const filters: PracticeListFilters = {
    providerId: params.get('provider') ?? '',
    status: (APPOINTMENT_STATUSES as readonly string[]).includes(askedStatus) ? (askedStatus as AppointmentStatus) : '',
    patient: (params.get('patient') ?? '').slice(0, PATIENT_FILTER_MAX_LENGTH),
  };
  // A provider sees only their own (the server scopes them), so a provider in the address narrows
  // nothing for them; it counts only where the page offers the choice.
  const providerChoice = providerList.length > 1 ? providerList : [];
  const filtered = providerChoice.some((p) => p.id === filters.providerId) || filters.status !== '' || filters.patient.trim() !== '';
  function go(next: { view?: View; anchor?: string; filters?: PracticeListFilters }) {
    const search = new URLSearchParams();
    const nextView = next.view ?? view;
    if (nextView !== 'week') search.set('view', nextView);
    if (next.anchor !== undefined ? next.anchor !== localDate(new Date(), zone) : params.has('date')) search.set('date', next.anchor ?? anchor);
    const f = next.filters ?? filters;
    if (f.providerId) search.set('provider', f.providerId);
    if (f.status) search.set('status', f.status);
    if (f.patient.trim()) search.set('patient', f.patient.trim());
    setParams(search, { preventScrollReset: true });
  }
  const setView = (next: View) => go({ view: next });
  const setAnchor = (next: string) => go({ anchor: next });
  const setFilters = (next: Partial<PracticeListFilters>) => go({ filters: { ...filters, ...next } });
  const first = view === 'day' ? anchor : mondayOf(anchor);
  const days = view === 'day' ? 1 : view === 'week' ? 7 : 28;
  const last = addDays(first, days);
  const list = usePracticeAppointments(startOf(first, zone), startOf(last, zone), filters);
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
      <ScheduleFilters
        filters={filters}
        providers={providerChoice}
        filtered={filtered}
        onChange={setFilters}
      />
      <section aria-labelledby={headingId} className="mt-6">
        <h2 id={headingId} aria-live="polite" className="text-lg font-semibold text-slate-900">
          {rangeLabel}
        </h2>
        <QueryState pending={list.isPending} error={list.isError ? list.error : null} retry={() => void list.refetch()}>
          {view === 'week' && wide ? (
            // Wide screens: the week as a time grid. Narrow ones: its days one under another, as the list view does.
            <div className="mt-4" aria-busy={list.isFetching}>
              {/* The grid's empty hours say nothing of why: filters that match nothing say so. */}
              {filtered && list.data?.appointments.length === 0 ? <p className="mb-4 text-slate-700">{t('practice.filters.noneMatch')}</p> : null}
              <WeekGrid days={Array.from({ length: 7 }, (_, i) => addDays(first, i))} appointments={list.data?.appointments ?? []} timeZone={zone} />
            </div>
          ) : byDay.length === 0 ? (
            <p className="mt-4 text-slate-700">{t(filtered ? 'practice.filters.noneMatch' : 'practice.noneInRange')}</p>
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

/**
 * What the schedule is narrowed to: a provider (staff of an organisation with several), a status,
 * and a patient's name or email. The lists apply as they change; the search when it is submitted.
 */
function ScheduleFilters({
  filters,
  providers,
  filtered,
  onChange,
}: {
  filters: PracticeListFilters;
  providers: readonly { id: string; displayName: string }[];
  filtered: boolean;
  onChange(next: Partial<PracticeListFilters>): void;
}) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const [patient, setPatient] = useState(filters.patient);
  // The address changed the search (Back, a link, Clear filters): the box shows it.
  const [shown, setShown] = useState(filters.patient);
  if (shown !== filters.patient) {
    setShown(filters.patient);
    setPatient(filters.patient);
  }
  const searchBox = useRef<HTMLInputElement>(null);
  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ patient });
  }
  function clear() {
    onChange({ providerId: '', status: '', patient: '' });
    // The button goes with the filters: the focus goes to the search box, not to the page's body.
    searchBox.current?.focus();
  }
  return (
    <form role="search" aria-label={t('practice.filters.label')} onSubmit={onSearch} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto_auto] lg:items-end">
      <div>
        <label htmlFor={`${id}-patient`} className="block text-sm font-medium text-slate-900">
          {t('practice.filters.patient')}
        </label>
        <Input
          ref={searchBox}
          id={`${id}-patient`}
          type="search"
          className="mt-1.5"
          maxLength={PATIENT_FILTER_MAX_LENGTH}
          value={patient}
          onChange={(event) => setPatient(event.target.value)}
        />
      </div>
      {providers.length > 0 ? (
        <ProviderSelect
          label={t('practice.filters.provider')}
          anyLabel={t('practice.filters.anyProvider')}
          providers={providers}
          value={filters.providerId}
          onChange={(providerId) => onChange({ providerId })}
        />
      ) : null}
      <div>
        <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-900">
          {t('practice.filters.status')}
        </label>
        <select
          id={`${id}-status`}
          className={`${SELECT_CLASS_NAME} mt-1.5`}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value as AppointmentStatus | '' })}
        >
          <option value="">{t('practice.filters.anyStatus')}</option>
          {APPOINTMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline">
        {t('practice.filters.search')}
      </Button>
      {filtered ? (
        <Button type="button" variant="ghost" onClick={clear}>
          {t('practice.filters.clear')}
        </Button>
      ) : null}
    </form>
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
