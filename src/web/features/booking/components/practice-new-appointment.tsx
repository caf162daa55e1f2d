import { type FormEvent, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SlotTakenExtensionSchema } from '~/shared/contracts/appointments';
import { SERIES_EVERY_WEEKS, SERIES_MAX_VISITS, seriesStarts, type SeriesEveryWeeks } from '~/shared/appointment-series';
import { type PracticePatient, type SeriesRefusal, SeriesUnavailableExtensionSchema } from '~/shared/contracts/practice';
import type { ProviderDetail } from '~/shared/contracts/providers';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button } from '~/web/components/ui/button';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-client';
import { formatCalendarDay, formatDateTime, userTimeZone } from '~/web/lib/dates';
import { focusElement } from '~/web/lib/focus';
import { problemMessage } from '~/web/lib/problem-message';
import { useAuth } from '~/web/lib/session';
import { usePracticeBook, usePracticeBookSeries, usePracticePatients, usePracticeProviders, useProvider } from '../api/booking-api';
import { localDate, zoneName } from '../lib/format';
import { PageHeading, QueryState, SELECT_CLASS_NAME } from './parts';
import { ReasonField, ServiceChoice } from './service-choice';
import { ProviderSelect } from './provider-select';
import { SlotPicker } from './slot-picker';
import { useFormatLocale } from '~/web/lib/format-locale';

/** Why a visit of a series cannot be booked, by the refusal's code. */
const REFUSAL_KEYS = {
  'booking.slot-taken': 'practiceBooking.refusal.taken',
  'booking.time-unavailable': 'practiceBooking.refusal.unavailable',
  'practice.patient-busy': 'practiceBooking.refusal.patientBusy',
} as const satisfies Record<SeriesRefusal['code'], string>;

/**
 * /provider/appointments/new: the practice books a time for one of its patients (someone who has
 * had an appointment with it), as the front desk does when a patient calls: provider (for staff
 * who are not one) → patient → service → time → reason → book. `?patient=<id>` starts with that
 * patient chosen (a card's "Book again"). The appointment is confirmed at once; the patient is
 * emailed. The same free times and rules as online booking; a time taken meanwhile answers with
 * fresh times.
 */
export function PracticeNewAppointmentPage() {
  const { t } = useTranslation('appointments');
  const providers = usePracticeProviders();
  const [params] = useSearchParams();
  const list = providers.data?.providers ?? [];
  const [chosenProvider, setChosenProvider] = useState<string | null>(null);
  const providerId = chosenProvider ?? list.find((p) => p.id === params.get('provider'))?.id ?? list[0]?.id ?? null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('practiceBooking.title')} />
      <PageHeading title={t('practiceBooking.title')} intro={t('practiceBooking.intro')} />
      <p className="mt-2">
        <Link to="/provider/appointments" className="text-sm font-medium text-teal-800 underline underline-offset-2">
          {t('practiceBooking.back')}
        </Link>
      </p>
      <QueryState pending={providers.isPending} error={providers.isError ? providers.error : null} retry={() => void providers.refetch()}>
        {list.length === 0 ? (
          <p className="mt-8 rounded-md bg-amber-50 p-4 text-amber-900">{t('practiceBooking.noProviders')}</p>
        ) : (
          <>
            {list.length > 1 ? (
              <ProviderSelect
                className="mt-8"
                label={t('practiceBooking.provider')}
                providers={list}
                value={providerId ?? ''}
                onChange={setChosenProvider}
              />
            ) : null}
            {/* A new provider starts the steps over: their services, times and patients differ. */}
            {providerId ? <WithProvider key={providerId} providerId={providerId} initialPatientId={params.get('patient')} /> : null}
          </>
        )}
      </QueryState>
    </div>
  );
}

function WithProvider({ providerId, initialPatientId }: { providerId: string; initialPatientId: string | null }) {
  const provider = useProvider(providerId);
  return (
    <QueryState pending={provider.isPending} error={provider.isError ? provider.error : null} retry={() => void provider.refetch()}>
      {provider.data ? <Steps provider={provider.data} initialPatientId={initialPatientId} /> : null}
    </QueryState>
  );
}

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * The provider is always named: other staff (a practice manager with one provider to book with
 * too) need it, and for a provider the server books with themselves whatever is named.
 */
