import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TelehealthDayVisit } from '~/shared/contracts/telehealth';
import { createEnglishI18n } from '~/web/lib/i18n';
import enTelehealth from '../../../../../public/locales/en/telehealth.json';
import { DayVisit } from './telehealth-day-page';

const VISIT: TelehealthDayVisit = {
  appointmentId: '7b0f7c4e-1f7a-4a57-9a43-1a1b8d6f2c11',
  patientName: 'Noah Williams',
  serviceName: 'Video consultation',
  startsAt: '2026-12-03T00:00:00.000Z',
  endsAt: '2026-12-03T00:30:00.000Z',
  status: 'confirmed',
  phase: 'ended',
  joinOpensAt: '2026-12-02T23:45:00.000Z',
  startedAt: null,
  endedAt: null,
  reopenable: false,
  mine: true,
  waiting: [],
  others: [],
};

function render(visit: Partial<TelehealthDayVisit>): string {
  const i18n = createEnglishI18n();
  i18n.addResourceBundle('en', 'telehealth', enTelehealth);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <DayVisit visit={{ ...VISIT, ...visit }} date="2026-12-03" zone="Australia/Sydney" locale="en" />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const CALENDAR_LINK = 'href="/provider/appointments?view=day&amp;date=2026-12-03"';

describe('a video visit on the provider’s day', () => {
  it('whose time is over with nobody having started it, and no outcome yet: not held, with where to record one', () => {
    const html = render({});
    expect(html).toContain('>Not held</span>');
    expect(html).toContain(enTelehealth.day.outcomeMissing);
    expect(html).toContain(CALENDAR_LINK);
    expect(html).not.toContain(enTelehealth.day.start);
    // Nobody can come any more: the card does not say that nobody is waiting.
    expect(html).not.toContain(enTelehealth.day.nobodyWaiting);
  });

  it('open now with nobody in the waiting room: says nobody is waiting, and its provider may start it', () => {
    const html = render({ phase: 'open' });
    expect(html).toContain(enTelehealth.day.nobodyWaiting);
    expect(html).toContain('>Open</span>');
    expect(html).toContain('href="/appointments/telehealth/7b0f7c4e-1f7a-4a57-9a43-1a1b8d6f2c11"');
  });

  it('that was held and ended, without an outcome yet: ended, with where to record one', () => {
    const html = render({ startedAt: '2026-12-03T00:01:00.000Z', endedAt: '2026-12-03T00:25:00.000Z' });
    expect(html).toContain('>Ended</span>');
    expect(html).toContain(CALENDAR_LINK);
  });

  it('of a colleague: any of the staff is told where to record the outcome, not that only its provider may start it', () => {
    const html = render({ mine: false });
    expect(html).toContain(CALENDAR_LINK);
    expect(html).not.toContain(enTelehealth.day.othersVisit);
  });

  it('completed, or missed: nothing left to record', () => {
    for (const visit of [{ status: 'completed' }, { status: 'no_show', phase: 'unavailable' as const }]) {
      const html = render(visit);
      expect(html).not.toContain(CALENDAR_LINK);
      expect(html).not.toContain('Not held');
    }
  });

  it('that emptied by itself while its window is open: closed, and its provider may start it again', () => {
    const html = render({ phase: 'open', reopenable: true, startedAt: '2026-12-03T00:01:00.000Z', endedAt: '2026-12-03T00:10:00.000Z' });
    expect(html).toContain(`>${enTelehealth.day.phases.closed}</span>`);
    expect(html).not.toContain(CALENDAR_LINK);
    expect(html).toContain('href="/appointments/telehealth/7b0f7c4e-1f7a-4a57-9a43-1a1b8d6f2c11"');
  });
});
