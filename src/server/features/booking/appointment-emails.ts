import { googleCalendarUrl, outlookCalendarUrl } from '../../../shared/calendar-links.js';
import { LANGUAGES, type LanguageCode } from '../../../shared/languages.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import { regionForTimeZone } from '../../../shared/regions.js';
import { emailLanguage, escapeHtml, fill } from '../../platform/mail/auth-emails.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

export type AppointmentEmailKind = 'booked' | 'rescheduled' | 'cancelled' | 'reminder' | 'waitlist-offer';

interface Copy {
  subject: string;
  intro: string;
  action: string;
}

interface Labels {
  greeting: string;
  when: string;
  yourTime: string;
  where: string;
  /** A video visit whose link the email does not carry (a waitlist offer: no appointment yet). */
  video: string;
  /** A video visit whose link follows (`joinVideo`). */
  videoVisit: string;
  joinVideo: string;
  with: string;
  service: string;
  google: string;
  outlook: string;
  calendarFile: string;
  cancelledByPractice: string;
  cancelledByYou: string;
  reason: string;
  /** A booking the practice made for the patient, confirmed already ({organisation}). */
  bookedByPractice: string;
  /** Until when a waitlist offer's time is held. */
  heldUntil: string;
}

/** {provider}, {service}, {when}, {hours} are filled in; links are never translated. */
const COPY: Record<LanguageCode, Record<AppointmentEmailKind, Copy>> = {
  en: {
    booked: { subject: 'Booked: {service} with {provider}, {when}', intro: 'Your appointment is booked. The practice will confirm it.', action: 'View or change your appointment' },
    rescheduled: { subject: 'Moved: {service} with {provider}, now {when}', intro: 'Your appointment has a new time.', action: 'View or change your appointment' },
    cancelled: { subject: 'Cancelled: {service} with {provider}, {when}', intro: 'Your appointment is cancelled.', action: 'Book another time' },
    reminder: { subject: 'Reminder: {service} with {provider}, {when}', intro: 'A reminder of your appointment tomorrow.', action: 'View or change your appointment' },
    'waitlist-offer': { subject: 'A time has opened with {provider}: {when}', intro: 'A time you were waiting for is free. We are holding it for you for {hours} hours.', action: 'Book this time' },
  },
  es: {
    booked: { subject: 'Reservada: {service} con {provider}, {when}', intro: 'Su cita está reservada. La consulta la confirmará.', action: 'Ver o cambiar su cita' },
    rescheduled: { subject: 'Cambiada: {service} con {provider}, ahora {when}', intro: 'Su cita tiene una nueva hora.', action: 'Ver o cambiar su cita' },
    cancelled: { subject: 'Cancelada: {service} con {provider}, {when}', intro: 'Su cita está cancelada.', action: 'Reservar otra hora' },
    reminder: { subject: 'Recordatorio: {service} con {provider}, {when}', intro: 'Le recordamos su cita de mañana.', action: 'Ver o cambiar su cita' },
    'waitlist-offer': { subject: 'Hay una hora libre con {provider}: {when}', intro: 'Se ha liberado una hora que esperaba. Se la reservamos durante {hours} horas.', action: 'Reservar esta hora' },
  },
  fr: {
    booked: { subject: 'Réservé : {service} avec {provider}, {when}', intro: 'Votre rendez-vous est réservé. Le cabinet va le confirmer.', action: 'Voir ou modifier votre rendez-vous' },
    rescheduled: { subject: 'Déplacé : {service} avec {provider}, désormais {when}', intro: 'Votre rendez-vous a un nouvel horaire.', action: 'Voir ou modifier votre rendez-vous' },
    cancelled: { subject: 'Annulé : {service} avec {provider}, {when}', intro: 'Votre rendez-vous est annulé.', action: 'Réserver un autre créneau' },
    reminder: { subject: 'Rappel : {service} avec {provider}, {when}', intro: 'Un rappel de votre rendez-vous de demain.', action: 'Voir ou modifier votre rendez-vous' },
    'waitlist-offer': { subject: 'Un créneau s’est libéré avec {provider} : {when}', intro: 'Un créneau que vous attendiez est libre. Nous vous le réservons pendant {hours} heures.', action: 'Réserver ce créneau' },
  },
  pt: {
    booked: { subject: 'Agendada: {service} com {provider}, {when}', intro: 'Sua consulta está agendada. A clínica vai confirmá-la.', action: 'Ver ou alterar sua consulta' },
    rescheduled: { subject: 'Remarcada: {service} com {provider}, agora {when}', intro: 'Sua consulta tem um novo horário.', action: 'Ver ou alterar sua consulta' },
    cancelled: { subject: 'Cancelada: {service} com {provider}, {when}', intro: 'Sua consulta foi cancelada.', action: 'Agendar outro horário' },
    reminder: { subject: 'Lembrete: {service} com {provider}, {when}', intro: 'Um lembrete da sua consulta de amanhã.', action: 'Ver ou alterar sua consulta' },
    'waitlist-offer': { subject: 'Abriu um horário com {provider}: {when}', intro: 'Um horário que você aguardava ficou livre. Ele está reservado para você por {hours} horas.', action: 'Agendar este horário' },
  },
  ar: {
    booked: { subject: 'تم الحجز: {service} مع {provider}، {when}', intro: 'تم حجز موعدك. ستؤكده العيادة.', action: 'عرض موعدك أو تغييره' },
    rescheduled: { subject: 'تم التغيير: {service} مع {provider}، الآن {when}', intro: 'لموعدك وقت جديد.', action: 'عرض موعدك أو تغييره' },
    cancelled: { subject: 'تم الإلغاء: {service} مع {provider}، {when}', intro: 'تم إلغاء موعدك.', action: 'احجز وقتًا آخر' },
    reminder: { subject: 'تذكير: {service} مع {provider}، {when}', intro: 'تذكير بموعدك غدًا.', action: 'عرض موعدك أو تغييره' },
    'waitlist-offer': { subject: 'توفر وقت مع {provider}: {when}', intro: 'أصبح وقت كنت تنتظره متاحًا. نحتفظ به لك لمدة {hours} ساعات.', action: 'احجز هذا الوقت' },
  },
  'zh-CN': {
    booked: { subject: '已预约：{provider} 的 {service}，{when}', intro: '您的预约已完成，诊所将予以确认。', action: '查看或更改预约' },
    rescheduled: { subject: '已改期：{provider} 的 {service}，改为 {when}', intro: '您的预约时间已更改。', action: '查看或更改预约' },
    cancelled: { subject: '已取消：{provider} 的 {service}，{when}', intro: '您的预约已取消。', action: '预约其他时间' },
    reminder: { subject: '提醒：{provider} 的 {service}，{when}', intro: '提醒您明天的预约。', action: '查看或更改预约' },
    'waitlist-offer': { subject: '{provider} 有空档了：{when}', intro: '您等候的时间已空出，我们为您保留 {hours} 小时。', action: '预约此时间' },
  },
};