function Steps({ provider, initialPatientId }: { provider: ProviderDetail; initialPatientId: string | null }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  const navigate = useNavigate();
  const [patient, setPatient] = useState<PracticePatient | null>(null);
  const [serviceId, setServiceId] = useState(provider.services[0]?.id ?? '');
  const service = provider.services.find((s) => s.id === serviceId);
  const locations = useMemo(() => provider.locations.filter((l) => (service?.mode === 'in_person' ? l.kind === 'practice' : true)), [provider.locations, service?.mode]);
  const [locationId, setLocationId] = useState(locations[0]?.id ?? '');
  const location = locations.find((l) => l.id === locationId) ?? locations[0];
  const [start, setStart] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  /** Weeks between the visits of a series; null: one visit. */
  const [everyWeeks, setEveryWeeks] = useState<SeriesEveryWeeks | null>(null);
  const [visits, setVisits] = useState(6);
  const attempt = JSON.stringify([patient?.id, serviceId, location?.id, start, reason, everyWeeks, visits]);
  const [keyed, setKeyed] = useState(() => ({ attempt, key: newKey() }));
  // The times a series could not have, for the request as it was sent (a change forgets them).
  const [refused, setRefused] = useState<{ attempt: string; unavailable: SeriesRefusal[]; free: number } | null>(null);
  if (keyed.attempt !== attempt) {
    setKeyed({ attempt, key: newKey() });
    setRefused(null);
  }
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const refusedRef = useRef<HTMLDivElement>(null);
  const book = usePracticeBook();
  const bookSeries = usePracticeBookSeries();
  const pending = book.isPending || bookSeries.isPending;
  const ids = { patient: useId(), service: useId(), time: useId(), reason: useId(), confirm: useId(), repeat: useId(), visits: useId(), repeatHint: useId() };
  // The series' visits as the server will book them: the same wall-clock time in the location's zone.
  const series = everyWeeks && start && location ? seriesStarts(start, location.timeZone, everyWeeks, visits) : null;

  function onBook(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(false);
  }

  function submit(skipUnavailable: boolean) {
    if (!patient) {
      setError(t('practiceBooking.pickPatient'));
      requestAnimationFrame(() => focusElement(errorRef.current));
      return;
    }
    if (!start || !service || !location) return;
    setError(null);
    const when = start;
    if (everyWeeks) {
      const sent = attempt;
      bookSeries.mutate(
        {
          body: { patientId: patient.id, providerId: provider.id, serviceId: service.id, locationId: location.id, startsAt: when, reason: reason.trim(), everyWeeks, visits, skipUnavailable },
          key: keyed.key,
        },
        {
          onSuccess: (result) => {
            const first = result.appointments[0]!;
            toast.success(
              `${t('practiceBooking.seriesBooked', { count: result.appointments.length, patient: patient.name, when: formatDateTime(first.startsAt, locale, zone) })}${
                result.skipped.length > 0 ? ` ${t('practiceBooking.seriesSkipped', { count: result.skipped.length })}` : ''
              }`,
            );
            void navigate(`/provider/appointments?view=day&date=${localDate(new Date(first.startsAt), zone)}`);
          },
          onError: (e) => {
            const extension = e instanceof ApiError && e.code === 'practice.series-unavailable' ? SeriesUnavailableExtensionSchema.safeParse(e.problem) : null;
            flushSync(() => {
              if (extension?.success) {
                setRefused({ attempt: sent, ...extension.data });
              } else {
                setError(problemMessage(i18n, e));
              }
            });
            focusElement(extension?.success ? refusedRef.current : errorRef.current);
          },
        },
      );
      return;
    }
    book.mutate(
      {
        body: { patientId: patient.id, providerId: provider.id, serviceId: service.id, locationId: location.id, startsAt: when, reason: reason.trim() },
        key: keyed.key,
      },
      {
        onSuccess: () => {
          toast.success(t('practiceBooking.booked', { patient: patient.name, when: formatDateTime(when, locale, zone) }));
          void navigate(`/provider/appointments?view=day&date=${localDate(new Date(when), zone)}`);
        },
        onError: (e) => {
          const taken = e instanceof ApiError && (e.code === 'booking.slot-taken' || e.code === 'booking.time-unavailable');
          const fresh = taken ? SlotTakenExtensionSchema.safeParse(e.problem) : null;
          // A time gone disables the focused button: the focus goes to the message, rendered at once for that.
          flushSync(() => {
            if (taken) setStart(null);
            setError(`${problemMessage(i18n, e)} ${fresh?.success && fresh.data.slots.length > 0 ? t('book.freshTimes') : ''}`.trim());
          });
          focusElement(errorRef.current);
        },
      },
    );
  }

  if (!service || !location) return <p className="mt-8 text-slate-700">{t('book.noServices')}</p>;

  return (
    <form onSubmit={onBook} className="mt-8 space-y-6" noValidate>
      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby={ids.patient}>
        <h2 id={ids.patient} className="text-xl font-semibold text-slate-900">
          {t('practiceBooking.step1')}
        </h2>
        <PatientChooser providerId={provider.id} initialPatientId={initialPatientId} chosen={patient} onChoose={setPatient} />
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby={ids.service}>
        <h2 id={ids.service} className="text-xl font-semibold text-slate-900">
          {t('practiceBooking.step2', { provider: provider.displayName })}
        </h2>
        <ServiceChoice
          services={provider.services}
          serviceId={serviceId}
          onService={(id) => {
            setServiceId(id);
            setStart(null);
          }}
          locations={locations}
          locationId={location.id}
          onLocation={(id) => {
            setLocationId(id);
            setStart(null);
          }}
          idPrefix={ids.service}
        />
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby={ids.time}>
        <h2 id={ids.time} className="text-xl font-semibold text-slate-900">
          {t('practiceBooking.step3')}
        </h2>
        <div className="mt-4">
          <SlotPicker practice providerId={provider.id} serviceId={service.id} locationId={location.id} viewerTimeZone={zone} selected={start} onSelect={setStart} labelledBy={ids.time} />
        </div>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.repeat} className="block text-sm font-medium text-slate-900">
              {t('practiceBooking.repeat')}
            </label>
            <select
              id={ids.repeat}
              aria-describedby={ids.repeatHint}
              className={`${SELECT_CLASS_NAME} mt-1.5`}
              value={everyWeeks ?? ''}
              onChange={(e) => setEveryWeeks(e.target.value ? (Number(e.target.value) as SeriesEveryWeeks) : null)}
            >
              <option value="">{t('practiceBooking.repeatNone')}</option>
              {SERIES_EVERY_WEEKS.map((weeks) => (
                <option key={weeks} value={weeks}>
                  {t(`practiceBooking.repeatEvery${weeks}`)}
                </option>
              ))}
            </select>
          </div>
          {everyWeeks ? (
            <div>
              <label htmlFor={ids.visits} className="block text-sm font-medium text-slate-900">
                {t('practiceBooking.visits')}
              </label>
              <select id={ids.visits} className={`${SELECT_CLASS_NAME} mt-1.5`} value={visits} onChange={(e) => setVisits(Number(e.target.value))}>
                {Array.from({ length: SERIES_MAX_VISITS - 1 }, (_, i) => i + 2).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <p id={ids.repeatHint} className="text-sm text-slate-700 sm:col-span-2">
            {t('practiceBooking.repeatHint')}
          </p>
        </div>
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby={ids.reason}>
        <h2 id={ids.reason} className="text-xl font-semibold text-slate-900">
          {t('practiceBooking.step4')}
        </h2>
        <ReasonField value={reason} onChange={setReason} hint={t('practiceBooking.reasonHint')} />
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby={ids.confirm}>
        <h2 id={ids.confirm} className="text-xl font-semibold text-slate-900">
          {t('practiceBooking.step5')}
        </h2>
        {patient && start ? (
          <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-700">{t('practiceBooking.patient')}</dt>
            <dd className="text-slate-900">
              <bdi>{patient.name}</bdi> · <bdi dir="ltr">{patient.email}</bdi>
            </dd>
            <dt className="text-slate-700">{t('book.with')}</dt>
            <dd className="text-slate-900">
              <bdi>{provider.displayName}</bdi>
            </dd>
            <dt className="text-slate-700">{t('book.service')}</dt>
            <dd className="text-slate-900">
              <bdi>{service.name}</bdi>
            </dd>
            <dt className="text-slate-700">{t('book.when')}</dt>
            <dd className="text-slate-900">
              {series ? (
                <>
                  {t('practiceBooking.seriesSummary', { count: series.length, every: t(`practiceBooking.repeatEvery${everyWeeks!}`) })} ({zoneName(zone, locale)})
                  <ol className="mt-1 list-decimal ps-5">
                    {series.map((s) => (
                      <li key={s}>{formatDateTime(s, locale, zone)}</li>
                    ))}
                  </ol>
                </>
              ) : (
                <>
                  {formatDateTime(start, locale, zone)} ({zoneName(zone, locale)})
                </>
              )}
            </dd>
            <dt className="text-slate-700">{t('book.where')}</dt>
            <dd className="text-slate-900">{service.mode === 'telehealth' ? t('modes.telehealth') : <bdi>{[location.name, location.street, location.city].filter(Boolean).join(', ')}</bdi>}</dd>
          </dl>
        ) : (
          <p className="mt-4 text-slate-700">{t('practiceBooking.pickBoth')}</p>
        )}
        <p className="mt-3 text-sm text-slate-700">{t('practiceBooking.emailNote')}</p>
        {refused && refused.attempt === attempt ? (
          <div ref={refusedRef} role="alert" tabIndex={-1} className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
            <p className="font-medium">
              {refused.free > 0 ? t('practiceBooking.seriesSomeRefused', { count: refused.unavailable.length }) : t('practiceBooking.seriesNoneFree')}
            </p>
            <ul className="mt-2 list-disc ps-5">
              {refused.unavailable.map((r) => (
                <li key={r.startsAt}>
                  {formatDateTime(r.startsAt, locale, zone)}: {t(REFUSAL_KEYS[r.code])}
                </li>
              ))}
            </ul>
            {refused.free > 0 ? (
              <Button type="button" variant="outline" className="mt-3" busy={bookSeries.isPending} onClick={() => submit(true)}>
                {t('practiceBooking.bookFreeOnly', { count: refused.free })}
              </Button>
            ) : null}
          </div>
        ) : null}
        <div className="mt-4 min-h-6" aria-live="assertive">
          {error ? (
            <p ref={errorRef} role="alert" tabIndex={-1} className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" className="mt-2" disabled={!start} busy={pending}>
          {pending
            ? t('book.booking')
            : series && patient
              ? t('practiceBooking.confirmSeriesFor', { count: series.length, patient: patient.name })
              : patient
                ? t('practiceBooking.confirmFor', { patient: patient.name })
                : t('practiceBooking.confirm')}
        </Button>
      </section>
    </form>
  );
}

/**
 * Finds one of the practice's patients by the words of their name or email (the server matches
 * every word); the most recently seen come first when nothing is typed.
 */
function PatientChooser({
  providerId,
  initialPatientId,
  chosen,
  onChoose,
}: {
  providerId: string | undefined;
  initialPatientId: string | null;
  chosen: PracticePatient | null;
  onChoose(patient: PracticePatient): void;
}) {
  const { t } = useTranslation('appointments');
  const locale = useFormatLocale();
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const results = usePracticePatients({ query: deferred, providerId });
  // A link's patient (?patient=): chosen once it is known to be the practice's.
  const linked = usePracticePatients({ query: '', providerId, patientId: initialPatientId ?? undefined }, initialPatientId !== null);
  const [linkApplied, setLinkApplied] = useState(false);
  const linkedPatient = linked.data?.patients[0];
  if (!linkApplied && initialPatientId && linked.data) {
    setLinkApplied(true);
    if (linkedPatient && !chosen) onChoose(linkedPatient);
  }
  const patients = results.data?.patients ?? [];
  const shown = chosen && !patients.some((p) => p.id === chosen.id) ? [chosen, ...patients] : patients;
  return (
    <div className="mt-4 space-y-3">
      <Field label={t('practiceBooking.findPatient')} hint={t('practiceBooking.findPatientHint')}>
        {({ id, describedBy }) => <Input id={id} type="search" aria-describedby={describedBy} maxLength={100} autoComplete="off" value={query} onChange={(e) => setQuery(e.target.value)} />}
      </Field>
      <QueryState pending={results.isPending} error={results.isError ? results.error : null} retry={() => void results.refetch()}>
        <p role="status" className="text-sm text-slate-700">
          {deferred && patients.length === 0 ? t('practiceBooking.noPatientMatch', { query: deferred }) : shown.length === 0 ? t('practiceBooking.noPatients') : ''}
        </p>
        {shown.length > 0 ? (
          <fieldset className="space-y-2" aria-busy={results.isFetching}>
            <legend className="sr-only">{t('practiceBooking.patients')}</legend>
            {shown.map((p) => (
              // eslint-disable-next-line jsx-a11y/label-has-associated-control
              <label key={p.id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50">
                <input type="radio" name="patient" value={p.id} className="mt-1 size-4" checked={chosen?.id === p.id} onChange={() => onChoose(p)} />
                <span className="min-w-0 font-medium break-words text-slate-900">
                  <bdi>{p.name}</bdi>
                  <span className="block text-sm font-normal text-slate-700">
                    <bdi dir="ltr">{p.email}</bdi>
                    {p.nextVisitAt || p.lastVisitAt ? ' · ' : null}
                    {p.nextVisitAt
                      ? t('practiceBooking.nextVisit', { date: formatCalendarDay(localDate(p.nextVisitAt, zone), locale) })
                      : p.lastVisitAt
                        ? t('practiceBooking.lastVisit', { date: formatCalendarDay(localDate(p.lastVisitAt, zone), locale) })
                        : null}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </QueryState>
    </div>
  );
}
