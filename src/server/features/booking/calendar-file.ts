import { TZDate } from '@date-fns/tz';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { PRODUCT_NAME } from '../../../shared/product.js';

export interface CalendarAppointment {
  id: string;
  sequence: number;
  cancelled: boolean;
  start: Date;
  end: Date;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  stamp: Date;
}

const vtimezones = new Map<string, string | null>();

/** The VTIMEZONE of an IANA zone, from the packaged tz data (null when unknown); one per zone, kept. */
function vtimezone(name: string): string | null {
  if (!vtimezones.has(name)) {
    const block = tzlib_get_ical_block(name);
    const text = Array.isArray(block) ? block[0] : undefined;
    vtimezones.set(name, text && text.startsWith('BEGIN:VTIMEZONE') ? text : null);
  }
  return vtimezones.get(name) ?? null;
}

/**
 * The appointment as an RFC 5545 calendar file: one VEVENT whose UID is the appointment's, so a
 * change (a higher SEQUENCE) updates the entry a calendar already has and a cancellation
 * (METHOD:CANCEL, STATUS:CANCELLED) removes it. Times are written in the practice's time zone
 * with its VTIMEZONE, so calendars show them right whatever zone they are in.
 */
export function appointmentCalendarFile(appointment: CalendarAppointment): string {
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: 'Appointments', language: 'EN' },
    method: appointment.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // No calendar-wide zone (DTSTAMP stays in UTC); the generator adds the event's VTIMEZONE.
  calendar.timezone({ name: null, generator: vtimezone });
  calendar.createEvent({
    id: `${appointment.id}@tendwell`,
    sequence: appointment.sequence,
    stamp: appointment.stamp,
    start: new TZDate(appointment.start.getTime(), appointment.timeZone),
    end: new TZDate(appointment.end.getTime(), appointment.timeZone),
    timezone: appointment.timeZone,
    summary: appointment.summary,
    description: appointment.description,
    location: appointment.location,
    url: appointment.url,
    status: appointment.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: appointment.organizer,
    attendees: [{ ...appointment.attendee, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED }],
  });
  return calendar.toString();
}
