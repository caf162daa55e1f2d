import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { patientMayChange } from '~/shared/appointments';
import { type Appointment, SlotTakenExtensionSchema } from '~/shared/contracts/appointments';
import type { ProviderDetail } from '~/shared/contracts/providers';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-client';
import { formatCalendarDay, formatDateTime, userTimeZone } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { useAuth } from '~/web/lib/session';
import { useBook, useDirectory, useJoinWaitlist, useProvider, useSlots, useWaitlistDays } from '../api/booking-api';
import { focusElement } from '~/web/lib/focus';
import { formatMoney, zoneName } from '../lib/format';
import { CalendarLinks, PageHeading, QueryState, SELECT_CLASS_NAME } from './parts';
import { ReasonField, ServiceChoice } from './service-choice';
import { SlotPicker } from './slot-picker';
import { useFormatLocale } from '~/web/lib/format-locale';

function newKey(): string {
  return crypto.randomUUID();
}

/**
 * /appointments/book and /appointments/book/{id}: provider → service → time → reason → confirm.
 * The chosen time is re-checked by the server; a time taken meanwhile answers with fresh times.
 */
export function BookingPage({ providerId }: { providerId?: string | undefined }) {
  const { t } = useTranslation('appointments');
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('book.title')} />
      <PageHeading title={t('book.title')} intro={t('book.intro')} />
      {providerId ? <BookWithProvider providerId={providerId} /> : <ChooseProvider />}
    </div>
  );
}

