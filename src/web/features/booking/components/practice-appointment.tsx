import { type ReactNode, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AppointmentAction } from '~/shared/appointments';
import type { Appointment } from '~/shared/contracts/appointments';
import { visitOffered } from '~/shared/contracts/telehealth';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { ConfirmDialog } from '~/web/components/ui/confirm-dialog';
import { formatTime } from '~/web/lib/dates';
import { problemMessage } from '~/web/lib/problem-message';
import { usePracticeAction, usePracticeCancelWithLater } from '../api/booking-api';
import { focusElement, sectionHeadingOf, useEscapeCloses, useFocusFallback } from '~/web/lib/focus';
import { FocusKeeper } from '~/web/components/ui/focus-keeper';
import { Badge } from './parts';
import { PracticeReschedule } from './practice-reschedule';
import { useFormatLocale } from '~/web/lib/format-locale';

export const STATUS_TONE = { booked: 'slate', confirmed: 'teal', checked_in: 'teal', completed: 'green', cancelled: 'red', no_show: 'amber' } as const;
const ORDER: AppointmentAction[] = ['confirm', 'check_in', 'complete', 'mark_no_show', 'cancel'];

/**
 * The appointment just moved, whose card takes the focus when it shows again. A move to another
 * day puts the card under that day's heading: React makes it anew there, and the focus would fall
 * back to the section's heading with the old one. Short-lived: a card that does not show again soon
 * (moved out of the range on screen) leaves the focus where the fallback put it.
 */
let followFocus: { id: string; until: number } | null = null;
const FOLLOW_FOCUS_MS = 10_000;

