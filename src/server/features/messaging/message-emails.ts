import { LANGUAGES, type LanguageCode } from '../../../shared/languages.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import { emailLanguage, escapeHtml, fill } from '../../platform/mail/auth-emails.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

/** A sentence in each of the language's plural forms (`other` is used for a form not given). */
type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

interface Copy {
  subject: Plural;
  greeting: string;
  body: Plural;
  action: string;
  privacy: string;
}

/**
 * The email about messages left unread. It never carries a message, its sender or its subject:
 * email is not a secure channel, so it only says there is something to read, and where.
 */
const COPY: Record<LanguageCode, Copy> = {
  en: {
    subject: { one: 'You have an unread message on {product}', other: 'You have unread messages on {product}' },
    greeting: 'Hello {name},',
    body: { one: 'You have {count} unread message in your secure inbox.', other: 'You have {count} unread messages in your secure inbox.' },
    action: 'Read your messages',
    privacy: 'For your privacy, messages are only shown after you sign in.',
  },
  es: {
    subject: { one: 'Tiene un mensaje sin leer en {product}', other: 'Tiene mensajes sin leer en {product}' },
    greeting: 'Hola, {name}:',
    body: { one: 'Tiene {count} mensaje sin leer en su buzón seguro.', other: 'Tiene {count} mensajes sin leer en su buzón seguro.' },
    action: 'Leer sus mensajes',
    privacy: 'Por su privacidad, los mensajes solo se muestran después de iniciar sesión.',
  },
  fr: {
    subject: { one: 'Vous avez un message non lu sur {product}', other: 'Vous avez des messages non lus sur {product}' },
    greeting: 'Bonjour {name},',
    body: { one: 'Vous avez {count} message non lu dans votre messagerie sécurisée.', other: 'Vous avez {count} messages non lus dans votre messagerie sécurisée.' },
    action: 'Lire vos messages',
    privacy: 'Pour protéger votre vie privée, les messages ne s’affichent qu’après connexion.',
  },
  pt: {
    subject: { one: 'Você tem uma mensagem não lida no {product}', other: 'Você tem mensagens não lidas no {product}' },
    greeting: 'Olá, {name},',
    body: { one: 'Você tem {count} mensagem não lida na sua caixa de entrada segura.', other: 'Você tem {count} mensagens não lidas na sua caixa de entrada segura.' },
    action: 'Ler suas mensagens',
    privacy: 'Para proteger sua privacidade, as mensagens só aparecem depois que você entra na sua conta.',
  },
  ar: {
    subject: { one: 'لديك رسالة غير مقروءة على {product}', other: 'لديك رسائل غير مقروءة على {product}' },
    greeting: 'مرحبًا {name}،',
    body: {
      one: 'لديك رسالة واحدة غير مقروءة في صندوق الوارد الآمن.',
      two: 'لديك رسالتان غير مقروءتين في صندوق الوارد الآمن.',
      few: 'لديك {count} رسائل غير مقروءة في صندوق الوارد الآمن.',
      other: 'لديك {count} رسالة غير مقروءة في صندوق الوارد الآمن.',
    },
    action: 'اقرأ رسائلك',
    privacy: 'حفاظًا على خصوصيتك، لا تُعرض الرسائل إلا بعد تسجيل الدخول.',
  },
  'zh-CN': {
    subject: { other: '您在 {product} 有未读消息' },
    greeting: '{name}，您好：',
    body: { other: '您的安全收件箱中有 {count} 条未读消息。' },
    action: '阅读消息',
    privacy: '为保护您的隐私，消息仅在您登录后显示。',
  },
};

/** The form of `plural` for `count` in the language's own plural rules. */
function pluralFor(plural: Plural, language: LanguageCode, count: number): string {
  return plural[new Intl.PluralRules(language).select(count)] ?? plural.other;
}

export function renderUnreadMessagesEmail(vars: { to: string; name: string; locale: string | null | undefined; count: number; url: string }): MailMessage {
  const language = emailLanguage(vars.locale);
  const copy = COPY[language];
  const t = (s: string | Plural) => fill(typeof s === 'string' ? s : pluralFor(s, language, vars.count), { product: PRODUCT_NAME, name: vars.name, count: String(vars.count) });
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
