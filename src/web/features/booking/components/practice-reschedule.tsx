import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Appointment } from '~/shared/contracts/appointments';
import { Button } from '~/web/components/ui/button';
import { formatDateTime } from '~/web/lib/dates';
import { focusElement } from '~/web/lib/focus';
import { ApiError } from '~/web/lib/api-error';
import { problemMessage } from '~/web/lib/problem-message';
import { usePracticeReschedule } from '../api/booking-api';
import { SlotPicker } from './slot-picker';
import { useFormatLocale } from '~/web/lib/format-locale';

/**
 * The practice moves an appointment to another free time (POST …/practice/appointments/{id}/reschedule):
 * the provider's free times as the practice books them (no online notice or horizon), then
 * "Move to …". The patient is emailed.
 */
export function PracticeReschedule({
  appointment: a,
  timeZone,
  onDone,
  onNotMovable,
}: {
  appointment: Appointment;
  timeZone: string;
  /** Closes the panel; `moved` once the move is made (the card may show again under another day). */
  onDone(moved?: boolean): void;
  /**
   * The appointment can no longer be moved (cancelled or seen meanwhile, in another tab): the panel
   * goes with the refreshed card, so the card says why, with this message.
   */
  onNotMovable(message: string): void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const move = usePracticeReschedule();
  const [newStart, setNewStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const errorRef = useRef<HTMLParagraphElement>(null);
  function onMove() {
    if (!newStart) return;
    setError(null);
    move.mutate(
      { id: a.id, startsAt: newStart },
      {
        onSuccess: () => {
          toast.success(t('practice.moved', { patient: a.patient.name, when: formatDateTime(newStart, locale, timeZone) }));
          onDone(true);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'appointment.not-movable') return onNotMovable(problemMessage(i18n, e));
          setError(problemMessage(i18n, e));
          // The free times were refreshed with the answer; the message says what happened.
          requestAnimationFrame(() => focusElement(errorRef.current));
        },
      },
    );
  }
  return (
    <section aria-labelledby={headingId} className="mt-2 min-w-0 space-y-3 rounded-lg bg-slate-50 p-3">
      {/* The region's name, not a heading: the card it opens in has none of its own (the picker's days are h4). */}
      <p id={headingId} className="text-sm font-semibold text-slate-900">
        {t('practice.moveTitle', { patient: a.patient.name })}
      </p>
      <SlotPicker practice providerId={a.provider.id} serviceId={a.service.id} locationId={a.location.id} viewerTimeZone={timeZone} selected={newStart} onSelect={setNewStart} labelledBy={headingId} />
      {error ? (
        <p ref={errorRef} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={!newStart} busy={move.isPending} onClick={onMove} className="h-auto min-h-8 max-w-full py-1 whitespace-normal">
          {newStart ? t('list.moveTo', { when: formatDateTime(newStart, locale, timeZone) }) : t('list.pickNewTime')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onDone()}>
          {t('practice.keepTime')}
        </Button>
      </div>
    </section>
  );
}
