import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '~/shared/contracts/appointments';
import { isolate } from '~/web/lib/bidi';
import { intlLocale, formatTime, localDate } from '~/web/lib/dates';
import { useHydrated } from '~/web/lib/use-hydrated';
import { useNow } from '~/web/lib/use-now';
import { formatDayHeading } from '../lib/format';
import { layoutWeek, nowMarker } from '../lib/week-grid';
import { PracticeAppointment, STATUS_TONE } from './practice-appointment';
import { useFormatLocale } from '~/web/lib/format-locale';

/** Pixels an hour takes: a quarter of an hour is then 24 px, the least a target may be (WCAG 2.5.8). */
const HOUR_PX = 96;
const MINUTE_PX = HOUR_PX / 60;

const BLOCK_TONES = {
  slate: 'border-slate-500 bg-slate-100 hover:bg-slate-200',
  teal: 'border-teal-700 bg-teal-50 hover:bg-teal-100',
  green: 'border-emerald-700 bg-emerald-50 hover:bg-emerald-100',
  red: 'border-red-700 bg-red-50 hover:bg-red-100',
  amber: 'border-amber-600 bg-amber-50 hover:bg-amber-100',
} as const;

/**
 * The week as a time grid (wide screens): a column a day, an appointment where its time is and as
 * long as it lasts, overlapping ones side by side. Each opens its card, with the status changes
 * the server allows now, in a dialog.
 */
export function WeekGrid({ days, appointments, timeZone }: { days: readonly string[]; appointments: readonly Appointment[]; timeZone: string }) {
  const { t } = useTranslation('appointments');
  const locale = useFormatLocale();
  const baseId = useId();
  const layout = layoutWeek(appointments, days, timeZone);
  // The line for now, once in the browser (the server's minute is not the reader's), moved each minute.
  const hydrated = useHydrated();
  const now = useNow(60_000, hydrated);
  const marker = hydrated ? nowMarker(layout, now, timeZone) : null;
  const today = hydrated ? localDate(now, timeZone) : null;
  const hours = Array.from({ length: layout.lastHour - layout.firstHour }, (_, i) => layout.firstHour + i);
  const height = hours.length * HOUR_PX;
  const hourLabel = new Intl.DateTimeFormat(intlLocale(locale), { hour: 'numeric', timeZone: 'UTC' });
  const lines = `repeating-linear-gradient(to bottom, rgb(226 232 240) 0, rgb(226 232 240) 1px, transparent 1px, transparent ${HOUR_PX}px)`;
  return (
    <div className="grid grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
      <div />
      {layout.columns.map(({ day }, i) => (
        <h3
          key={day}
          id={`${baseId}-${i}`}
          aria-current={day === today ? 'date' : undefined}
          className={clsx('border-b px-1 pb-2 text-sm font-semibold', day === today ? 'border-b-2 border-teal-700 text-teal-800' : 'border-slate-200 text-slate-900')}
        >
          {formatDayHeading(day, locale)}
        </h3>
      ))}
      {/* The hours down the side are for the eye: each appointment says its own time. */}
      <div aria-hidden="true" className="relative" style={{ height }}>
        {hours.map((hour, i) => (
          // Each label centred on its hour's line; the first, at the grid's top edge, just below it.
          <span key={hour} className={clsx('absolute end-2 text-xs text-slate-700', i > 0 && '-translate-y-1/2')} style={{ top: i * HOUR_PX }}>
            {hourLabel.format(Date.UTC(2026, 0, 1, hour))}
          </span>
        ))}
      </div>
      {layout.columns.map(({ day, placed }, i) => (
        <div key={day} className="relative border-s border-slate-200" style={{ height, backgroundImage: lines }}>
          {placed.length === 0 ? <p className="sr-only">{t('practice.free')}</p> : null}
          <ul aria-labelledby={`${baseId}-${i}`} className="absolute inset-0">
            {placed.map(({ item: a, top, height: minutes, lane, lanes }) => (
              <li
                key={a.id}
                className="absolute px-0.5"
                style={{ top: top * MINUTE_PX, height: Math.max(minutes * MINUTE_PX, 24), insetInlineStart: `${(lane / lanes) * 100}%`, width: `${100 / lanes}%` }}
              >
                <Dialog.Root>
                  <Dialog.Trigger
                    className={clsx(
                      'flex size-full flex-col items-start overflow-hidden rounded-md border-s-4 px-1.5 py-0.5 text-start text-xs leading-tight text-slate-900',
                      BLOCK_TONES[STATUS_TONE[a.status]],
                      a.status === 'cancelled' && 'line-through',
                    )}
                  >
                    {/* As much as the block's height shows: a short visit's start and patient on one line; the status is always in its name. */}
                    {minutes < 30 ? (
                      <span className="max-w-full truncate">
                        <span className="font-medium">{formatTime(a.startsAt, locale, timeZone)}</span> <bdi>{a.patient.name}</bdi>
                      </span>
                    ) : (
                      <>
                        <span className="max-w-full truncate font-medium">
                          {formatTime(a.startsAt, locale, timeZone)}–{formatTime(a.endsAt, locale, timeZone)}
                        </span>
                        <span className="max-w-full truncate">
                          <bdi>{a.patient.name}</bdi>
                        </span>
                      </>
                    )}
                    <span className={minutes < 45 ? 'sr-only' : 'max-w-full truncate'}>{t(`status.${a.status}`)}</span>
                  </Dialog.Trigger>
                  <Dialog.Portal>
                    <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
                    <Dialog.Content
                      aria-describedby={undefined}
                      // Escape inside the card's cancellation form closes that form, not the dialog.
                      onEscapeKeyDown={(event) => {
                        if (event.target instanceof Element && event.target.closest('[data-escape-closes]')) event.preventDefault();
                      }}
                      className="fixed inset-x-4 top-[10vh] z-50 mx-auto max-h-[80vh] max-w-lg overflow-y-auto rounded-xl bg-white p-5 shadow-xl"
                    >
                      <div className="mb-3 flex items-start justify-between gap-4">
                        <Dialog.Title className="text-lg font-semibold text-slate-900">
                          {t('practice.detailsTitle', { patient: isolate(a.patient.name), day: formatDayHeading(day, locale) })}
                        </Dialog.Title>
                        <Dialog.Close className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100" aria-label={t('practice.close')}>
                          <X aria-hidden="true" className="size-5" />
                        </Dialog.Close>
                      </div>
                      <PracticeAppointment appointment={a} timeZone={timeZone} />
                    </Dialog.Content>
                  </Dialog.Portal>
                </Dialog.Root>
              </li>
            ))}
          </ul>
          {marker?.column === i ? (
            <div aria-hidden="true" data-testid="now-line" className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-red-600" style={{ top: marker.top * MINUTE_PX - 1 }}>
              <span className="absolute -start-1 -top-[5px] size-2 rounded-full bg-red-600" />
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}
