import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TelehealthDayVisit } from '~/shared/contracts/telehealth';
import { formatTime } from '~/web/lib/dates';
import { createEnglishI18n } from '~/web/lib/i18n';
import arTelehealth from '../../../../../public/locales/ar/telehealth.json';
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

function render(visit: Partial<TelehealthDayVisit>, language: 'en' | 'ar' = 'en'): string {
  const i18n = createEnglishI18n();
  i18n.addResourceBundle('en', 'telehealth', enTelehealth);
  i18n.addResourceBundle('ar', 'telehealth', arTelehealth);
  void i18n.changeLanguage(language);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <DayVisit visit={{ ...VISIT, ...visit }} date="2026-12-03" zone="Australia/Sydney" locale={language} />
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

  it('lists who is in the call and who went as the page’s language writes a list, with its brackets and words (Arabic)', () => {
    const others: TelehealthDayVisit['others'] = [
      { userId: '0d3c6a55-2b8e-4f61-9a0e-5c7c1d2e3f41', name: 'Noah Williams', role: 'patient', presence: 'in-call', leftAt: null },
      { userId: '1e4d7b66-3c9f-4a72-8b1f-6d8d2e3f4a52', name: 'ليلى حداد', role: 'interpreter', presence: 'in-call', leftAt: null },
      { userId: '2f5e8c77-4d0a-4b83-9c2a-7e9e3f4a5b63', name: 'Ana Souza', role: 'carer', presence: 'gone', leftAt: '2026-12-03T00:12:00.000Z' },
    ];
    const isolated = (name: string) => `\u2068${name}\u2069`;
    const ar = render({ phase: 'open', startedAt: '2026-12-03T00:01:00.000Z', others }, 'ar');
    // "A (role) وB (role)": the Arabic "and", no English comma between two people.
    expect(ar).toContain(`${arTelehealth.day.inCall} ${isolated('Noah Williams')} (${arTelehealth.roles.patient}) و${isolated('ليلى حداد')} (${arTelehealth.roles.interpreter})`);
    const time = formatTime('2026-12-03T00:12:00.000Z', 'ar', 'Australia/Sydney');
    expect(ar).toContain(`${arTelehealth.day.gone} ${isolated('Ana Souza')} (${arTelehealth.roles.carer}، غادر في ${time})`);
    expect(ar).not.toContain(', ');
    // English keeps its own: "A (Patient) and B (Interpreter)".
    const en = render({ phase: 'open', startedAt: '2026-12-03T00:01:00.000Z', others });
    expect(en).toContain(`${enTelehealth.day.inCall} ${isolated('Noah Williams')} (Patient) and ${isolated('ليلى حداد')} (Interpreter)`);
  });

  it('that emptied by itself while its window is open: closed, and its provider may start it again', () => {
    const html = render({ phase: 'open', reopenable: true, startedAt: '2026-12-03T00:01:00.000Z', endedAt: '2026-12-03T00:10:00.000Z' });
    expect(html).toContain(`>${enTelehealth.day.phases.closed}</span>`);
    expect(html).not.toContain(CALENDAR_LINK);
    expect(html).toContain('href="/appointments/telehealth/7b0f7c4e-1f7a-4a57-9a43-1a1b8d6f2c11"');
  });
});
