import { LANGUAGES, type LanguageCode } from '../../../shared/languages.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import { emailLanguage, escapeHtml, fill } from '../../platform/mail/auth-emails.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

interface Copy {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  privacy: string;
}

/**
 * The email about messages left unread. It never carries a message, its sender or its subject:
 * email is not a secure channel, so it only says there is something to read, and where.
 */
const COPY: Record<LanguageCode, Copy> = {
  en: {
    subject: 'You have an unread message on {product}',
    greeting: 'Hello {name},',
    body: 'You have {count} unread message(s) in your secure inbox.',
    action: 'Read your messages',
    privacy: 'For your privacy, messages are only shown after you sign in.',
  },
  es: {
    subject: 'Tiene un mensaje sin leer en {product}',
    greeting: 'Hola, {name}:',
    body: 'Tiene {count} mensaje(s) sin leer en su buzón seguro.',
    action: 'Leer sus mensajes',
    privacy: 'Por su privacidad, los mensajes solo se muestran después de iniciar sesión.',
  },
  fr: {
    subject: 'Vous avez un message non lu sur {product}',
    greeting: 'Bonjour {name},',
    body: 'Vous avez {count} message(s) non lu(s) dans votre messagerie sécurisée.',
    action: 'Lire vos messages',
    privacy: 'Pour protéger votre vie privée, les messages ne s’affichent qu’après connexion.',
  },
  pt: {
    subject: 'Você tem uma mensagem não lida no {product}',
    greeting: 'Olá, {name},',
    body: 'Você tem {count} mensagem(ns) não lida(s) na sua caixa de entrada segura.',
    action: 'Ler suas mensagens',
    privacy: 'Para proteger sua privacidade, as mensagens só aparecem depois que você entra na sua conta.',
  },
  ar: {
    subject: 'لديك رسالة غير مقروءة على {product}',
    greeting: 'مرحبًا {name}،',
    body: 'لديك {count} رسالة غير مقروءة في صندوق الوارد الآمن.',
    action: 'اقرأ رسائلك',
    privacy: 'حفاظًا على خصوصيتك، لا تُعرض الرسائل إلا بعد تسجيل الدخول.',
  },
  'zh-CN': {
    subject: '您在 {product} 有未读消息',
    greeting: '{name}，您好：',
    body: '您的安全收件箱中有 {count} 条未读消息。',
    action: '阅读消息',
    privacy: '为保护您的隐私，消息仅在您登录后显示。',
  },
};

export function renderUnreadMessagesEmail(vars: { to: string; name: string; locale: string | null | undefined; count: number; url: string }): MailMessage {
  const language = emailLanguage(vars.locale);
  const copy = COPY[language];
  const t = (s: string) => fill(s, { product: PRODUCT_NAME, name: vars.name, count: String(vars.count) });
  const e = escapeHtml;
  const dir = LANGUAGES.find((x) => x.code === language)?.dir ?? 'ltr';
  const text = [t(copy.greeting), '', t(copy.body), '', `${t(copy.action)}: ${vars.url}`, '', t(copy.privacy), '', `— ${PRODUCT_NAME}`].join('\n');
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${e(t(copy.subject))}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${e(t(copy.greeting))}</p><p>${e(t(copy.body))}</p>
<p><a href="${e(vars.url)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${e(t(copy.action))}</a></p>
<p style="font-size:13px;color:#4b5563">${e(t(copy.privacy))}</p><p>— ${e(PRODUCT_NAME)}</p></body></html>`;
  return { to: vars.to, subject: t(copy.subject), text, html };
}
