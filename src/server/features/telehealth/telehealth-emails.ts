import type { GuestRole } from '../../../shared/contracts/telehealth.js';
import { LANGUAGES, type LanguageCode } from '../../../shared/languages.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import { emailLanguage, escapeHtml, fill } from '../../platform/mail/auth-emails.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { formatWhen } from '../booking/appointment-emails.js';

interface Copy {
  subject: string;
  greeting: string;
  body: Record<GuestRole, string>;
  signIn: string;
  action: string;
}

/**
 * The invitation of a carer or an interpreter to a video visit. It names who invites and when,
 * never the patient or the reason for the visit (email is not a secure channel).
 */
const COPY: Record<LanguageCode, Copy> = {
  en: {
    subject: 'You are invited to a video visit on {product}',
    greeting: 'Hello,',
    body: {
      carer: '{inviter} of {organisation} invites you to join a video visit as a carer on {when}.',
      interpreter: '{inviter} of {organisation} invites you to join a video visit as an interpreter on {when}.',
    },
    signIn: 'Sign in (or create an account) with this email address, {email}, then wait in the waiting room until you are let in. The visit opens 15 minutes before it starts.',
    action: 'Open the video visit',
  },
  es: {
    subject: 'Le invitan a una videoconsulta en {product}',
    greeting: 'Hola:',
    body: {
      carer: '{inviter}, de {organisation}, le invita a unirse a una videoconsulta como cuidador/a el {when}.',
      interpreter: '{inviter}, de {organisation}, le invita a unirse a una videoconsulta como intérprete el {when}.',
    },
    signIn: 'Inicie sesión (o cree una cuenta) con esta dirección de correo, {email}, y espere en la sala de espera hasta que le den paso. La consulta se abre 15 minutos antes del inicio.',
    action: 'Abrir la videoconsulta',
  },
  fr: {
    subject: 'Vous êtes invité·e à une téléconsultation sur {product}',
    greeting: 'Bonjour,',
    body: {
      carer: '{inviter} ({organisation}) vous invite à rejoindre une téléconsultation en tant qu’aidant·e le {when}.',
      interpreter: '{inviter} ({organisation}) vous invite à rejoindre une téléconsultation en tant qu’interprète le {when}.',
    },
    signIn: 'Connectez-vous (ou créez un compte) avec cette adresse, {email}, puis patientez dans la salle d’attente jusqu’à ce que l’on vous fasse entrer. La consultation ouvre 15 minutes avant le début.',
    action: 'Ouvrir la téléconsultation',
  },
  pt: {
    subject: 'Você foi convidado(a) para uma videoconsulta no {product}',
    greeting: 'Olá,',
    body: {
      carer: '{inviter}, de {organisation}, convida você para participar de uma videoconsulta como cuidador(a) em {when}.',
      interpreter: '{inviter}, de {organisation}, convida você para participar de uma videoconsulta como intérprete em {when}.',
    },
    signIn: 'Entre (ou crie uma conta) com este endereço de e-mail, {email}, e aguarde na sala de espera até ser admitido(a). A consulta abre 15 minutos antes do início.',
    action: 'Abrir a videoconsulta',
  },
  ar: {
    subject: 'أنت مدعو إلى زيارة بالفيديو على {product}',
    greeting: 'مرحبًا،',
    body: {
      carer: 'يدعوك {inviter} من {organisation} للانضمام إلى زيارة بالفيديو بصفتك مقدّم رعاية في {when}.',
      interpreter: 'يدعوك {inviter} من {organisation} للانضمام إلى زيارة بالفيديو بصفتك مترجمًا في {when}.',
    },
    signIn: 'سجّل الدخول (أو أنشئ حسابًا) بعنوان البريد الإلكتروني هذا، {email}، ثم انتظر في غرفة الانتظار حتى يُسمح لك بالدخول. تُفتح الزيارة قبل موعدها بـ 15 دقيقة.',
    action: 'افتح الزيارة بالفيديو',
  },
  'zh-CN': {
    subject: '您受邀参加 {product} 上的视频问诊',
    greeting: '您好：',
    body: {
      carer: '{organisation} 的 {inviter} 邀请您以护理人员身份参加 {when} 的视频问诊。',
      interpreter: '{organisation} 的 {inviter} 邀请您以口译员身份参加 {when} 的视频问诊。',
    },
    signIn: '请使用此邮箱地址 {email} 登录（或注册账户），然后在候诊室等待，直到对方让您进入。问诊在开始前 15 分钟开放。',
    action: '打开视频问诊',
  },
};

export function renderVisitInviteEmail(vars: {
  to: string;
  role: GuestRole;
  inviter: string;
  organisation: string;
  startsAt: Date;
  timeZone: string;
  locale: string | null | undefined;
  url: string;
}): MailMessage {
  const language = emailLanguage(vars.locale);
  const copy = COPY[language];
  const t = (s: string) =>
    fill(s, { product: PRODUCT_NAME, inviter: vars.inviter, organisation: vars.organisation, when: formatWhen(vars.startsAt, vars.timeZone, language), email: vars.to });
  const e = escapeHtml;
  const dir = LANGUAGES.find((x) => x.code === language)?.dir ?? 'ltr';
  const text = [copy.greeting, '', t(copy.body[vars.role]), '', t(copy.signIn), '', `${copy.action}: ${vars.url}`, '', `— ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${e(t(copy.subject))}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${e(copy.greeting)}</p><p>${e(t(copy.body[vars.role]))}</p><p>${e(t(copy.signIn))}</p>
<p><a href="${e(vars.url)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${e(copy.action)}</a></p>
<p>— ${e(PRODUCT_NAME)}</p></body></html>`;
  return { to: vars.to, subject: t(copy.subject), text, html };
}
