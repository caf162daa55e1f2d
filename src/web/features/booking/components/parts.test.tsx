import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '~/shared/contracts/appointments';
import { createEnglishI18n } from '~/web/lib/i18n';
import enAppointments from '../../../../../public/locales/en/appointments.json';
import { CalendarLinks } from './parts';

const ORIGIN = 'https://tendwell.example';

function appointment(mode: Appointment['mode']): Appointment {
  return {
    id: 'a1b2c3',
    status: 'booked',
    startsAt: '2031-03-04T23:00:00.000Z',
    endsAt: '2031-03-04T23:30:00.000Z',
    timeZone: 'Australia/Sydney',
    mode,
    reason: '',
    priceMinor: 12000,
    currency: 'AUD',
    provider: { id: 'p1', displayName: 'Dr Amara Chen', title: 'MBBS', specialty: 'family-medicine', image: null },
    patient: { id: 'u1', name: 'Pat Patient', email: 'pat@example.test' },
    service: { id: 's1', name: 'Video consultation', durationMinutes: 30 },
    // A video visit held from a practice: the location is the practice, with its street address.
    location: { id: 'l1', name: 'Station Road Clinic', kind: 'practice', address: '52 Station Road, Sydney, NSW, 2000, Australia' },
    organisation: { name: 'Harbourview Allied Health' },
    contact: null,
    conversationId: null,
    cancellationWindowHours: 24,
    cancelledBy: null,
    cancellationReason: null,
    rated: false,
    visitEnded: null,
    series: null,
    actions: [],
    createdAt: '2031-03-01T00:00:00.000Z',
  };
}

/** The Google and Outlook links' query parameters. */
function links(mode: Appointment['mode']): { google: URLSearchParams; outlook: URLSearchParams } {
  const i18n = createEnglishI18n();
  i18n.addResourceBundle('en', 'appointments', enAppointments);
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <CalendarLinks appointment={appointment(mode)} />
    </I18nextProvider>,
  );
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1]!.replaceAll('&amp;', '&'), ORIGIN));
  const google = hrefs.find((u) => u.hostname === 'calendar.google.com');
  const outlook = hrefs.find((u) => u.hostname === 'outlook.live.com');
  if (!google || !outlook) throw new Error(`no calendar links in ${html}`);
  return { google: google.searchParams, outlook: outlook.searchParams };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CalendarLinks', () => {
  it('a video visit at a practice location: the links carry the visit’s page, not the street address', () => {
    vi.stubGlobal('window', { location: { origin: ORIGIN } });
    const { google, outlook } = links('telehealth');
    const visit = `${ORIGIN}/appointments/telehealth/a1b2c3`;
    expect(google.get('location')).toBe(`Video visit: ${visit}`);
    expect(google.get('details')).toContain(visit);
    expect(outlook.get('location')).toBe(`Video visit: ${visit}`);
    expect(outlook.get('body')).toContain(visit);
    expect(`${google.toString()} ${outlook.toString()}`).not.toContain('Station');
  });

  it('an in-person visit: the links carry the address', () => {
    vi.stubGlobal('window', { location: { origin: ORIGIN } });
    const { google, outlook } = links('in_person');
    expect(google.get('location')).toBe('52 Station Road, Sydney, NSW, 2000, Australia');
    expect(outlook.get('location')).toBe('52 Station Road, Sydney, NSW, 2000, Australia');
    expect(google.get('details')).not.toContain('/appointments/telehealth/');
  });
});
