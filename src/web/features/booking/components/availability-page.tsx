import { type FormEvent, useId, useRef, useState } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Availability, type BookingSettings, BookingSettingsSchema, OVERRIDE_NOTE_MAX, OverrideSchema, type PracticeLocation, SLOT_INTERVALS, type WeeklyRangeInput } from '~/shared/contracts/practice';
import { breaksOutsideHours, endsAfterStart, hoursProblems, invalidRangeFields, newBreakRange, newOpeningRange } from '~/shared/wall-hours';
import { DocumentTitle } from '~/web/components/layout/document-title';
import { ListText } from '~/web/components/ui/list-text';
import { Button } from '~/web/components/ui/button';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-error';
import { formatDate, formatTime } from '~/web/lib/dates';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { useAvailability, useDeleteOverride, useKeepOutsideHours, usePreview, usePutOverride, useSaveHours, useSaveSettings } from '../api/booking-api';
import { focusElement, focusFirstInvalid } from '~/web/lib/focus';
import { addDays, formatDayHeading, formatWallTime, localDate, mondayOf, zoneName } from '../lib/format';
import { invalidFields, passesSchema } from '../lib/form-errors';
import { NoProfileNotice, PageHeading, QueryState, SELECT_CLASS_NAME } from './parts';
import { PracticeAppointment } from './practice-appointment';
import { ServiceBuffersEditor, typedNumber } from './service-buffers';
import { useFormatLocale } from '~/web/lib/format-locale';

/** A service as the hours editor and its preview know it. */
type PreviewService = Availability['services'][number];

/** Monday first, as a practice's week reads. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

/** A time input cannot say 24:00: midnight at the end of a range is typed as 00:00. */
function toStoredEnd(value: string): string {
  return value === '00:00' ? '24:00' : value;
}
function toInputEnd(value: string): string {
  return value === '24:00' ? '00:00' : value;
}

/**
 * /provider/availability: booking rules, each service's buffers, weekly hours and breaks, date
 * changes, and a week preview that reflects all of them.
 */
export function AvailabilityPage() {
  const { t } = useTranslation('appointments');
  const availability = useAvailability();
  const noProfile = availability.error instanceof ApiError && availability.error.code === 'practice.no-profile';
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('availability.title')} />
      <PageHeading title={t('availability.title')} intro={t('availability.intro')} />
      {noProfile ? <NoProfileNotice /> : null}
      <QueryState pending={availability.isPending} error={availability.isError && !noProfile ? availability.error : null} retry={() => void availability.refetch()}>
        {availability.data ? (
          <div className="mt-8 space-y-8">
            {availability.data.outsideHours.length > 0 ? <OutsideHours appointments={availability.data.outsideHours} /> : null}
            <SettingsForm settings={availability.data.settings} />
            <ServiceBuffersEditor />
            {availability.data.locations.map((location) => (
              <LocationEditor key={location.id} location={location} services={availability.data.services} outside={availability.data.outsideHours.map((a) => a.id)} />
            ))}
          </div>
        ) : null}
      </QueryState>
    </div>
  );
}

/**
 * Coming appointments that the hours no longer cover (a day off or shorter hours after they were
 * booked): each is kept as it is, or cancelled with a reason that the patient's email gives.
 */
