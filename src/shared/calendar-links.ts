/** An event for the add-to-calendar links of appointment screens and emails. */
export interface CalendarEvent {
  title: string;
  start: Date;
  end: Date;
  details: string;
  location: string;
}

/** 20261201T000000Z: the UTC form both calendar services accept. */
function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Google Calendar's "add event" page, prefilled. */
export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(event.start)}/${utcStamp(event.end)}`,
    details: event.details,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Outlook on the web's "new event" page, prefilled. */
export function outlookCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: event.start.toISOString(),
    enddt: event.end.toISOString(),
    body: event.details,
    location: event.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}

/** Where the appointment's calendar file (.ics) is served to its patient. */
export function appointmentCalendarPath(appointmentId: string): string {
  return `/api/v1/appointments/${appointmentId}/calendar.ics`;
}

/** A video visit's page, where its patient joins it (the emails and calendar entries of a telehealth appointment link it). */
export function telehealthVisitPath(appointmentId: string): string {
  return `/appointments/telehealth/${appointmentId}`;
}
