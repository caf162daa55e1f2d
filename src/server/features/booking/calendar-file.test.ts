import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl } from '../../../shared/calendar-links.js';
import { appointmentCalendarFile, type CalendarAppointment } from './calendar-file.js';

const base: CalendarAppointment = {
  id: '6f1c2a8e-0000-4000-8000-000000000001',
  sequence: 0,
  cancelled: false,
  // 10:00 in Sydney during daylight saving (UTC+11).
  start: new Date('2026-12-01T23:00:00Z'),
  end: new Date('2026-12-01T23:30:00Z'),
  timeZone: 'Australia/Sydney',
  summary: 'Consultation with Dr Ada, Harbourview; reason: "check-up"',
  description: 'Line one\nLine two, with a comma; and a semicolon',
  location: '1 Test Street, Sydney, NSW, 2000, Australia',
  url: 'https://tendwell.example/appointments',
  organizer: { name: 'Harbourview', email: 'no-reply@tendwell.example' },
  attendee: { name: 'Pat Patient', email: 'pat@example.org' },
  stamp: new Date('2026-11-20T08:00:00Z'),
};

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  const event = new ICAL.Event(component.getFirstSubcomponent('vevent')!);
  return { component, event };
}

describe('appointment calendar file (RFC 5545)', () => {
  it('parses, keeps the practice’s zone with its VTIMEZONE, and means the same instant', () => {
    const text = appointmentCalendarFile(base);
    expect(text).toMatch(/\r\n/);
    const { component, event } = parse(text);
    expect(component.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(component.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Australia/Sydney');
    expect(text).toContain('DTSTART;TZID=Australia/Sydney:20261202T100000');
    expect(text).toMatch(/DTSTAMP:20261120T080000Z/);
    expect(event.uid).toBe(`${base.id}@tendwell`);
    expect(event.summary).toBe(base.summary);
    expect(event.description).toBe(base.description);
    expect(event.location).toBe(base.location);
    // With the VTIMEZONE registered, the local time converts back to the booked instant.
    const zone = new ICAL.Timezone(component.getFirstSubcomponent('vtimezone')!);
    ICAL.TimezoneService.register(zone, 'Australia/Sydney');
    expect(event.startDate.toJSDate().toISOString()).toBe(base.start.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(base.end.toISOString());
    ICAL.TimezoneService.remove('Australia/Sydney');
  });

  it('a change carries a higher sequence; a cancellation is METHOD:CANCEL with STATUS:CANCELLED', () => {
    const moved = parse(appointmentCalendarFile({ ...base, sequence: 2 }));
    expect(moved.event.sequence).toBe(2);
    const cancelled = parse(appointmentCalendarFile({ ...base, sequence: 3, cancelled: true }));
    expect(cancelled.component.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('quotes names, folds long lines at 75 octets and parses back to the same text', () => {
    const summary = 'موعد مع الدكتورة سارة في العيادة لمراجعة الخطة العلاجية والتقدم، مع ملاحظات';
    const text = appointmentCalendarFile({ ...base, summary, organizer: { name: 'Smith, "Jo": Clinic; Rooms', email: 'rooms@example.org' } });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const { event } = parse(text);
    expect(event.summary).toBe(summary);
    expect(event.organizer).toBe('mailto:rooms@example.org');
    expect(event.component.getFirstProperty('organizer')?.getParameter('cn')).toBe('Smith, "Jo": Clinic; Rooms');
    expect(event.attendees[0]?.getParameter('partstat')).toBe('ACCEPTED');
  });

  it('writes UTC times when the zone has no VTIMEZONE', () => {
    const text = appointmentCalendarFile({ ...base, timeZone: 'Nowhere/Unknown' });
    expect(text).not.toContain('BEGIN:VTIMEZONE');
    expect(text).not.toContain('TZID=');
    expect(parse(text).event.startDate.toJSDate().toISOString()).toBe(base.start.toISOString());
  });

  it('builds add-to-calendar links in UTC', () => {
    const event = { title: 'Consultation', start: base.start, end: base.end, details: 'Reason', location: base.location };
    const google = new URL(googleCalendarUrl(event));
    expect(google.searchParams.get('dates')).toBe('20261201T230000Z/20261201T233000Z');
    expect(google.searchParams.get('text')).toBe('Consultation');
    const outlook = new URL(outlookCalendarUrl(event));
    expect(outlook.searchParams.get('startdt')).toBe('2026-12-01T23:00:00.000Z');
  });
});