const LABELS: Record<LanguageCode, Labels> = {
  en: { greeting: 'Hello {name},', when: 'When', yourTime: 'Your time', where: 'Where', video: 'Video visit (link on your appointments page)', videoVisit: 'Video visit', joinVideo: 'Join the video visit', with: 'With', service: 'Service', google: 'Add to Google Calendar', outlook: 'Add to Outlook', calendarFile: 'The calendar file is attached.', cancelledByPractice: 'The practice cancelled it.', cancelledByYou: 'You cancelled it.', reason: 'Reason', bookedByPractice: '{organisation} booked this appointment for you. It is confirmed.', heldUntil: 'Held for you until' },
  es: { greeting: 'Hola, {name}:', when: 'Cuándo', yourTime: 'Su hora', where: 'Dónde', video: 'Videoconsulta (enlace en su página de citas)', videoVisit: 'Videoconsulta', joinVideo: 'Entrar en la videoconsulta', with: 'Con', service: 'Servicio', google: 'Añadir a Google Calendar', outlook: 'Añadir a Outlook', calendarFile: 'Se adjunta el archivo de calendario.', cancelledByPractice: 'La consulta la ha cancelado.', cancelledByYou: 'Usted la ha cancelado.', reason: 'Motivo', bookedByPractice: '{organisation} ha reservado esta cita para usted. Está confirmada.', heldUntil: 'Reservada para usted hasta' },
  fr: { greeting: 'Bonjour {name},', when: 'Quand', yourTime: 'Votre heure', where: 'Où', video: 'Téléconsultation (lien sur votre page de rendez-vous)', videoVisit: 'Téléconsultation', joinVideo: 'Rejoindre la téléconsultation', with: 'Avec', service: 'Prestation', google: 'Ajouter à Google Agenda', outlook: 'Ajouter à Outlook', calendarFile: 'Le fichier de calendrier est joint.', cancelledByPractice: 'Le cabinet l’a annulé.', cancelledByYou: 'Vous l’avez annulé.', reason: 'Motif', bookedByPractice: '{organisation} a réservé ce rendez-vous pour vous. Il est confirmé.', heldUntil: 'Réservé pour vous jusqu’au' },
  pt: { greeting: 'Olá, {name},', when: 'Quando', yourTime: 'Seu horário', where: 'Onde', video: 'Teleconsulta (link na sua página de consultas)', videoVisit: 'Teleconsulta', joinVideo: 'Entrar na teleconsulta', with: 'Com', service: 'Serviço', google: 'Adicionar ao Google Calendar', outlook: 'Adicionar ao Outlook', calendarFile: 'O arquivo de calendário está em anexo.', cancelledByPractice: 'A clínica cancelou a consulta.', cancelledByYou: 'Você cancelou a consulta.', reason: 'Motivo', bookedByPractice: '{organisation} agendou esta consulta para você. Ela está confirmada.', heldUntil: 'Reservado para você até' },
  ar: { greeting: 'مرحبًا {name}،', when: 'الموعد', yourTime: 'بتوقيتك', where: 'المكان', video: 'زيارة بالفيديو (الرابط في صفحة مواعيدك)', videoVisit: 'زيارة بالفيديو', joinVideo: 'انضم إلى الزيارة بالفيديو', with: 'مع', service: 'الخدمة', google: 'أضف إلى تقويم Google', outlook: 'أضف إلى Outlook', calendarFile: 'ملف التقويم مرفق.', cancelledByPractice: 'ألغته العيادة.', cancelledByYou: 'لقد ألغيته.', reason: 'السبب', bookedByPractice: 'حجزت {organisation} هذا الموعد لك، وهو مؤكد.', heldUntil: 'محجوز لك حتى' },
  'zh-CN': { greeting: '{name}，您好：', when: '时间', yourTime: '您的当地时间', where: '地点', video: '视频问诊（链接见您的预约页面）', videoVisit: '视频问诊', joinVideo: '加入视频问诊', with: '医生', service: '服务', google: '添加到 Google 日历', outlook: '添加到 Outlook', calendarFile: '附件为日历文件。', cancelledByPractice: '诊所已取消。', cancelledByYou: '您已取消。', reason: '原因', bookedByPractice: '{organisation} 已为您预约，预约已确认。', heldUntil: '为您保留至' },
};