function OutsideHours({ appointments }: { appointments: Availability['outsideHours'] }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const keep = useKeepOutsideHours();
  const [error, setError] = useState<string | null>(null);
  const id = OUTSIDE_HEADING_ID;
  const zones = [...new Set(appointments.map((a) => a.timeZone))];
  return (
    <section aria-labelledby={id} className="rounded-xl border border-amber-300 bg-amber-50 p-6">
      <h2 id={id} className="scroll-mt-24 text-xl font-semibold text-slate-900">
        {t('availability.outside.heading', { count: appointments.length })}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{t('availability.outside.intro')}</p>
      {zones.length === 1 ? <p className="mt-1 text-sm text-slate-800">{t('practice.calendarIntro', { zone: zoneName(zones[0]!, locale) })}</p> : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="mt-4 space-y-3">
        {appointments.map((a) => (
          <li key={a.id}>
            <PracticeAppointment
              appointment={a}
              timeZone={a.timeZone}
              // Kept or cancelled, the card leaves the panel: its heading, or the page's when it was the last.
              focusFallback={() => (appointments.length > 1 ? document.getElementById(id) : null)}
              showDate={(iso) => (zones.length === 1 ? formatDate(iso, locale, a.timeZone) : `${formatDate(iso, locale, a.timeZone)} (${zoneName(a.timeZone, locale)})`)}
            >
              <Button
                variant="outline"
                size="sm"
                busy={keep.isPending}
                onClick={() => {
                  setError(null);
                  keep.mutate(a.id, { onSuccess: () => toast.success(t('availability.outside.kept', { patient: a.patient.name })), onError: (e) => setError(problemMessage(i18n, e)) });
                }}
              >
                {t('availability.outside.keep')}
                <span className="sr-only">: {a.patient.name}</span>
              </Button>
            </PracticeAppointment>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The heading of the panel of booked appointments outside the hours (one such panel a page). */
const OUTSIDE_HEADING_ID = 'outside-hours-heading';

/**
 * After a change of hours: a plain "saved", or, when it left booked appointments outside the hours
 * (the server's list has some it did not have before), how many are outside them now, with a way
 * to the panel that lists them at the top of the page.
 */
function toastSaved(t: TFunction<'appointments'>, saved: string, before: readonly string[], after: Availability): void {
  const known = new Set(before);
  if (!after.outsideHours.some((a) => !known.has(a.id))) {
    toast.success(saved);
    return;
  }
  toast.warning(saved, {
    description: t('availability.outside.nowOutside', { count: after.outsideHours.length }),
    action: {
      label: t('availability.outside.review'),
      onClick: (event) => {
        // Sonner gives the focus back to where it was when it leaves the toasts (the blur below does
        // that now, not after the heading took it).
        event.currentTarget.blur();
        revealOutsideHours();
      },
    },
  });
}

/** Scrolls to the panel of appointments outside the hours and gives its heading the focus. */
function revealOutsideHours(): void {
  const heading = document.getElementById(OUTSIDE_HEADING_ID);
  heading?.scrollIntoView({ block: 'start' });
  focusElement(heading);
}

/** The booking rules typed as numbers, in the unit each field shows (hours or days). */
type RuleField = 'minimumNoticeMinutes' | 'horizonDays' | 'cancellationWindowHours';
const RULE_SCALE: Record<RuleField, number> = { minimumNoticeMinutes: 60, horizonDays: 1, cancellationWindowHours: 1 };
const ruleTexts = (settings: BookingSettings): Record<RuleField, string> => ({
  minimumNoticeMinutes: String(settings.minimumNoticeMinutes / 60),
  horizonDays: String(settings.horizonDays),
  cancellationWindowHours: String(settings.cancellationWindowHours),
});

function SettingsForm({ settings }: { settings: BookingSettings }) {
  const { t, i18n } = useTranslation('appointments');
  const [draft, setDraft] = useState(settings);
  // What is typed stays as typed: an emptied field is not 0, and a refused value is not rounded.
  const [texts, setTexts] = useState(() => ruleTexts(settings));
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSettings();
  const id = useId();
  // Saved settings from the server replace the draft.
  const [shown, setShown] = useState(settings);
  if (shown !== settings) {
    setShown(settings);
    setDraft(settings);
    setTexts(ruleTexts(settings));
  }
  const errorOf = (field: RuleField) => (invalid.has(field) ? t(`availability.errors.${field}`) : null);
  const numberField = (field: RuleField, label: string, limits: { min: number; max: number; step: number }) => (
    <Field label={label} error={errorOf(field)}>
      {({ id: inputId, describedBy, invalid: isInvalid }) => (
        <Input
          id={inputId}
          type="number"
          inputMode="decimal"
          {...limits}
          value={texts[field]}
          aria-invalid={isInvalid}
          aria-describedby={describedBy}
          onChange={(e) => setTexts((x) => ({ ...x, [field]: e.target.value }))}
        />
      )}
    </Field>
  );
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setError(null);
    const input: BookingSettings = { ...draft };
    for (const field of Object.keys(RULE_SCALE) as RuleField[]) input[field] = typedNumber(texts[field]) * RULE_SCALE[field];
    const form = event.currentTarget;
    const refused = () => {
      setError(t('directoryProfile.form.invalid'));
      // The keyboard goes to the first field to put right.
      focusFirstInvalid(form);
    };
    if (!passesSchema(BookingSettingsSchema, input, setInvalid, refused)) return;
    save.mutate(input, {
      onSuccess: () => toast.success(t('availability.saved')),
      onError: (e) => {
        setInvalid(invalidFields(e));
        setError(problemMessage(i18n, e));
      },
    });
  }
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {t('availability.rules')}
      </h2>
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={`${id}-interval`} className="block text-sm font-medium text-slate-900">
            {t('availability.interval')}
          </label>
          <select id={`${id}-interval`} className={`${SELECT_CLASS_NAME} mt-1.5`} value={draft.slotIntervalMinutes} onChange={(e) => setDraft((d) => ({ ...d, slotIntervalMinutes: Number(e.target.value) }))}>
            {SLOT_INTERVALS.map((m) => (
              <option key={m} value={m}>
                {t('availability.minutes', { count: m })}
              </option>
            ))}
          </select>
        </div>
        {numberField('minimumNoticeMinutes', t('availability.notice'), { min: 0, max: 720, step: 0.5 })}
        {numberField('horizonDays', t('availability.horizon'), { min: 1, max: 365, step: 1 })}
        {numberField('cancellationWindowHours', t('availability.window'), { min: 0, max: 336, step: 1 })}
        <label className="flex items-center gap-2 text-sm text-slate-900 sm:col-span-2">
          <input type="checkbox" className="size-4" checked={draft.acceptingNewPatients} onChange={(e) => setDraft((d) => ({ ...d, acceptingNewPatients: e.target.checked }))} />
          {t('availability.acceptingNew')}
        </label>
        <div className="sm:col-span-2 lg:col-span-4">
          {error ? (
            <p role="alert" className="mb-2 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <Button type="submit" busy={save.isPending}>
            {t('availability.saveRules')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A weekday's name (0 is Sunday) in the page's language. */
function nameOfWeekday(language: string, weekday: number): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + weekday)));
}

function RangesEditor({
  legend,
  addLabel,
  ranges,
  onChange,
  newRange,
  invalid,
  errorId,
}: {
  legend: string;
  addLabel: string;
  ranges: WeeklyRangeInput[];
  onChange(next: WeeklyRangeInput[]): void;
  /** The time of each range (by index) that the last check refused, and the message that says why. */
  invalid: ReadonlyMap<number, 'start' | 'end'>;
  errorId: string;
  /** The times a range added to a weekday starts with: free ones, so that it saves as it is. */
  newRange(weekday: number): { start: string; end: string };
}) {
  const { t, i18n } = useTranslation('appointments');
  const language = currentLanguage(i18n.resolvedLanguage);
  const weekdayName = (weekday: number) => nameOfWeekday(language, weekday);
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">{legend}</legend>
      {WEEKDAYS.map((weekday) => {
        const day = ranges.map((r, index) => ({ r, index })).filter(({ r }) => r.weekday === weekday);
        return (
          <div key={weekday} className="grid gap-2 sm:grid-cols-[9rem_1fr] sm:items-start">
            <p className="pt-2 text-sm font-medium text-slate-900">{weekdayName(weekday)}</p>
            <div className="space-y-2">
              {day.length === 0 ? <p className="pt-2 text-sm text-slate-700">{t('availability.closed')}</p> : null}
              {day.map(({ r, index }, position) => (
                <div key={index} className="flex flex-wrap items-center gap-2">
                  <label className="text-sm text-slate-800">
                    <span className="sr-only">
                      {weekdayName(weekday)} {t('availability.from')}
                      {position > 0 ? ` (${t('availability.nth', { n: position + 1 })})` : ''}
                    </span>
                    <Input
                      type="time"
                      className="w-32"
                      value={r.start}
                      aria-invalid={invalid.get(index) === 'start' || undefined}
                      aria-describedby={invalid.get(index) === 'start' ? errorId : undefined}
                      onChange={(e) => onChange(ranges.map((x, i) => (i === index ? { ...x, start: e.target.value } : x)))}
                    />
                  </label>
                  <span aria-hidden="true">–</span>
                  <label className="text-sm text-slate-800">
                    <span className="sr-only">
                      {weekdayName(weekday)} {t('availability.to')}
                      {position > 0 ? ` (${t('availability.nth', { n: position + 1 })})` : ''}
                    </span>
                    <Input
                      type="time"
                      className="w-32"
                      value={toInputEnd(r.end)}
                      aria-invalid={invalid.get(index) === 'end' || undefined}
                      aria-describedby={invalid.get(index) === 'end' ? errorId : undefined}
                      onChange={(e) => onChange(ranges.map((x, i) => (i === index ? { ...x, end: toStoredEnd(e.target.value) } : x)))}
                    />
                  </label>
                  <Button variant="ghost" size="sm" onClick={() => onChange(ranges.filter((_, i) => i !== index))}>
                    {t('availability.remove')}
                    <span className="sr-only">
                      : {weekdayName(weekday)} {r.start}
                    </span>
                  </Button>
                </div>
              ))}
              <Button variant="outline" size="sm" onClick={() => onChange([...ranges, { weekday, ...newRange(weekday) }])}>
                {addLabel}
                <span className="sr-only">: {weekdayName(weekday)}</span>
              </Button>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

const PROBLEM_KEYS = {
  'end-before-start': 'availability.problems.endBeforeStart',
  overlap: 'availability.problems.overlap',
  'break-outside': 'availability.problems.breakOutside',
} as const;

const NONE_MARKED = { weekly: new Map<number, 'start' | 'end'>(), breaks: new Map<number, 'start' | 'end'>() };

function LocationEditor({ location, services, outside }: { location: PracticeLocation; services: PreviewService[]; outside: readonly string[] }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const language = currentLanguage(i18n.resolvedLanguage);
  const [weekly, setWeekly] = useState<WeeklyRangeInput[]>(location.weeklyHours);
  const [breaks, setBreaks] = useState<WeeklyRangeInput[]>(location.breaks);
  const [error, setError] = useState<string | null>(null);
  const [marked, setMarked] = useState<{ weekly: ReadonlyMap<number, 'start' | 'end'>; breaks: ReadonlyMap<number, 'start' | 'end'> }>(NONE_MARKED);
  const saveHours = useSaveHours();
  const id = useId();
  const errorId = useId();
  const editorsRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(location);
  if (shown !== location) {
    setShown(location);
    setWeekly(location.weeklyHours);
    setBreaks(location.breaks);
    setMarked(NONE_MARKED);
  }
  // A range added or removed moves the others' indices: the marks of the last check no longer fit.
  const editWeekly = (next: WeeklyRangeInput[]) => {
    if (next.length !== weekly.length) setMarked(NONE_MARKED);
    setWeekly(next);
  };
  const editBreaks = (next: WeeklyRangeInput[]) => {
    if (next.length !== breaks.length) setMarked(NONE_MARKED);
    setBreaks(next);
  };
  function onSave() {
    if (saveHours.isPending) return;
    setError(null);
    // The rules the server applies, said with the day and the part, before anything is sent.
    const problems = [
      ...hoursProblems(weekly).map((p) => ({ ...p, part: t('availability.weekly') })),
      ...hoursProblems(breaks).map((p) => ({ ...p, part: t('availability.breaks') })),
      // A break outside the day's hours takes nothing away: most likely other times were meant.
      ...breaksOutsideHours(weekly, breaks).map((weekday) => ({ weekday, kind: 'break-outside' as const, part: t('availability.breaks') })),
    ];
    if (problems.length > 0) {
      setMarked({ weekly: invalidRangeFields(weekly), breaks: invalidRangeFields(breaks, weekly) });
      // The keyboard goes to the first time to put right, as the booking rules' form does.
      focusFirstInvalid(editorsRef.current);
      setError(
        problems
          .map((p) => t(PROBLEM_KEYS[p.kind], { day: nameOfWeekday(language, p.weekday), part: p.part }))
          .join(' '),
      );
      return;
    }
    setMarked(NONE_MARKED);
    saveHours.mutate(
      { locationId: location.id, hours: { weeklyHours: weekly, breaks } },
      { onSuccess: (after) => toastSaved(t, t('availability.hoursSaved'), outside, after), onError: (e) => setError(problemMessage(i18n, e)) },
    );
  }
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {location.name}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('availability.zoneNote', { zone: zoneName(location.timeZone, locale), id: location.timeZone })}</p>
      <div ref={editorsRef} className="mt-6 grid gap-8 lg:grid-cols-2">
        <RangesEditor
          legend={t('availability.weekly')}
          addLabel={t('availability.add')}
          ranges={weekly}
          onChange={editWeekly}
          invalid={marked.weekly}
          errorId={errorId}
          newRange={(weekday) => newOpeningRange(weekly.filter((r) => r.weekday === weekday))} />
        <RangesEditor
          legend={t('availability.breaks')}
          addLabel={t('availability.addBreak')}
          ranges={breaks}
          onChange={editBreaks}
          invalid={marked.breaks}
          errorId={errorId}
          newRange={(weekday) => newBreakRange(weekly.filter((r) => r.weekday === weekday), breaks.filter((r) => r.weekday === weekday))}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-4 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button className="mt-4" onClick={onSave} busy={saveHours.isPending}>
        {t('availability.saveHours')}
      </Button>
      <Overrides location={location} outside={outside} />
      <WeekPreview location={location} services={services.filter((s) => s.mode === 'telehealth' || location.kind === 'practice')} />
    </section>
  );
}

function Overrides({ location, outside }: { location: PracticeLocation; outside: readonly string[] }) {
  const { t, i18n } = useTranslation('appointments');
  const locale = useFormatLocale();
  const put = usePutOverride();
  const remove = useDeleteOverride();
  const today = localDate(new Date(), location.timeZone);
  const [date, setDate] = useState(addDays(today, 7));
  const [dayOff, setDayOff] = useState(true);
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('13:00');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dateMissing, setDateMissing] = useState(false);
  const [noteTooLong, setNoteTooLong] = useState(false);
  const id = useId();
  const dateErrorId = useId();
  const noteErrorId = useId();
  const noteRef = useRef<HTMLInputElement>(null);
  function onRemove(day: string) {
    if (remove.isPending) return;
    setError(null);
    remove.mutate(
      { locationId: location.id, date: day },
      {
        onSuccess: (after) => {
          // The row goes with its Remove button: the list's heading keeps the focus.
          focusElement(document.getElementById(id));
          toastSaved(t, t('availability.overrideRemoved'), outside, after);
        },
        onError: (e) => setError(problemMessage(i18n, e)),
      },
    );
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (put.isPending) return;
    setError(null);
    // An empty (or half-typed) date would be sent as no date at all.
    setDateMissing(!date);
    if (!date) {
      event.currentTarget.querySelector<HTMLInputElement>('input[type="date"]')?.focus();
      return;
    }
    if (!dayOff && !endsAfterStart({ start, end: toStoredEnd(end) })) {
      setError(t('availability.problems.dateEnd'));
      return;
    }
    const body = { hours: dayOff ? [] : [{ start, end: toStoredEnd(end) }], note: note.trim() };
    // The note as the server takes it (a pasted text may be longer than the field lets one type).
    const tooLong = !OverrideSchema.shape.note.safeParse(body.note).success;
    setNoteTooLong(tooLong);
    if (tooLong) {
      noteRef.current?.focus();
      return;
    }
    put.mutate(
      { locationId: location.id, date, body },
      { onSuccess: (after) => toastSaved(t, t('availability.overrideSaved'), outside, after), onError: (e) => setError(problemMessage(i18n, e)) },
    );
  }
  return (
    <div className="mt-8 border-t border-slate-200 pt-6">
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {t('availability.overrides')}
      </h3>
      {location.overrides.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t('availability.noOverrides')}</p>
      ) : (
        <ul className="mt-2 space-y-2" aria-labelledby={id}>
          {location.overrides.map((o) => (
            <li key={o.date} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 p-2 text-sm">
              {/* A long note without spaces wraps inside the row rather than widening the page. */}
              <span className="min-w-0 text-slate-900 wrap-anywhere">
                {formatDayHeading(o.date, locale)}: {o.hours.length === 0 ? t('availability.dayOff') : <ListText items={o.hours.map((h) => `${formatWallTime(h.start, locale)}–${formatWallTime(h.end, locale)}`)} language={locale} />}
                {o.note ? ` · ${o.note}` : ''}
              </span>
              <Button variant="ghost" size="sm" busy={remove.isPending} onClick={() => onRemove(o.date)}>
                {t('availability.remove')}
                <span className="sr-only">: {o.date}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label className="text-sm font-medium text-slate-900">
            {t('availability.date')}
            <Input
              type="date"
              min={today}
              className="mt-1.5 w-44"
              value={date}
              required
              aria-invalid={dateMissing || undefined}
              aria-describedby={dateMissing ? dateErrorId : undefined}
              onChange={(e) => setDate(e.target.value)}
            />
          </label>
          {dateMissing ? (
            <p id={dateErrorId} className="mt-1 text-sm font-medium text-red-700">
              {t('availability.problems.dateRequired')}
            </p>
          ) : null}
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm text-slate-900">
          <input type="checkbox" className="size-4" checked={dayOff} onChange={(e) => setDayOff(e.target.checked)} />
          {t('availability.dayOff')}
        </label>
        {dayOff ? null : (
          <>
            <label className="text-sm font-medium text-slate-900">
              {t('availability.from')}
              <Input type="time" className="mt-1.5 w-32" value={start} onChange={(e) => setStart(e.target.value)} />
            </label>
            <label className="text-sm font-medium text-slate-900">
              {t('availability.to')}
              <Input type="time" className="mt-1.5 w-32" value={end} onChange={(e) => setEnd(e.target.value)} />
            </label>
          </>
        )}
        <div>
          <label className="text-sm font-medium text-slate-900">
            {t('availability.note')}
            <Input
              ref={noteRef}
              className="mt-1.5 w-56"
              value={note}
              maxLength={OVERRIDE_NOTE_MAX}
              aria-invalid={noteTooLong || undefined}
              aria-describedby={noteTooLong ? noteErrorId : undefined}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          {noteTooLong ? (
            <p id={noteErrorId} className="mt-1 max-w-56 text-sm font-medium text-red-700">
              {t('availability.problems.noteLength', { max: OVERRIDE_NOTE_MAX })}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="outline" busy={put.isPending}>
          {t('availability.saveOverride')}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a day of the week preview says of its free times: their count, or why it has none. */
function previewDayState(date: string, count: number, today: string, location: Pick<PracticeLocation, 'weeklyHours' | 'overrides'>): 'past' | 'dayOff' | 'closed' | 'count' {
  if (date < today) return 'past';
  if (count > 0) return 'count';
  const override = location.overrides.find((o) => o.date === date);
  if (override) return override.hours.length === 0 ? 'dayOff' : 'count';
  // A calendar date's weekday is the same in every zone (0 is Sunday, as the weekly hours count).
  return location.weeklyHours.some((w) => w.weekday === new Date(`${date}T00:00:00Z`).getUTCDay()) ? 'count' : 'closed';
}

const PREVIEW_DAY_KEYS = { past: 'availability.pastDay', dayOff: 'availability.dayOff', closed: 'availability.closed' } as const;

function WeekPreview({ location, services }: { location: PracticeLocation; services: PreviewService[] }) {
  const { t } = useTranslation('appointments');
  const locale = useFormatLocale();
  const [serviceId, setServiceId] = useState(services[0]?.id ?? '');
  const [weekStart, setWeekStart] = useState(() => mondayOf(localDate(new Date(), location.timeZone)));
  const preview = usePreview(serviceId ? { locationId: location.id, serviceId, weekStart } : null);
  const selected = services.find((s) => s.id === serviceId);
  const id = useId();
  const today = localDate(new Date(), location.timeZone);
  if (services.length === 0) return null;
  return (
    <div className="mt-8 border-t border-slate-200 pt-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={id} className="text-lg font-semibold text-slate-900">
          {t('availability.preview')}
        </h3>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm font-medium text-slate-900">
            {t('book.service')}
            <select className={`${SELECT_CLASS_NAME} mt-1.5`} value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
              {services.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <Button variant="outline" size="sm" onClick={() => setWeekStart(addDays(weekStart, -7))}>
            {t('practice.previous')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setWeekStart(addDays(weekStart, 7))}>
            {t('practice.next')}
          </Button>
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-700">{t('availability.previewNote', { zone: zoneName(location.timeZone, locale) })}</p>
      {selected ? (
        <p className="mt-1 text-sm text-slate-700">
          {t('availability.previewTiming', {
            // Each a count of its own, so each takes its language's plural ("5 دقائق", "1 minute").
            minutes: t('availability.minutes', { count: selected.durationMinutes }),
            before: t('availability.minutes', { count: selected.bufferBeforeMinutes }),
            after: t('availability.minutes', { count: selected.bufferAfterMinutes }),
          })}
        </p>
      ) : null}
      <div className="mt-4 grid gap-2 md:grid-cols-7" aria-labelledby={id} aria-busy={preview.isFetching} role="group">
        {preview.data?.days.map((day) => {
          const state = previewDayState(day.date, day.slots.length, today, location);
          return (
            <div key={day.date} className="rounded-lg bg-slate-50 p-2">
              <h4 className="text-sm font-semibold text-slate-900">{formatDayHeading(day.date, locale)}</h4>
              {/* A day without free times says why when it can: gone by, closed or a day off (0 would read as fully booked). */}
              <p className="text-xs text-slate-700">{state === 'count' ? t('availability.slotCount', { count: day.slots.length }) : t(PREVIEW_DAY_KEYS[state])}</p>
              <ul className="mt-1 flex flex-wrap gap-1">
                {day.slots.slice(0, 12).map((s) => (
                  <li key={s.start} className="rounded bg-white px-1.5 py-0.5 text-xs text-slate-900">
                    {formatTime(s.start, locale, location.timeZone)}
                  </li>
                ))}
                {day.slots.length > 12 ? <li className="text-xs text-slate-700">{t('availability.more', { count: day.slots.length - 12 })}</li> : null}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}