/** One appointment as the practice sees it, with the status changes the server allows now. */
export function PracticeAppointment({
  appointment,
  timeZone,
  showDate,
  focusFallback,
  children,
}: {
  appointment: Appointment;
  timeZone: string;
  showDate?: (iso: string) => string;
  /** More buttons after the status changes (the hours page's "Keep it"). */
  children?: ReactNode;
  /** Where the focus goes when the card goes away with it (default: its section's heading, else the page's). */
  focusFallback?: (node: HTMLElement) => HTMLElement | null | undefined;
}) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const act = usePracticeAction();
  const [cancelling, setCancelling] = useState(false);
  const [moving, setMoving] = useState(false);
  // Missed and completed are final (one leaves the week's fees, the other lets the patient rate
  // the visit): each asks first, as a cancellation asks for a reason.
  const [asking, setAsking] = useState<'mark_no_show' | 'complete' | null>(null);
  // What the dialog asks about, kept while it closes (its words do not change as it fades).
  const [asked, setAsked] = useState<'mark_no_show' | 'complete'>('mark_no_show');
  const [reason, setReason] = useState('');
  /** Cancel the later visits of the series too. */
  const [withLater, setWithLater] = useState(false);
  const cancelSeries = usePracticeCancelWithLater();
  const [reasonMissing, setReasonMissing] = useState(false);
  const reasonErrorId = useId();
  const reasonInput = useRef<HTMLInputElement>(null);
  // The form takes the focus when it opens, so a keyboard user types the reason at once.
  const attachReason = useCallback((el: HTMLInputElement | null) => {
    reasonInput.current = el;
    el?.focus();
  }, []);
  const [error, setError] = useState<string | null>(null);
  const errorLine = useRef<HTMLParagraphElement>(null);
  const cancelToggle = useRef<HTMLButtonElement>(null);
  // Escape or "Keep the appointment" closes the cancellation's form: the focus goes back to Cancel.
  function closeCancelling() {
    setCancelling(false);
    setReasonMissing(false);
    cancelToggle.current?.focus();
  }
  const cancelPanel = useEscapeCloses<HTMLFormElement>(closeCancelling);
  const card = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  // Set when a change the dialog asked about is made: the focus goes to the summary, not back to
  // the button that asked (Missed and Complete go with the change).
  const focusSummaryOnClose = useRef(false);
  // The card leaves its list after a change (the dashboard's waiting list, the hours page's panel).
  useFocusFallback(card, (node) => (focusFallback ? focusFallback(node) : sectionHeadingOf(node)));
  const a = appointment;
  // Runs after the old card's fallback (React removes before it lays out the new): this one wins.
  useLayoutEffect(() => {
    if (followFocus?.id !== a.id) return;
    if (Date.now() < followFocus.until) focusElement(summary.current);
    followFocus = null;
  }, [a.id]);
  const actions = ORDER.filter((x) => a.actions.includes(x));
  const laterVisits = a.series?.later ?? 0;
  // An open form goes when the appointment changes elsewhere so that it can no longer be moved or
  // cancelled (cancelled in another tab, the visit took place): its keyboard focus goes to the summary.
  const keepFocus = () => summary.current;
  const videoOpen = visitOffered(a, new Date(), 'practice');
  function cancelWithLater(why: string) {
    if (cancelSeries.isPending) return;
    setError(null);
    cancelSeries.mutate(
      { id: a.id, reason: why },
      {
        onSuccess: ({ cancelled }) => {
          setCancelling(false);
          focusElement(summary.current);
          toast.success(t('practice.cancelledVisits', { count: cancelled.length, patient: a.patient.name }));
        },
        onError: (e) => setError(problemMessage(i18n, e)),
      },
    );
  }
  function run(action: AppointmentAction, why?: string) {
    if (act.isPending) return;
    setError(null);
    act.mutate(
      { id: a.id, action, ...(why ? { reason: why } : {}) },
      {
        onSuccess: () => {
          setCancelling(false);
          // Asked first (Missed, Complete): the dialog puts the focus on the summary as it closes
          // (its focus trap would take back a focus moved while it is open).
          focusSummaryOnClose.current = asking !== null;
          setAsking(null);
          // The button pressed may go with the change (Confirm once confirmed): the card's time,
          // patient and status, which follows, take the focus.
          focusElement(summary.current);
          toast.success(t(`practice.done.${action}`, { patient: a.patient.name }));
        },
        onError: (e) => {
          setAsking(null);
          setError(problemMessage(i18n, e));
        },
      },
    );
  }
  return (
    <div ref={card} className="rounded-lg border border-slate-200 bg-white p-3">
      <div ref={summary} className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          {showDate ? `${showDate(a.startsAt)} · ` : ''}
          {formatTime(a.startsAt, locale, timeZone)}–{formatTime(a.endsAt, locale, timeZone)} · <bdi>{a.patient.name}</bdi>
        </p>
        <Badge tone={STATUS_TONE[a.status]}>{t(`status.${a.status}`)}</Badge>
      </div>
      <p className="text-sm text-slate-700 wrap-anywhere">
        {a.service.name} · {a.mode === 'telehealth' ? t('modes.telehealth') : a.location.name}
        {a.reason ? ` · ${a.reason}` : ''}
        {a.series && a.status !== 'cancelled' ? ` · ${t('series.visitOf', { visit: a.series.visit, visits: a.series.visits })}` : ''}
      </p>
      {a.status === 'cancelled' && a.cancelledBy ? (
        <p className="text-sm text-slate-700 wrap-anywhere">
          {t(a.cancelledBy === 'practice' ? 'practice.cancelledByPractice' : 'practice.cancelledByPatient')}
          {a.cancellationReason ? ` — ${a.cancellationReason}` : ''}
        </p>
      ) : null}
      {/* In the week's narrow columns a button's words wrap inside the card instead of spilling out. */}
      <div className="mt-2 flex flex-wrap gap-2 *:h-auto *:min-h-8 *:max-w-full *:py-1 *:whitespace-normal">
        {videoOpen ? (
          <ButtonLink size="sm" to={`/appointments/telehealth/${encodeURIComponent(a.id)}`}>
            {t('telehealth.join')}
            <span className="sr-only">: {a.patient.name}</span>
          </ButtonLink>
        ) : null}
        {actions.map((action) =>
          action === 'cancel' ? (
            <Button
              key={action}
              ref={cancelToggle}
              variant="outline"
              size="sm"
              aria-expanded={cancelling}
              onClick={() => {
                setMoving(false);
                setCancelling(!cancelling);
              }}
            >
              {t('practice.actions.cancel')}
              <span className="sr-only">: {a.patient.name}</span>
            </Button>
          ) : (
            <Button
              key={action}
              variant={action === 'mark_no_show' ? 'outline' : 'primary'}
              size="sm"
              busy={act.isPending}
              onClick={() => {
                if (action !== 'mark_no_show' && action !== 'complete') return run(action);
                setAsked(action);
                setAsking(action);
              }}
            >
              {t(`practice.actions.${action}`)}
              <span className="sr-only">: {a.patient.name}</span>
            </Button>
          ),
        )}
        {a.actions.includes('reschedule') ? (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={moving}
            onClick={() => {
              setCancelling(false);
              setMoving(!moving);
            }}
          >
            {t('practice.move')}
            <span className="sr-only">: {a.patient.name}</span>
          </Button>
        ) : null}
        <ButtonLink variant="outline" size="sm" to={`/provider/messages?appointment=${encodeURIComponent(a.id)}`}>
          {t('messaging.messagePatient')}
          <span className="sr-only">: {a.patient.name}</span>
        </ButtonLink>
        {a.status === 'completed' || a.status === 'no_show' || a.status === 'cancelled' ? (
          // A follow-up, or the visit that did not happen, booked by the practice for the same patient.
          <ButtonLink variant="outline" size="sm" to={`/provider/appointments/new?patient=${encodeURIComponent(a.patient.id)}&provider=${encodeURIComponent(a.provider.id)}`}>
            {t('practiceBooking.bookAgain')}
            <span className="sr-only">: {a.patient.name}</span>
          </ButtonLink>
        ) : null}
        {children}
      </div>
      {moving && a.actions.includes('reschedule') ? (
        <FocusKeeper fallback={keepFocus}>
        <PracticeReschedule
          appointment={a}
          timeZone={timeZone}
          onDone={(moved) => {
            setMoving(false);
            focusElement(summary.current);
            if (moved) followFocus = { id: a.id, until: Date.now() + FOLLOW_FOCUS_MS };
          }}
          onNotMovable={(message) => {
            setError(message);
            requestAnimationFrame(() => focusElement(errorLine.current));
          }}
        />
        </FocusKeeper>
      ) : null}
      {cancelling && a.actions.includes('cancel') ? (
        <FocusKeeper fallback={keepFocus}>
        <form
          noValidate
          // Stacked, the field as wide as the card: it fits a week's narrow day column.
          className="mt-2 flex min-w-0 flex-col items-start gap-2"
          // Escape closes the form, not the week view's dialog around the card (see week-grid).
          ref={cancelPanel}
          onSubmit={(e) => {
            e.preventDefault();
            // The patient's email gives the reason (the server requires one too).
            if (!reason.trim()) {
              setReasonMissing(true);
              reasonInput.current?.focus();
              return;
            }
            setReasonMissing(false);
            if (withLater && laterVisits > 0) cancelWithLater(reason.trim());
            else run('cancel', reason.trim());
          }}
        >
          <label className="flex w-full min-w-0 flex-col gap-1 text-sm text-slate-900">
            {t('practice.cancelReason')}
            <input
              ref={attachReason}
              dir="auto"
              className="h-9 w-full min-w-0 rounded-md border border-slate-400 px-2 aria-invalid:border-red-600"
              value={reason}
              maxLength={500}
              required
              aria-invalid={reasonMissing || undefined}
              aria-describedby={reasonMissing ? reasonErrorId : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          {reasonMissing ? (
            <p id={reasonErrorId} className="text-sm font-medium text-red-700">
              {t('practice.cancelReasonRequired')}
            </p>
          ) : null}
          {laterVisits > 0 ? (
            <label className="inline-flex min-h-8 items-center gap-2 text-sm text-slate-900">
              <input type="checkbox" className="size-4 shrink-0 accent-teal-700" checked={withLater} onChange={(e) => setWithLater(e.target.checked)} />
              {t('practice.cancelLater', { count: laterVisits })}
            </label>
          ) : null}
          <div className="flex max-w-full flex-wrap gap-2">
            <Button type="submit" size="sm" className="h-auto min-h-8 max-w-full py-1 whitespace-normal" busy={act.isPending || cancelSeries.isPending}>
              {t('practice.confirmCancel')}
            </Button>
            <Button variant="outline" size="sm" className="h-auto min-h-8 max-w-full py-1 whitespace-normal" onClick={closeCancelling}>
              {t('practice.keepAppointment')}
            </Button>
          </div>
        </form>
        </FocusKeeper>
      ) : null}
      {error ? (
        <p ref={errorLine} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={asked === 'complete' ? t('practice.completing.title', { patient: a.patient.name }) : t('practice.missed.title', { patient: a.patient.name })}
        description={asked === 'complete' ? t('practice.completing.body') : t('practice.missed.body')}
        confirmLabel={asked === 'complete' ? t('practice.actions.complete') : t('practice.missed.confirm')}
        cancelLabel={t('practice.missed.cancel')}
        pending={act.isPending}
        onConfirm={() => run(asked)}
        returnFocus={() => {
          const done = focusSummaryOnClose.current;
          focusSummaryOnClose.current = false;
          return done ? summary.current : null;
        }}
      />
    </div>
  );
}
