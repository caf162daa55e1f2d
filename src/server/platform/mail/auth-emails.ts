import { LANGUAGES, type LanguageCode } from '../../../shared/languages.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import type { MailMessage } from './mailer.js';

/**
 * Account and invitation emails, rendered in the recipient's language as HTML and plain text.
 * {product}, {name}, {tenant}, {role} and {hours} are filled in; links are never translated.
 */
type EmailKind = 'verify' | 'reset' | 'existing-account' | 'invitation' | 'password-changed';

interface Copy {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  ignore: string;
}

const COPY: Record<LanguageCode, Record<EmailKind, Copy>> = {
  en: {
    verify: {
      subject: 'Confirm your email for {product}',
      greeting: 'Hello {name},',
      body: 'Please confirm your email address to finish creating your {product} account. The link works once and expires in {hours} hours.',
      action: 'Confirm email',
      ignore: "If you didn't create an account, you can ignore this email.",
    },
    reset: {
      subject: 'Reset your {product} password',
      greeting: 'Hello {name},',
      body: 'We received a request to reset your password. The link works once and expires in {hours} hours.',
      action: 'Choose a new password',
      ignore: "If you didn't ask to reset your password, you can ignore this email; your password stays the same.",
    },
    'existing-account': {
      subject: 'Someone tried to sign up with your email',
      greeting: 'Hello {name},',
      body: 'Someone tried to create a {product} account with this email address, which already has an account. If it was you, sign in or reset your password.',
      action: 'Sign in',
      ignore: "If it wasn't you, no action is needed; your account is unchanged.",
    },
    invitation: {
      subject: "You're invited to join {tenant} on {product}",
      greeting: 'Hello,',
      body: '{name} invited you to join {tenant} as {role}. The invitation expires in {hours} hours.',
      action: 'Accept invitation',
      ignore: "If you weren't expecting this invitation, you can ignore this email.",
    },
    'password-changed': {
      subject: 'Your {product} password was changed',
      greeting: 'Hello {name},',
      body: 'The password of your {product} account was just changed and your other sessions were signed out.',
      action: 'Open {product}',
      ignore: "If this wasn't you, reset your password at once.",
    },
  },
  es: {
    verify: {
      subject: 'Confirma tu correo para {product}',
      greeting: 'Hola, {name}:',
      body: 'Confirma tu dirección de correo para terminar de crear tu cuenta de {product}. El enlace funciona una sola vez y caduca en {hours} horas.',
      action: 'Confirmar correo',
      ignore: 'Si no creaste una cuenta, puedes ignorar este correo.',
    },
    reset: {
      subject: 'Restablece tu contraseña de {product}',
      greeting: 'Hola, {name}:',
      body: 'Recibimos una solicitud para restablecer tu contraseña. El enlace funciona una sola vez y caduca en {hours} horas.',
      action: 'Elegir una contraseña nueva',
      ignore: 'Si no pediste restablecer tu contraseña, ignora este correo; tu contraseña no cambia.',
    },
    'existing-account': {
      subject: 'Alguien intentó registrarse con tu correo',
      greeting: 'Hola, {name}:',
      body: 'Alguien intentó crear una cuenta de {product} con esta dirección, que ya tiene una cuenta. Si fuiste tú, inicia sesión o restablece tu contraseña.',
      action: 'Iniciar sesión',
      ignore: 'Si no fuiste tú, no tienes que hacer nada; tu cuenta no ha cambiado.',
    },
    invitation: {
      subject: 'Te invitaron a unirte a {tenant} en {product}',
      greeting: 'Hola:',
      body: '{name} te invitó a unirte a {tenant} como {role}. La invitación caduca en {hours} horas.',
      action: 'Aceptar invitación',
      ignore: 'Si no esperabas esta invitación, puedes ignorar este correo.',
    },
    'password-changed': {
      subject: 'Se cambió tu contraseña de {product}',
      greeting: 'Hola, {name}:',
      body: 'Se acaba de cambiar la contraseña de tu cuenta de {product} y se cerraron tus otras sesiones.',
      action: 'Abrir {product}',
      ignore: 'Si no fuiste tú, restablece tu contraseña de inmediato.',
    },
  },
  fr: {
    verify: {
      subject: 'Confirmez votre e-mail pour {product}',
      greeting: 'Bonjour {name},',
      body: 'Confirmez votre adresse e-mail pour terminer la création de votre compte {product}. Le lien ne fonctionne qu’une fois et expire dans {hours} heures.',
      action: 'Confirmer l’e-mail',
      ignore: 'Si vous n’avez pas créé de compte, ignorez cet e-mail.',
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe {product}',
      greeting: 'Bonjour {name},',
      body: 'Nous avons reçu une demande de réinitialisation de votre mot de passe. Le lien ne fonctionne qu’une fois et expire dans {hours} heures.',
      action: 'Choisir un nouveau mot de passe',
      ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail ; votre mot de passe ne change pas.',
    },
    'existing-account': {
      subject: 'Quelqu’un a tenté de s’inscrire avec votre e-mail',
      greeting: 'Bonjour {name},',
      body: 'Quelqu’un a tenté de créer un compte {product} avec cette adresse, qui a déjà un compte. Si c’était vous, connectez-vous ou réinitialisez votre mot de passe.',
      action: 'Se connecter',
      ignore: 'Si ce n’était pas vous, rien à faire ; votre compte est inchangé.',
    },
    invitation: {
      subject: 'Vous êtes invité à rejoindre {tenant} sur {product}',
      greeting: 'Bonjour,',
      body: '{name} vous invite à rejoindre {tenant} en tant que {role}. L’invitation expire dans {hours} heures.',
      action: 'Accepter l’invitation',
      ignore: 'Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
    },
    'password-changed': {
      subject: 'Votre mot de passe {product} a été modifié',
      greeting: 'Bonjour {name},',
      body: 'Le mot de passe de votre compte {product} vient d’être modifié et vos autres sessions ont été fermées.',
      action: 'Ouvrir {product}',
      ignore: 'Si ce n’était pas vous, réinitialisez votre mot de passe immédiatement.',
    },
  },
  pt: {
    verify: {
      subject: 'Confirme seu e-mail para {product}',
      greeting: 'Olá, {name},',
      body: 'Confirme seu endereço de e-mail para concluir a criação da sua conta {product}. O link funciona uma vez e expira em {hours} horas.',
      action: 'Confirmar e-mail',
      ignore: 'Se você não criou uma conta, ignore este e-mail.',
    },
    reset: {
      subject: 'Redefina sua senha do {product}',
      greeting: 'Olá, {name},',
      body: 'Recebemos um pedido para redefinir sua senha. O link funciona uma vez e expira em {hours} horas.',
      action: 'Escolher uma nova senha',
      ignore: 'Se você não pediu, ignore este e-mail; sua senha continua a mesma.',
    },
    'existing-account': {
      subject: 'Alguém tentou se cadastrar com seu e-mail',
      greeting: 'Olá, {name},',
      body: 'Alguém tentou criar uma conta {product} com este endereço, que já tem uma conta. Se foi você, entre ou redefina sua senha.',
      action: 'Entrar',
      ignore: 'Se não foi você, nada a fazer; sua conta não mudou.',
    },
    invitation: {
      subject: 'Você foi convidado para {tenant} no {product}',
      greeting: 'Olá,',
      body: '{name} convidou você para entrar em {tenant} como {role}. O convite expira em {hours} horas.',
      action: 'Aceitar convite',
      ignore: 'Se você não esperava este convite, ignore este e-mail.',
    },
    'password-changed': {
      subject: 'Sua senha do {product} foi alterada',
      greeting: 'Olá, {name},',
      body: 'A senha da sua conta {product} acabou de ser alterada e suas outras sessões foram encerradas.',
      action: 'Abrir {product}',
      ignore: 'Se não foi você, redefina sua senha imediatamente.',
    },
  },
  ar: {
    verify: {
      subject: 'أكّد بريدك الإلكتروني في {product}',
      greeting: 'مرحبًا {name}،',
      body: 'يُرجى تأكيد عنوان بريدك الإلكتروني لإكمال إنشاء حسابك في {product}. يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال {hours} ساعة.',
      action: 'تأكيد البريد الإلكتروني',
      ignore: 'إذا لم تنشئ حسابًا، يمكنك تجاهل هذه الرسالة.',
    },
    reset: {
      subject: 'إعادة تعيين كلمة مرور {product}',
      greeting: 'مرحبًا {name}،',
      body: 'تلقّينا طلبًا لإعادة تعيين كلمة المرور. يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال {hours} ساعة.',
      action: 'اختيار كلمة مرور جديدة',
      ignore: 'إذا لم تطلب ذلك، تجاهل هذه الرسالة؛ تبقى كلمة المرور كما هي.',
    },
    'existing-account': {
      subject: 'حاول شخص ما التسجيل ببريدك الإلكتروني',
      greeting: 'مرحبًا {name}،',
      body: 'حاول شخص ما إنشاء حساب في {product} بهذا العنوان، وله حساب بالفعل. إن كنت أنت، فسجّل الدخول أو أعد تعيين كلمة المرور.',
      action: 'تسجيل الدخول',
      ignore: 'إن لم تكن أنت، فلا حاجة لأي إجراء؛ حسابك لم يتغير.',
    },
    invitation: {
      subject: 'دعوة للانضمام إلى {tenant} في {product}',
      greeting: 'مرحبًا،',
      body: 'دعاك {name} للانضمام إلى {tenant} بدور {role}. تنتهي صلاحية الدعوة خلال {hours} ساعة.',
      action: 'قبول الدعوة',
      ignore: 'إذا لم تكن تتوقع هذه الدعوة، يمكنك تجاهل هذه الرسالة.',
    },
    'password-changed': {
      subject: 'تم تغيير كلمة مرور {product}',
      greeting: 'مرحبًا {name}،',
      body: 'تم للتو تغيير كلمة مرور حسابك في {product} وتسجيل خروج جلساتك الأخرى.',
      action: 'فتح {product}',
      ignore: 'إن لم تكن أنت، فأعد تعيين كلمة المرور فورًا.',
    },
  },
  'zh-CN': {
    verify: {
      subject: '确认您在 {product} 的电子邮件',
      greeting: '{name}，您好：',
      body: '请确认您的电子邮件地址以完成 {product} 账户的创建。该链接只能使用一次，将在 {hours} 小时后失效。',
      action: '确认电子邮件',
      ignore: '如果您没有创建账户，请忽略此邮件。',
    },
    reset: {
      subject: '重置您的 {product} 密码',
      greeting: '{name}，您好：',
      body: '我们收到了重置您密码的请求。该链接只能使用一次，将在 {hours} 小时后失效。',
      action: '设置新密码',
      ignore: '如果您没有提出此请求，请忽略此邮件；您的密码保持不变。',
    },
    'existing-account': {
      subject: '有人尝试用您的电子邮件注册',
      greeting: '{name}，您好：',
      body: '有人尝试用此地址创建 {product} 账户，但该地址已有账户。如果是您本人，请登录或重置密码。',
      action: '登录',
      ignore: '如果不是您，无需任何操作；您的账户未被更改。',
    },
    invitation: {
      subject: '邀请您加入 {product} 上的 {tenant}',
      greeting: '您好：',
      body: '{name} 邀请您以 {role} 身份加入 {tenant}。邀请将在 {hours} 小时后失效。',
      action: '接受邀请',
      ignore: '如果您没有预期收到此邀请，请忽略此邮件。',
    },
    'password-changed': {
      subject: '您的 {product} 密码已更改',
      greeting: '{name}，您好：',
      body: '您的 {product} 账户密码刚刚被更改，您的其他会话已退出。',
      action: '打开 {product}',
      ignore: '如果不是您本人操作，请立即重置密码。',
    },
  },
};