const LOCALES: Record<LanguageCode, string> = { en: 'en-GB', es: 'es', fr: 'fr', pt: 'pt', ar: 'ar', 'zh-CN': 'zh-CN' };

/**
 * Where the zone's region writes the language its own way (English in the US or Australia, French
 * in Canada, Portuguese in Brazil, Spanish in Mexico), the mail's times read that way: a time in
 * New York is "Monday, December 7, 2026 at 10:00 AM", one in London "Monday 7 December 2026 at 10:00".
 * English elsewhere reads as in Britain (day first), as the web's `formatLocale` writes it.
 */
const REGIONAL_LOCALES: ReadonlySet<string> = new Set(['en-US', 'en-CA', 'en-AU', 'fr-CA', 'pt-BR', 'pt-PT', 'es-MX']);

export function mailDateLocale(language: LanguageCode, timeZone: string): string {
  const regional = `${language.split('-')[0]}-${regionForTimeZone(timeZone) ?? ''}`;
  return REGIONAL_LOCALES.has(regional) ? regional : LOCALES[language];
}

/**
 * Formatters are costly to build (ICU loads the locale's and the zone's data) and cheap to use, so
 * each language, zone and style gets one, kept for the life of the process: at most six languages
 * times the zones practices are in.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(language: LanguageCode, timeZone: string, style: 'when' | 'zone'): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${style}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(mailDateLocale(language, timeZone), style === 'when' ? { dateStyle: 'full', timeStyle: 'short', timeZone } : { timeZone, timeZoneName: 'long' });
    formatters.set(key, made);
  }
  return made;
}

/** A moment in a zone, in the reader's language, with the zone named (e.g. "Tue 1 Dec 2026, 10:00 AEDT"). */
export function formatWhen(moment: Date, timeZone: string, language: LanguageCode): string {
  return formatter(language, timeZone, 'when').format(moment) + ` (${zoneLabel(moment, timeZone, language)})`;
}

