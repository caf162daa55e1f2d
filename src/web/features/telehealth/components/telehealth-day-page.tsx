import { clsx } from 'clsx';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OPEN_APPOINTMENT_STATUSES } from '~/shared/appointments';
import { CalendarDateSchema } from '~/shared/contracts/instants';
import type { TelehealthDayVisit } from '~/shared/contracts/telehealth';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';
import { formatDate, formatTime, intlLocale, userTimeZone } from '~/web/lib/dates';
import { isolate } from '~/web/lib/bidi';
import { useRealtimeEvents } from '~/web/lib/realtime';
import { useAuth } from '~/web/lib/session';
import { useRefreshTelehealth, useTelehealthDay } from '../api/telehealth-api';
import { addDays, localDate, zoneName } from '~/web/lib/dates';
import { QueryState } from './parts';
import { useFormatLocale } from '~/web/lib/format-locale';

const PHASE_TONE = {
  'not-open': 'bg-slate-100 text-slate-800',
  open: 'bg-teal-50 text-teal-900',
  ended: 'bg-emerald-50 text-emerald-900',
  unavailable: 'bg-red-50 text-red-800',
  closed: 'bg-amber-50 text-amber-950',
} as const;

/** /provider/telehealth: the provider's video visits of a day, with who is waiting now. */
export function TelehealthDayPage() {
  const { t } = useTranslation('telehealth');
  const locale = useFormatLocale();
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  // The day is in the address (?date=YYYY-MM-DD), so a reload or a shared link shows the same day.
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  // A day that does not exist (2026-13-45, from an edited link) shows today, as the calendar does.
  const today = localDate(new Date(), zone);
  const date = CalendarDateSchema.safeParse(asked).success ? asked : today;
  const setDate = (next: string) => setParams((p) => ({ ...Object.fromEntries(p), date: next }), { replace: true });
  const day = useTelehealthDay(date, zone);
  const refresh = useRefreshTelehealth();
  useRealtimeEvents((event) => {
    if (event.event === 'visit' || event.event === 'resync') refresh();
  });
  const headingId = useId();
  const visits = day.data?.visits ?? [];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('day.title')} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('day.title')}</h1>
          <p className="mt-2 text-base text-slate-700">{t('day.intro', { zone: zoneName(zone, locale) })}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <Field label={t('day.date')} className="w-48">
            {({ id, describedBy }) => (
              <Input
                id={id}
                type="date"
                aria-describedby={describedBy}
                value={date}
                onChange={(e) => {
                  if (CalendarDateSchema.safeParse(e.target.value).success) setDate(e.target.value);
                }}
              />
            )}
          </Field>
          <Button variant="outline" onClick={() => setDate(addDays(date, -1))}>
            {t('day.previousDay')}
          </Button>
          <Button variant="outline" onClick={() => setDate(today)}>
            {t('day.today')}
          </Button>
          <Button variant="outline" onClick={() => setDate(addDays(date, 1))}>
            {t('day.nextDay')}
          </Button>
        </div>
      </div>
      <section aria-labelledby={headingId} className="mt-8">
        <h2 id={headingId} aria-live="polite" className="text-xl font-semibold text-slate-900">
          {t('day.visitsOn', { date: formatDate(`${date}T12:00:00Z`, locale, 'UTC') })}
        </h2>
        <QueryState pending={day.isPending} error={day.isError ? day.error : null} retry={() => void day.refetch()}>
          {visits.length === 0 ? (
            <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-slate-700">
              <p>{t('day.none')}</p>
              {day.data?.next ? (
                <p className="mt-2">
                  {t('day.nextVisit', { date: formatDate(day.data.next.startsAt, locale, zone), time: formatTime(day.data.next.startsAt, locale, zone) })}{' '}
                  <button type="button" className="inline-flex min-h-6 items-center font-medium text-teal-800 underline" onClick={() => setDate(day.data!.next!.date)}>
                    {t('day.showNext')}
                  </button>
                </p>
              ) : null}
            </div>
          ) : (
            <ul className="mt-4 space-y-3" aria-busy={day.isFetching}>
              {visits.map((v) => (
                <DayVisit key={v.appointmentId} visit={v} date={date} zone={zone} locale={locale} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}

/** One visit of the day: its time, patient, stage, who is waiting or in it, and what the viewer can do. */
export function DayVisit({ visit: v, date, zone, locale }: { visit: TelehealthDayVisit; date: string; zone: string; locale: string }) {
  const { t } = useTranslation('telehealth');
  const headingId = useId();
  const started = Boolean(v.startedAt) && !v.endedAt;
  // Its time is over and the appointment still waits for an outcome (completed or missed), which
  // the practice's calendar records: the card says so instead of only "Ended".
  const outcomeMissing = v.phase === 'ended' && !v.reopenable && (OPEN_APPOINTMENT_STATUSES as readonly string[]).includes(v.status);
  const phaseLabel = started
    ? t('day.inProgress')
    : v.reopenable
      ? t('day.phases.closed')
      : outcomeMissing && !v.startedAt
        ? t('day.notHeld')
        : t(`day.phases.${v.phase}`);
  // "Name (role)" as the page's language writes it (its brackets, its list's commas and "and"),
  // each name isolated so one in another script keeps its own direction.
  const list = new Intl.ListFormat(intlLocale(locale), { style: 'long', type: 'conjunction' });
  const person = (p: TelehealthDayVisit['others'][number]) => {
    const values = { name: isolate(p.name), role: t(`roles.${p.role}`) };
    return p.leftAt ? t('day.personLeft', { ...values, time: formatTime(p.leftAt, locale, zone) }) : t('day.person', values);
  };
  const inCall = v.others.filter((p) => p.presence === 'in-call');
  const gone = v.others.filter((p) => p.presence === 'gone');
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            <time dateTime={v.startsAt}>{formatTime(v.startsAt, locale, zone)}</time>–<time dateTime={v.endsAt}>{formatTime(v.endsAt, locale, zone)}</time> · <bdi>{v.patientName}</bdi>
          </h3>
          <p className="text-sm text-slate-700">{v.serviceName}</p>
        </div>
        <span className={clsx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium', PHASE_TONE[v.reopenable || outcomeMissing ? 'closed' : v.phase])}>
          {phaseLabel}
        </span>
      </div>
      {v.waiting.length > 0 ? (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">{t('day.waiting', { count: v.waiting.length })}</p>
          <ul className="mt-1 list-inside list-disc">
            {v.waiting.map((w) => (
              <li key={w.userId}>
                <bdi>{w.name}</bdi> · {t(`roles.${w.role}`)} · {t('provider.waitingSince', { time: formatTime(w.since, locale, zone) })}
              </li>
            ))}
          </ul>
        </div>
      ) : v.phase === 'ended' || v.phase === 'unavailable' ? null : (
        // Said only while someone could still come: an ended or cancelled visit has nobody to wait for.
        <p className="mt-3 text-sm text-slate-700">{t('day.nobodyWaiting')}</p>
      )}
      {inCall.length > 0 ? (
        <p className="mt-2 text-sm text-slate-900">
          {t('day.inCall')} {list.format(inCall.map(person))}
        </p>
      ) : null}
      {gone.length > 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          {t('day.gone')} {list.format(gone.map(person))}
        </p>
      ) : null}
      {/* Only the visit's provider starts it; before its window opens, the card says when it does;
          after it, an appointment without an outcome says where to record one (any of the staff). */}
      {outcomeMissing ? (
        <p className="mt-3 text-sm text-slate-900">
          {t('day.outcomeMissing')}{' '}
          <Link to={`/provider/appointments?view=day&date=${date}`} className="font-medium text-teal-800 underline inline-flex min-h-6 items-center">
            {t('day.recordOutcome')}
            <span className="sr-only">: {v.patientName}</span>
          </Link>
        </p>
      ) : !v.mine ? (
        <p className="mt-3 text-sm text-slate-700">{t('day.othersVisit')}</p>
      ) : v.phase === 'open' || v.reopenable ? (
        <ButtonLink size="sm" className="mt-3" to={`/appointments/telehealth/${encodeURIComponent(v.appointmentId)}`}>
          {started ? t('day.join') : v.reopenable ? t('phase.startAgain') : t('day.start')}
          <span className="sr-only">: {v.patientName}</span>
        </ButtonLink>
      ) : v.phase === 'not-open' ? (
        <p className="mt-3 text-sm text-slate-700">{t('day.opensAt', { time: formatTime(v.joinOpensAt, locale, zone) })}</p>
      ) : null}
    </li>
  );
}