export function emailLanguage(locale: string | null | undefined): LanguageCode {
  const codes = LANGUAGES.map((l) => l.code) as LanguageCode[];
  if (locale && codes.includes(locale as LanguageCode)) return locale as LanguageCode;
  const base = locale?.split('-')[0];
  if (base === 'zh') return 'zh-CN';
  return codes.find((c) => c === base) ?? 'en';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

export interface EmailVars {
  to: string;
  locale: string | null | undefined;
  url: string;
  name?: string;
  tenant?: string;
  role?: string;
  hours?: number;
}

export function renderAuthEmail(kind: EmailKind, vars: EmailVars): MailMessage {
  const language = emailLanguage(vars.locale);
  const copy = COPY[language][kind];
  const values: Record<string, string> = {
    product: PRODUCT_NAME,
    name: vars.name ?? '',
    tenant: vars.tenant ?? '',
    role: vars.role ?? '',
    hours: String(vars.hours ?? 24),
  };
  const t = (s: string) => fill(s, values);
  const dir = LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr';
  const text = [t(copy.greeting), '', t(copy.body), '', `${t(copy.action)}: ${vars.url}`, '', t(copy.ignore), '', `— ${PRODUCT_NAME}`].join('\n');
  const e = (s: string) => escapeHtml(t(s));
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${e(copy.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${e(copy.greeting)}</p><p>${e(copy.body)}</p>
<p><a href="${escapeHtml(vars.url)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${e(copy.action)}</a></p>
<p style="font-size:13px">${escapeHtml(vars.url)}</p>
<p style="font-size:13px;color:#4b5563">${e(copy.ignore)}</p><p>— ${escapeHtml(PRODUCT_NAME)}</p></body></html>`;
  return { to: vars.to, subject: t(copy.subject), text, html };
}
