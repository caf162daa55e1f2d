import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { patientMayChange } from '~/shared/appointments';
import type { Appointment } from '~/shared/contracts/appointments';
import { JOIN_OPENS_MINUTES_BEFORE, appointmentVisitPhase, joinOpensAt, visitOffered } from '~/shared/contracts/telehealth';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { Field } from '~/web/components/ui/field';
import { formatDateTime, formatTime, localDate, userTimeZone } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { useAuth } from '~/web/lib/session';
import { useNow } from '~/web/lib/use-now';
import { useCancelAppointment, useRateAppointment, useRescheduleAppointment } from '../api/booking-api';
import { focusElement, sectionHeadingOf, useEscapeCloses, useFocusFallback } from '~/web/lib/focus';
import { formatMoney, zoneName } from '../lib/format';
import { CalendarLinks, Badge, SELECT_CLASS_NAME } from './parts';
import { SlotPicker } from './slot-picker';
import { useFormatLocale } from '~/web/lib/format-locale';
import { FocusKeeper } from '~/web/components/ui/focus-keeper';

const STATUS_TONE = { booked: 'slate', confirmed: 'teal', checked_in: 'teal', completed: 'green', cancelled: 'red', no_show: 'amber' } as const;

/** One of the patient's appointments, with what they may do with it now. */
export function AppointmentCard({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const { session } = useAuth();
  const zone = userTimeZone(session?.user.timeZone);
  const [mode, setMode] = useState<'idle' | 'cancel' | 'reschedule' | 'rate'>('idle');
  const [reason, setReason] = useState('');
  const [newStart, setNewStart] = useState<string | null>(null);
  // No stars chosen until the patient chooses: an untouched form sends nothing.
  const [score, setScore] = useState('');
  const [scoreMissing, setScoreMissing] = useState(false);
  // An opened form takes the focus (its first field), so a keyboard user is where they type.
  const firstField = useCallback((el: HTMLInputElement | HTMLSelectElement | null) => el?.focus(), []);
  const [comment, setComment] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const cancel = useCancelAppointment();
  const reschedule = useRescheduleAppointment();
  const rate = useRateAppointment();
  const headingId = useId();
  const moveWarningId = useId();
  const a = appointment;
  const newInside = newStart !== null && !patientMayChange({ status: 'booked', startsAt: new Date(newStart), now: new Date(), cancellationWindowHours: a.cancellationWindowHours }).ok;
  const upcoming = ['booked', 'confirmed', 'checked_in'].includes(a.status) && new Date(a.endsAt) > new Date();
  const canCancel = a.actions.includes('cancel');
  const canMove = a.actions.includes('reschedule');
  // A video visit can be joined from 15 minutes before its start (the server decides again);
  // the card looks again every half minute, so the button comes when the window opens.
  const now = useNow(30_000, a.mode === 'telehealth');
  const videoOpen = visitOffered(a, now, 'patient');
  // Before the window opens: when it does, and the visit's page (its camera and microphone test).
  const videoLater = upcoming && appointmentVisitPhase(a, now) === 'not-open';
  // Its video visit ended (the provider ended it, or it emptied): the card says so, however the
  // status stands (a visit ended before its start leaves the appointment checked in, for the
  // practice to record its outcome), and leads to the ended visit's page (its chat). One that
  // emptied while the appointment still stands may be started again by the provider.
  const videoEnded = a.mode === 'telehealth' && a.visitEnded !== null && !videoOpen;
  const videoClosed = videoEnded && a.visitEnded?.bySystem === true && upcoming;
  const opensAt = joinOpensAt(new Date(a.startsAt));
  const opensText = localDate(opensAt, zone) === localDate(a.startsAt, zone) ? formatTime(opensAt, locale, zone) : formatDateTime(opensAt, locale, zone);
  // A toast outlives the card, which may move to the other list once the change is saved.
  // The panel with the focused button closes: the focus goes to the card's heading, and when
  // the card itself leaves the list (a cancelled visit is no longer upcoming) to the list's heading.
  const cardRef = useRef<HTMLLIElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusFallback(cardRef, sectionHeadingOf);
  const done = (text: string) => () => {
    focusElement(headingRef.current);
    setMode('idle');
    setMessage(null);
    toast.success(text);
  };
  const cancelToggle = useRef<HTMLButtonElement>(null);
  // Escape or "Keep the appointment" closes the cancellation's panel: the focus goes back to Cancel.
  const closeCancel = () => {
    setMode('idle');
    cancelToggle.current?.focus();
  };
  const cancelPanel = useEscapeCloses<HTMLFormElement>(closeCancel);
  const failed = (e: unknown) => setMessage({ tone: 'error', text: problemMessage(i18n, e) });

  return (
    <li ref={cardRef} className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
            {formatDateTime(a.startsAt, locale, zone)}
          </h3>
          <p className="text-sm text-slate-700">{t('list.zone', { zone: zoneName(zone, locale, new Date(a.startsAt)) })}</p>
        </div>
        <Badge tone={STATUS_TONE[a.status]}>{t(`status.${a.status}`)}</Badge>
      </div>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="text-slate-700">{t('book.with')}</dt>
        <dd className="text-slate-900">
          <bdi>{a.provider.displayName}</bdi> · <bdi>{a.organisation.name}</bdi>
        </dd>
        <dt className="text-slate-700">{t('book.service')}</dt>
        <dd className="text-slate-900">
          {/* The practice's words and the price keep their own direction in a right-to-left page. */}
          <bdi>{a.service.name}</bdi> · <bdi dir="ltr">{formatMoney(a.priceMinor, a.currency, language)}</bdi>
          {a.series && a.status !== 'cancelled' ? <span className="block text-slate-700">{t('series.visitOf', { visit: a.series.visit, visits: a.series.visits })}</span> : null}
        </dd>
        <dt className="text-slate-700">{t('book.where')}</dt>
        <dd className="text-slate-900">
          {a.mode === 'telehealth' ? t('modes.telehealth') : <bdi>{a.location.address || a.location.name}</bdi>}
          {videoLater ? <span className="block text-slate-700">{t('telehealth.opensFrom', { time: opensText, minutes: JOIN_OPENS_MINUTES_BEFORE })}</span> : null}
          {videoEnded ? <span className="block text-slate-700">{videoClosed ? t('telehealth.closed') : t('telehealth.ended')}</span> : null}
        </dd>
        {a.reason ? (
          <>
            <dt className="text-slate-700">{t('list.reason')}</dt>
            {/* A patient's own words: a long unbroken word wraps instead of widening the page; they
                keep their own direction but sit where the other details do (the page's start). */}
            <dd className="whitespace-pre-wrap text-slate-900 wrap-anywhere">
              <bdi>{a.reason}</bdi>
            </dd>
          </>
        ) : null}
        {a.status === 'cancelled' ? (
          <>
            <dt className="text-slate-700">{t('list.cancelled')}</dt>
            <dd className="text-slate-900 wrap-anywhere">
              {t(a.cancelledBy === 'practice' ? 'list.byPractice' : 'list.byYou')}
              {a.cancellationReason ? (
                <>
                  {' — '}
                  <bdi>{a.cancellationReason}</bdi>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>

      {upcoming ? (
        <CalendarLinks appointment={a} className="mt-4" />
      ) : null}

      {upcoming && !canCancel && !canMove && ['booked', 'confirmed'].includes(a.status) ? <InsideWindow appointment={a} /> : null}

      <div className="mt-4 flex flex-wrap gap-2">
        {videoOpen ? (
          <ButtonLink size="sm" to={`/appointments/telehealth/${encodeURIComponent(a.id)}`}>
            {t('telehealth.join')}
            <span className="sr-only">: {a.provider.displayName}</span>
          </ButtonLink>
        ) : null}
        {videoLater ? (
          <ButtonLink variant="outline" size="sm" to={`/appointments/telehealth/${encodeURIComponent(a.id)}`}>
            {t('telehealth.prepare')}
            <span className="sr-only">: {a.provider.displayName}</span>
          </ButtonLink>
        ) : null}
        {videoEnded ? (
          <ButtonLink variant="outline" size="sm" to={`/appointments/telehealth/${encodeURIComponent(a.id)}`}>
            {t('telehealth.seeVisit')}
            <span className="sr-only">: {a.provider.displayName}</span>
          </ButtonLink>
        ) : null}
        {canMove ? (
          <Button variant="outline" size="sm" aria-expanded={mode === 'reschedule'} onClick={() => setMode(mode === 'reschedule' ? 'idle' : 'reschedule')}>
            {t('list.reschedule')}
          </Button>
        ) : null}
        {canCancel ? (
          <Button ref={cancelToggle} variant="outline" size="sm" aria-expanded={mode === 'cancel'} onClick={() => setMode(mode === 'cancel' ? 'idle' : 'cancel')}>
            {t('list.cancel')}
          </Button>
        ) : null}
        {a.status === 'completed' && !a.rated ? (
          <Button variant="outline" size="sm" aria-expanded={mode === 'rate'} onClick={() => setMode(mode === 'rate' ? 'idle' : 'rate')}>
            {t('list.rate')}
          </Button>
        ) : null}
        {a.rated ? <span className="text-sm text-slate-700">{t('list.rated')}</span> : null}
        {/* A visit gone by (seen, missed or called off): the same provider and service again, a new time. */}
        {upcoming ? null : (
          <ButtonLink variant="outline" size="sm" to={`/appointments/book/${encodeURIComponent(a.provider.id)}?service=${encodeURIComponent(a.service.id)}`}>
            {t('dashboard.bookAgain')}
            <span className="sr-only">: {a.provider.displayName}</span>
          </ButtonLink>
        )}
        <ButtonLink variant="outline" size="sm" to={`/messages?appointment=${encodeURIComponent(a.id)}`}>
          {t('messaging.messagePractice')}
          <span className="sr-only">: {a.provider.displayName}</span>
        </ButtonLink>
      </div>

      {/* A form whose action the refreshed card no longer offers (changed elsewhere) goes, its focus to the heading. */}
      {mode === 'cancel' && canCancel ? (
        <FocusKeeper fallback={() => headingRef.current}>
        <form
          className="mt-4 space-y-3 rounded-lg bg-slate-50 p-4"
          ref={cancelPanel}
          onSubmit={(e) => {
            e.preventDefault();
            cancel.mutate({ id: a.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }, { onSuccess: done(t('list.cancelledDone')), onError: failed });
          }}
        >
          <Field label={t('list.cancelReason')}>{({ id }) => <input ref={firstField} id={id} className="h-10 w-full rounded-md border border-slate-400 px-3" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />}</Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" busy={cancel.isPending}>
              {t('list.confirmCancel')}
            </Button>
            <Button variant="outline" size="sm" onClick={closeCancel}>
              {t('list.keepAppointment')}
            </Button>
          </div>
        </form>
        </FocusKeeper>
      ) : null}

      {mode === 'reschedule' && canMove ? (
        <FocusKeeper fallback={() => headingRef.current}>
        <div className="mt-4 space-y-3 rounded-lg bg-slate-50 p-4">
          <SlotPicker providerId={a.provider.id} serviceId={a.service.id} locationId={a.location.id} viewerTimeZone={zone} selected={newStart} onSelect={setNewStart} />
          {/* The rule the server applies to changes, as the booking page says it: a new time inside the
              window could not be changed online again, so say so before moving (the region is always
              there, so the warning is announced when a time brings it). */}
          <div aria-live="polite">
            {newInside ? (
              <p id={moveWarningId} className="text-sm font-medium text-amber-900">
                {t('list.moveInside', { hours: a.cancellationWindowHours })}
              </p>
            ) : null}
          </div>
          <Button
            size="sm"
            aria-describedby={newInside ? moveWarningId : undefined}
            disabled={!newStart}
            busy={reschedule.isPending}
            onClick={() => newStart && reschedule.mutate({ id: a.id, startsAt: newStart }, { onSuccess: done(t('list.rescheduledDone')), onError: failed })}
          >
            {newStart ? t('list.moveTo', { when: formatDateTime(newStart, locale, zone) }) : t('list.pickNewTime')}
          </Button>
        </div>
        </FocusKeeper>
      ) : null}

      {mode === 'rate' ? (
        <form
          className="mt-4 grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (!score) {
              setScoreMissing(true);
              e.currentTarget.querySelector('select')?.focus();
              return;
            }
            rate.mutate({ id: a.id, score: Number(score), comment: comment.trim() }, { onSuccess: done(t('list.ratedDone')), onError: failed });
          }}
        >
          <Field label={t('list.score')} error={scoreMissing ? t('list.scoreRequired') : null}>
            {({ id, describedBy, invalid }) => (
              <select
                ref={firstField}
                id={id}
                className={SELECT_CLASS_NAME}
                value={score}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                onChange={(e) => {
                  setScore(e.target.value);
                  if (e.target.value) setScoreMissing(false);
                }}
              >
                <option value="">{t('list.chooseScore')}</option>
                {[5, 4, 3, 2, 1].map((n) => (
                  <option key={n} value={n}>
                    {t('list.stars', { count: n })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('list.comment')}>{({ id }) => <input id={id} className="h-10 w-full rounded-md border border-slate-400 px-3" value={comment} maxLength={2000} onChange={(e) => setComment(e.target.value)} />}</Field>
          <Button type="submit" size="sm" busy={rate.isPending}>
            {t('list.sendRating')}
          </Button>
        </form>
      ) : null}

      <p role="status" className={message?.tone === 'ok' ? 'mt-3 text-sm font-medium text-emerald-800' : 'sr-only'}>
        {message?.tone === 'ok' ? message.text : ''}
      </p>
      <p role="alert" className={message?.tone === 'error' ? 'mt-3 text-sm font-medium text-red-700' : 'sr-only'}>
        {message?.tone === 'error' ? message.text : ''}
      </p>
    </li>
  );
}

/** A phone number as a tel: link wants it: digits and a leading +. */
function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

/**
 * Why the appointment cannot be changed online any more, and how to reach the practice: its
 * phone and email (the location's, else the organisation's), else the conversation with the
 * provider when there is one.
 */
function InsideWindow({ appointment: a }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const contact = a.contact;
  return (
    <div className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <p>{t('list.insideWindow', { hours: a.cancellationWindowHours, organisation: a.organisation.name })}</p>
      {contact ? (
        <ul className="mt-2 space-y-1">
          {contact.phone ? (
            <li>
              {t('list.contactPhone')}{' '}
              <a className="font-medium underline" href={telHref(contact.phone)}>
                <bdi dir="ltr">{contact.phone}</bdi>
              </a>
            </li>
          ) : null}
          {contact.email ? (
            <li>
              {t('list.contactEmail')}{' '}
              <a className="font-medium underline" href={`mailto:${contact.email}`}>
                <bdi dir="ltr">{contact.email}</bdi>
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {a.conversationId ? (
        <p className="mt-2">
          <Link className="font-medium underline" to={`/messages?conversation=${encodeURIComponent(a.conversationId)}`}>
            {t('list.contactMessage', { provider: a.provider.displayName })}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
