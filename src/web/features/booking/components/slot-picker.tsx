import { clsx } from 'clsx';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '~/web/lib/dates';
import { useSlots } from '../api/booking-api';
import { formatDayHeading, localDate, slotsByDay, zoneName } from '../lib/format';
import { rovingIndex, tabStopOf } from '../lib/roving';
import { Button } from '~/web/components/ui/button';
import { useFormatLocale } from '~/web/lib/format-locale';

const DAYS_PER_PAGE = 14;

/**
 * Free times of one service, grouped by day in the viewer's own time zone, which is named. When
 * the practice keeps its hours in another zone, that is said too. Times load two weeks at a time.
 * `practice`: the times the practice's staff may book and move to (no online notice or horizon).
 */
export function SlotPicker({
  providerId,
  serviceId,
  locationId,
  viewerTimeZone,
  selected,
  onSelect,
  labelledBy,
  practice = false,
}: {
  practice?: boolean;
  providerId: string;
  serviceId: string;
  locationId: string;
  viewerTimeZone: string;
  selected: string | null;
  onSelect(start: string): void;
  labelledBy?: string;
}) {
  const { t } = useTranslation('appointments');
  const locale = useFormatLocale();
  const [from, setFrom] = useState<string | undefined>(undefined);
  const slots = useSlots({ providerId, serviceId, locationId, days: DAYS_PER_PAGE, ...(from ? { from } : {}), ...(practice ? { practice } : {}) });
  const noteId = useId();
  const data = slots.data;
  const days = data ? slotsByDay(data.slots, viewerTimeZone) : [];
  const practiceZone = data?.timeZone;

  function later() {
    const start = from ? new Date(from) : new Date();
    setFrom(new Date(start.getTime() + DAYS_PER_PAGE * 86_400_000).toISOString());
  }
  function earlier() {
    if (!from) return;
    const previous = new Date(new Date(from).getTime() - DAYS_PER_PAGE * 86_400_000);
    setFrom(previous.getTime() <= Date.now() ? undefined : previous.toISOString());
  }

  return (
    <div aria-labelledby={labelledBy} role="group">
      <p id={noteId} className="text-sm text-slate-700">
        {t('slots.inYourZone', { zone: zoneName(viewerTimeZone, locale), id: viewerTimeZone })}
        {practiceZone && practiceZone !== viewerTimeZone ? ` ${t('slots.practiceZone', { zone: zoneName(practiceZone, locale), id: practiceZone })}` : ''}
      </p>
      {slots.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          {t('slots.loading')}
        </p>
      ) : slots.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {t('slots.loadFailed')}
        </p>
      ) : days.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('slots.none', { days: DAYS_PER_PAGE })}</p>
      ) : (
        <div className="mt-4 space-y-4" aria-busy={slots.isFetching}>
          {days.map(({ day, slots: list }) => (
            <DayTimes key={day} day={day} list={list} locale={locale} viewerTimeZone={viewerTimeZone} selected={selected} onSelect={onSelect} describedBy={noteId} />
          ))}
        </div>
      )}
      <div className="mt-4 flex gap-2">
        <Button variant="outline" size="sm" disabled={!from} onClick={earlier}>
          {t('slots.earlier')}
        </Button>
        <Button variant="outline" size="sm" onClick={later}>
          {t('slots.later')}
        </Button>
      </div>
    </div>
  );
}


/**
 * One day's times: a radio group with one Tab stop (the chosen time when it is that day's, else
 * the first), the arrow keys moving and choosing within the day (Left and Right mirrored right to
 * left), Home and End to its first and last. Two weeks of times are then 14 Tab stops, not 300.
 */
function DayTimes({
  day,
  list,
  locale,
  viewerTimeZone,
  selected,
  onSelect,
  describedBy,
}: {
  day: string;
  list: { start: string }[];
  locale: string;
  viewerTimeZone: string;
  selected: string | null;
  onSelect(start: string): void;
  describedBy: string;
}) {
  const headingId = useId();
  const tabStop = tabStopOf(list, (slot) => slot.start === selected)?.start;
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const radios = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]')];
    const index = radios.indexOf(event.target as HTMLButtonElement);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = rovingIndex(event.key, index, radios.length, getComputedStyle(event.currentTarget).direction === 'rtl');
    const slot = next === null ? undefined : list[next];
    if (next === null || !slot) return;
    event.preventDefault();
    radios[next]?.focus();
    onSelect(slot.start);
  }
  return (
    <div>
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {formatDayHeading(day, locale)}
      </h4>
      {/* The group's key handler serves the radios inside it, which take the focus (one at a time). */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div role="radiogroup" aria-labelledby={headingId} className="mt-2 flex flex-wrap gap-2" onKeyDown={onKeyDown}>
        {list.map((slot) => {
          const isSelected = selected === slot.start;
          return (
            <button
              key={slot.start}
              type="button"
              role="radio"
              aria-checked={isSelected}
              aria-describedby={describedBy}
              tabIndex={slot.start === tabStop ? 0 : -1}
              onClick={() => onSelect(slot.start)}
              className={clsx(
                'min-h-10 rounded-md border px-3 text-sm font-medium',
                isSelected ? 'border-teal-800 bg-teal-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:border-teal-700',
              )}
            >
              <span className="sr-only">{formatDayHeading(localDate(slot.start, viewerTimeZone), locale)}, </span>
              {formatTime(slot.start, locale, viewerTimeZone)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