function zoneLabel(moment: Date, timeZone: string, language: LanguageCode): string {
  const part = formatter(language, timeZone, 'zone').formatToParts(moment).find((p) => p.type === 'timeZoneName');
  return part ? `${part.value}, ${timeZone}` : timeZone;
}

export interface AppointmentEmailVars {
  to: string;
  name: string;
  locale: string | null | undefined;
  /** The reader's own zone, when known and different from the practice's. */
  readerTimeZone: string | null;
  provider: string;
  service: string;
  organisation: string;
  start: Date;
  end: Date;
  timeZone: string;
  /**
   * How the visit happens: the appointment's mode (or the offered service's), which decides what
   * "where" says. A video visit's location may be a practice: its address is not the place.
   */
  mode: 'in_person' | 'telehealth';
  /** An in-person visit's address ('' when the location has none). */
  address: string;
  /** A video visit's page (absolute), where the patient joins it; none for an offer or a cancellation. */
  videoUrl?: string | null;
  url: string;
  /** Who made a booking: the practice's says so instead of "the practice will confirm it". */
  bookedBy?: 'patient' | 'practice';
  cancelledBy?: 'patient' | 'practice' | null;
  /** The practice's reason for cancelling, shown to the patient. */
  cancellationReason?: string | null;
  holdHours?: number;
  /** When a waitlist offer's hold ends (said in the reader's zone, else the practice's). */
  holdUntil?: Date;
  calendarFile?: string;
}

/** A video visit as calendars show it, in the reader's language: its place ("Video visit: <link>") and a line to join it. */
export function videoVisitWords(locale: string | null | undefined, videoUrl: string): { location: string; join: string } {
  const l = LABELS[emailLanguage(locale)];
  return { location: `${l.videoVisit}: ${videoUrl}`, join: `${l.joinVideo}: ${videoUrl}` };
}