function ChooseProvider() {
  const { t, i18n } = useTranslation('appointments');
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const search = new URLSearchParams({ lang: currentLanguage(i18n.resolvedLanguage), ...(submitted ? { query: submitted } : {}) }).toString();
  const directory = useDirectory(search);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-h`} className="mt-8 rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={`${id}-h`} className="text-xl font-semibold text-slate-900">
        {t('book.step1')}
      </h2>
      <form
        role="search"
        aria-label={t('book.findProvider')}
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(query.trim());
        }}
      >
        <div className="min-w-64 flex-1">
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-900">
            {t('book.findProvider')}
          </label>
          <Input id={`${id}-q`} type="search" className="mt-1.5" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('book.findPlaceholder')} />
        </div>
        <Button type="submit">{t('book.search')}</Button>
      </form>
      <QueryState pending={directory.isPending} error={directory.isError ? directory.error : null}>
        <p role="status" className={directory.data && directory.data.providers.length === 0 ? 'mt-4 text-slate-700' : 'sr-only'}>
          {directory.data && directory.data.providers.length === 0 ? t('book.noMatch', { query: submitted }) : ''}
        </p>
        <ul className="mt-4 divide-y divide-slate-100">
          {directory.data?.providers.slice(0, 8).map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">
                  <bdi>{p.displayName}</bdi>
                </p>
                <p className="text-sm text-slate-700">{t(`specialties.${p.specialty}`)}</p>
              </div>
              <ButtonLink variant="outline" size="sm" to={`/appointments/book/${p.id}`}>
                {t('book.choose')}
                <span className="sr-only">: {p.displayName}</span>
              </ButtonLink>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          <Link to="/providers" className="font-medium text-teal-800 underline inline-flex min-h-6 items-center">
            {t('book.browseAll')}
          </Link>
        </p>
      </QueryState>
    </section>
  );
}

function BookWithProvider({ providerId }: { providerId: string }) {
  const provider = useProvider(providerId);
  return (
    <QueryState pending={provider.isPending} error={provider.isError ? provider.error : null} retry={() => void provider.refetch()}>
      {provider.data ? <BookingSteps provider={provider.data} /> : null}
    </QueryState>
  );
}

function BookingSteps({ provider }: { provider: ProviderDetail }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const { session } = useAuth();
  const viewerZone = userTimeZone(session?.user.timeZone);
  const [params] = useSearchParams();
  const [serviceId, setServiceId] = useState(() => provider.services.find((s) => s.id === params.get('service'))?.id ?? provider.services[0]?.id ?? '');
  const service = provider.services.find((s) => s.id === serviceId);
  const locations = useMemo(
    () => provider.locations.filter((l) => (service?.mode === 'in_person' ? l.kind === 'practice' : true)),
    [provider.locations, service?.mode],
  );
  const [locationId, setLocationId] = useState(() => params.get('location') ?? locations[0]?.id ?? '');
  const location = locations.find((l) => l.id === locationId) ?? locations[0];
  const [start, setStart] = useState<string | null>(null);
  // A link may carry a time (a profile's, a waitlist offer's): it is chosen only when it is one of
  // the free times offered (asked for around it, since it may be weeks ahead); otherwise the page
  // says the linked time is no longer free, and nothing is chosen.
  const [linked] = useState(() => {
    const at = Date.parse(params.get('time') ?? '');
    // The free times from just before it (or from now, for a time already past), read once.
    return Number.isNaN(at) ? null : { at, from: new Date(Math.max(at - 60_000, Date.now())).toISOString(), serviceId: service?.id, locationId: location?.id };
  });
  const linkSlots = useSlots(linked?.serviceId && linked.locationId ? { providerId: provider.id, serviceId: linked.serviceId, locationId: linked.locationId, from: linked.from, days: 1 } : null);
  const [link, setLink] = useState<'checking' | 'chosen' | 'gone' | 'none'>(linked ? (linked.serviceId && linked.locationId ? 'checking' : 'gone') : 'none');
  if (link === 'checking' && (linkSlots.isError || (linkSlots.data && !linkSlots.isPlaceholderData))) {
    const offered = linkSlots.data?.slots.find((s) => Date.parse(s.start) === linked?.at);
    setLink(offered ? 'chosen' : 'gone');
    if (offered && start === null) setStart(offered.start);
  }
  const [reason, setReason] = useState('');
  // One idempotency key per attempt: a retry of the same choice sends the same key.
  const attempt = JSON.stringify([serviceId, locationId, start, reason]);
  const [keyed, setKeyed] = useState(() => ({ attempt, key: newKey() }));
  if (keyed.attempt !== attempt) setKeyed({ attempt, key: newKey() });
  const key = keyed.key;
  const [booked, setBooked] = useState<Appointment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const book = useBook();
  const ids = { provider: useId(), service: useId(), time: useId(), reason: useId(), confirm: useId() };


  if (booked) return <Booked appointment={booked} />;
  if (!service || !location) return <p className="mt-8 text-slate-700">{t('book.noServices')}</p>;

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!start || !service || !location) return;
    setError(null);
    book.mutate(
      {
        body: {
          providerId: provider.id,
          serviceId: service.id,
          locationId: location.id,
          startsAt: start,
          reason: reason.trim(),
          // The zone the times were shown in, for an account that has none yet: the mails then say the patient's time too.
          ...(session?.user.timeZone ? {} : { timeZone: viewerZone }),
        },
        key,
      },
      {
        onSuccess: setBooked,
        onError: (e) => {
          if (e instanceof ApiError && (e.code === 'booking.slot-taken' || e.code === 'booking.time-unavailable')) {
            const fresh = SlotTakenExtensionSchema.safeParse(e.problem);
            // The time is gone, so the focused Confirm button is disabled: the focus goes to the
            // message, which says what to do next (rendered at once for that).
            flushSync(() => {
              setStart(null);
              setError(`${problemMessage(i18n, e)} ${fresh.success && fresh.data.slots.length > 0 ? t('book.freshTimes') : ''}`.trim());
            });
            focusElement(errorRef.current);
            return;
          }
          setError(problemMessage(i18n, e));
        },
      },
    );
  }

  return (
    <form onSubmit={onConfirm} className="mt-8 space-y-6" noValidate>
      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby={ids.provider}>
        <h2 id={ids.provider} className="text-xl font-semibold text-slate-900">
          {t('book.providerChosen')}
        </h2>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="font-medium text-slate-900">
              <bdi>{provider.displayName}</bdi>
            </p>
            <p className="text-sm text-slate-700">
              <bdi>{provider.organisation.name}</bdi> · {t(`specialties.${provider.specialty}`)}
            </p>
          </div>
          <Link to="/appointments/book" className="inline-flex min-h-6 items-center text-sm font-medium text-teal-800 underline">
            {t('book.changeProvider')}
          </Link>
        </div>
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby={ids.service}>
        <h2 id={ids.service} className="text-xl font-semibold text-slate-900">
          {t('book.step2', { provider: provider.displayName })}
        </h2>
        {provider.acceptingNewPatients ? null : <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900">{t('book.returningOnly', { provider: provider.displayName })}</p>}
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
          {t('book.step3')}
        </h2>
        <p role="status" className={link === 'gone' ? 'mt-3 rounded-md bg-amber-50 p-3 text-sm font-medium text-amber-900' : 'sr-only'}>
          {link === 'gone' ? t('book.linkGone') : ''}
        </p>
        <div className="mt-4">
          <SlotPicker providerId={provider.id} serviceId={service.id} locationId={location.id} viewerTimeZone={viewerZone} selected={start} onSelect={setStart} labelledBy={ids.time} />
        </div>
        <Waitlist providerId={provider.id} serviceId={service.id} locationId={location.id} />
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby={ids.reason}>
        <h2 id={ids.reason} className="text-xl font-semibold text-slate-900">
          {t('book.step4')}
        </h2>
        <ReasonField value={reason} onChange={setReason} hint={t('book.reasonHint')} />
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby={ids.confirm}>
        <h2 id={ids.confirm} className="text-xl font-semibold text-slate-900">
          {t('book.step5')}
        </h2>
        {start ? (
          <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-700">{t('book.with')}</dt>
            <dd className="text-slate-900"><bdi>{provider.displayName}</bdi></dd>
            <dt className="text-slate-700">{t('book.service')}</dt>
            <dd className="text-slate-900">
              <bdi>{service.name}</bdi> · <bdi dir="ltr">{formatMoney(service.priceMinor, service.currency, language)}</bdi>
            </dd>
            <dt className="text-slate-700">{t('book.when')}</dt>
            <dd className="text-slate-900">
              {formatDateTime(start, locale, viewerZone)} ({zoneName(viewerZone, locale)})
            </dd>
            <dt className="text-slate-700">{t('book.where')}</dt>
            <dd className="text-slate-900">{service.mode === 'telehealth' ? t('modes.telehealth') : <bdi>{[location.name, location.street, location.city].filter(Boolean).join(', ')}</bdi>}</dd>
            <dt className="text-slate-700">{t('book.cancellation')}</dt>
            {patientMayChange({ status: 'booked', startsAt: new Date(start), now: new Date(), cancellationWindowHours: provider.cancellationWindowHours }).ok ? (
              <dd className="text-slate-900">{t('book.cancellationPolicy', { hours: provider.cancellationWindowHours })}</dd>
            ) : (
              // The same rule the server applies to changes: inside the window, say so before booking.
              <dd className="font-medium text-amber-900">{t('book.cancellationInside', { hours: provider.cancellationWindowHours })}</dd>
            )}
          </dl>
        ) : (
          <p className="mt-4 text-slate-700">{t('book.pickTime')}</p>
        )}
        <div className="mt-4 min-h-6" aria-live="assertive">
          {error ? (
            <p ref={errorRef} role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" size="lg" className="mt-2" disabled={!start} busy={book.isPending}>
          {book.isPending ? t('book.booking') : t('book.confirm')}
        </Button>
      </section>
    </form>
  );
}

/**
 * "No time suits you?": the days the waitlist takes (the hours open for the service and nothing is
 * free), read from the server when it is opened, so nobody has to guess a day; a day already
 * waited for is shown and cannot be chosen again.
 */
function Waitlist({ providerId, serviceId, locationId }: { providerId: string; serviceId: string; locationId: string }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const [open, setOpen] = useState(false);
  const days = useWaitlistDays({ providerId, serviceId, locationId }, open);
  const join = useJoinWaitlist();
  const [date, setDate] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  // A double click sends one request: the second click comes before the pending state disables the button.
  const sending = useRef(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const choices = days.data?.days ?? [];
  const chosen = choices.find((d) => d.date === date && !d.waiting)?.date ?? choices.find((d) => !d.waiting)?.date ?? '';
  return (
    <details className="mt-6 rounded-lg bg-slate-50 p-4" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="min-h-6 cursor-pointer text-sm font-medium text-teal-800">{t('waitlist.open')}</summary>
      <p className="mt-2 text-sm text-slate-700">{t('waitlist.intro')}</p>
      <QueryState pending={open && days.isPending} error={days.isError ? days.error : null} retry={() => void days.refetch()}>
        {days.data && choices.length === 0 ? (
          <p className="mt-3 text-sm font-medium text-slate-900">{t('waitlist.noFullDays')}</p>
        ) : days.data ? (
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={`${id}-date`} className="block text-sm font-medium text-slate-900">
                {t('waitlist.day')}
              </label>
              <select id={`${id}-date`} className={`${SELECT_CLASS_NAME} mt-1.5`} value={chosen} onChange={(e) => setDate(e.target.value)}>
                {choices.map((d) => (
                  <option key={d.date} value={d.date} disabled={d.waiting}>
                    {d.waiting ? t('waitlist.dayWaiting', { day: formatCalendarDay(d.date, locale, true) }) : formatCalendarDay(d.date, locale, true)}
                  </option>
                ))}
              </select>
              <p className="mt-1 text-sm text-slate-700">{t('waitlist.daysHint')}</p>
            </div>
            <Button
              variant="outline"
              disabled={!chosen}
              busy={join.isPending}
              onClick={() => {
                if (sending.current) return;
                sending.current = true;
                join.mutate(
                  { providerId, serviceId, locationId, date: chosen },
                  {
                    // The day joined is then shown as waited for (and the button may be disabled, with
                    // no day left): the focus goes to the message, not to the page's body.
                    onSuccess: () => {
                      setMessage({ tone: 'ok', text: t('waitlist.joined') });
                      requestAnimationFrame(() => focusElement(statusRef.current));
                    },
                    onError: (e) => {
                      setMessage({ tone: 'error', text: problemMessage(i18n, e) });
                      requestAnimationFrame(() => focusElement(alertRef.current));
                    },
                    onSettled: () => {
                      sending.current = false;
                    },
                  },
                );
              }}
            >
              {t('waitlist.join')}
            </Button>
          </div>
        ) : null}
      </QueryState>
      <p ref={statusRef} role="status" className={message?.tone === 'ok' ? 'mt-2 text-sm font-medium text-emerald-800' : 'sr-only'}>
        {message?.tone === 'ok' ? message.text : ''}
      </p>
      <p ref={alertRef} role="alert" className={message?.tone === 'error' ? 'mt-2 text-sm font-medium text-red-700' : 'sr-only'}>
        {message?.tone === 'error' ? message.text : ''}
      </p>
    </details>
  );
}

function Booked({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const locale = useFormatLocale();
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  // The form (and its focused Confirm button) is replaced by this: the focus comes here.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusElement(headingRef.current), []);
  return (
    <section className="mt-8 rounded-xl border border-emerald-200 bg-emerald-50 p-6" aria-labelledby="booked-heading">
      <h2 id="booked-heading" ref={headingRef} tabIndex={-1} aria-live="polite" className="text-xl font-semibold text-emerald-900">
        {t('book.done')}
      </h2>
      <p className="mt-2 text-slate-800">
        {t('book.doneLine', { provider: appointment.provider.displayName, when: `${formatDateTime(appointment.startsAt, locale, zone)} (${zoneName(zone, locale)})` })}
      </p>
      <p className="mt-1 text-sm text-slate-700">{t('book.doneEmail')}</p>
      <CalendarLinks appointment={appointment} className="mt-4" />
      <ButtonLink className="mt-6" to="/appointments">
        {t('book.seeAppointments')}
      </ButtonLink>
    </section>
  );
}