export function renderAppointmentEmail(kind: AppointmentEmailKind, vars: AppointmentEmailVars): MailMessage {
  const language = emailLanguage(vars.locale);
  const copy = COPY[language][kind];
  const l = LABELS[language];
  const when = formatWhen(vars.start, vars.timeZone, language);
  const values = { provider: vars.provider, service: vars.service, when, hours: String(vars.holdHours ?? 2), name: vars.name, organisation: vars.organisation || vars.provider };
  const t = (s: string) => fill(s, values);
  const intro = kind === 'booked' && vars.bookedBy === 'practice' ? l.bookedByPractice : copy.intro;
  const yours = vars.readerTimeZone && vars.readerTimeZone !== vars.timeZone ? formatWhen(vars.start, vars.readerTimeZone, language) : null;
  const video = vars.mode === 'telehealth';
  // An offer's video visit has no page yet (it is not booked): the label says where its link will be.
  const where = video ? (kind === 'waitlist-offer' ? l.video : l.videoVisit) : vars.address;
  const videoUrl = video && vars.videoUrl ? vars.videoUrl : null;
  const rows: [string, string][] = [
    [l.when, when],
    ...(yours ? ([[l.yourTime, yours]] as [string, string][]) : []),
    [l.where, [vars.organisation, where].filter(Boolean).join(' — ')],
    ...(videoUrl ? ([[l.joinVideo, videoUrl]] as [string, string][]) : []),
    [l.with, vars.provider],
    [l.service, vars.service],
    ...(kind === 'cancelled' && vars.cancelledBy === 'practice' && vars.cancellationReason ? ([[l.reason, vars.cancellationReason]] as [string, string][]) : []),
    ...(kind === 'waitlist-offer' && vars.holdUntil ? ([[l.heldUntil, formatWhen(vars.holdUntil, vars.readerTimeZone ?? vars.timeZone, language)]] as [string, string][]) : []),
  ];
  const cancelledNote = kind === 'cancelled' && vars.cancelledBy ? (vars.cancelledBy === 'practice' ? l.cancelledByPractice : l.cancelledByYou) : '';
  const videoWords = videoUrl ? videoVisitWords(language, videoUrl) : null;
  const event = {
    title: `${vars.service} — ${vars.provider}`,
    start: vars.start,
    end: vars.end,
    details: [videoWords?.join, vars.url].filter(Boolean).join('\n'),
    location: video ? (videoWords?.location ?? l.videoVisit) : vars.address || vars.organisation,
  };
  const calendarLinks = kind === 'cancelled' || kind === 'waitlist-offer' ? [] : ([[l.google, googleCalendarUrl(event)], [l.outlook, outlookCalendarUrl(event)]] as [string, string][]);
  const text = [
    t(l.greeting),
    '',
    t(intro),
    ...(cancelledNote ? [cancelledNote] : []),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    `${t(copy.action)}: ${vars.url}`,
    ...calendarLinks.map(([k, v]) => `${k}: ${v}`),
    ...(vars.calendarFile ? ['', l.calendarFile] : []),
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const e = (s: string) => escapeHtml(s);
  const dir = LANGUAGES.find((x) => x.code === language)?.dir ?? 'ltr';
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${e(t(copy.subject))}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${e(t(l.greeting))}</p><p>${e(t(intro))}${cancelledNote ? ` ${e(cancelledNote)}` : ''}</p>
<table style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th scope="row" style="text-align:start;padding:4px 12px 4px 0;color:#4b5563">${e(k)}</th><td style="padding:4px 0">${v === videoUrl ? `<a href="${e(v)}">${e(v)}</a>` : e(v)}</td></tr>`).join('')}</table>
<p><a href="${e(vars.url)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${e(t(copy.action))}</a></p>
${calendarLinks.map(([k, v]) => `<a href="${e(v)}">${e(k)}</a>`).join(' · ')}${vars.calendarFile ? `<p style="font-size:13px;color:#4b5563">${e(l.calendarFile)}</p>` : ''}
<p>— ${e(PRODUCT_NAME)}</p></body></html>`;
  return {
    to: vars.to,
    subject: t(copy.subject),
    text,
    html,
    ...(vars.calendarFile
      ? {
          attachments: [
            {
              filename: 'appointment.ics',
              contentType: `text/calendar; charset=utf-8; method=${kind === 'cancelled' ? 'CANCEL' : 'REQUEST'}`,
              content: vars.calendarFile,
            },
          ],
        }
      : {}),
  };
}
