import { LANGUAGES, type LanguageCode } from '../../../shared/languages.js';
import { PRODUCT_NAME } from '../../../shared/product.js';
import type { MailMessage } from './mailer.js';

/**
 * Account and invitation emails, rendered in the recipient's language as HTML and plain text.
 * {product}, {name}, {tenant}, {role}, {hours}, {newEmail}, {topic}, {organisation} and {reason} are filled in; links are never translated.
 */
type EmailKind =
  | 'verify'
  | 'reset'
  | 'existing-account'
  | 'invitation'
  | 'password-changed'
  | 'change-email'
  | 'newsletter-confirm'
  | 'newsletter-welcome'
  | 'enquiry-contact'
  | 'enquiry-demo'
  | 'provider-verified'
  | 'provider-rejected';

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
    'change-email': {
      subject: 'Confirm the change of your {product} email address',
      greeting: 'Hello {name},',
      body: 'Someone asked to change the sign-in address of your {product} account to {newEmail}. If it was you, confirm the change; we will then send a link to the new address to finish it. The link expires in {hours} hours.',
      action: 'Confirm the change',
      ignore: 'If it wasn\'t you, ignore this email: your address stays the same. Consider changing your password.',
    },
    'newsletter-confirm': {
      subject: 'Confirm your subscription to the {product} newsletter',
      greeting: 'Hello,',
      body: 'Please confirm that you want the {product} newsletter at this address: care tips, product news and resources, once a month. The link works once and expires in {hours} hours.',
      action: 'Confirm my subscription',
      ignore: 'If you didn\'t ask for it, ignore this email and you won\'t be subscribed.',
    },
    'newsletter-welcome': {
      subject: 'You\'re subscribed to the {product} newsletter',
      greeting: 'Hello,',
      body: 'Thanks for confirming. The next {product} newsletter will arrive at this address; every issue has a link to unsubscribe.',
      action: 'Open {product}',
      ignore: 'You can unsubscribe at any time with the link below.',
    },
    'enquiry-contact': {
      subject: 'We received your message',
      greeting: 'Hello {name},',
      body: 'Thank you for contacting {product}. We received your message about “{topic}” and will reply to this address within two working days.',
      action: 'Visit {product}',
      ignore: 'If you didn\'t write to us, you can ignore this email.',
    },
    'enquiry-demo': {
      subject: 'We received your demo request',
      greeting: 'Hello {name},',
      body: 'Thank you for your interest in {product}. Our team will contact you at this address within two working days to arrange a demonstration for {organisation}.',
      action: 'Visit {product}',
      ignore: 'If you didn\'t request a demo, you can ignore this email.',
    },
    'provider-verified': {
      subject: 'Your {product} profile is verified',
      greeting: 'Hello {name},',
      body: 'Your provider profile has been reviewed and verified. Patients can now find you in the {product} directory and book your services.',
      action: 'View your profile',
      ignore: 'You receive this email because you submitted your profile for review.',
    },
    'provider-rejected': {
      subject: 'Your {product} profile was not approved',
      greeting: 'Hello {name},',
      body: 'Your provider profile has been reviewed and was not approved. The reviewer wrote: “{reason}”. You can correct your profile and submit it for review again.',
      action: 'Review your profile',
      ignore: 'You receive this email because you submitted your profile for review.',
    },
  },
  es: {
    verify: {
      subject: 'Confirme su correo para {product}',
      greeting: 'Hola, {name}:',
      body: 'Confirme su dirección de correo para terminar de crear su cuenta de {product}. El enlace funciona una sola vez y caduca en {hours} horas.',
      action: 'Confirmar correo',
      ignore: 'Si no creó una cuenta, puede ignorar este correo.',
    },
    reset: {
      subject: 'Restablezca su contraseña de {product}',
      greeting: 'Hola, {name}:',
      body: 'Recibimos una solicitud para restablecer su contraseña. El enlace funciona una sola vez y caduca en {hours} horas.',
      action: 'Elegir una contraseña nueva',
      ignore: 'Si no pidió restablecer su contraseña, ignore este correo; su contraseña no cambia.',
    },
    'existing-account': {
      subject: 'Alguien intentó registrarse con su correo',
      greeting: 'Hola, {name}:',
      body: 'Alguien intentó crear una cuenta de {product} con esta dirección, que ya tiene una cuenta. Si fue usted, inicie sesión o restablezca su contraseña.',
      action: 'Iniciar sesión',
      ignore: 'Si no fue usted, no tiene que hacer nada; su cuenta no ha cambiado.',
    },
    invitation: {
      subject: 'Le invitaron a unirse a {tenant} en {product}',
      greeting: 'Hola:',
      body: '{name} le invitó a unirse a {tenant} como {role}. La invitación caduca en {hours} horas.',
      action: 'Aceptar invitación',
      ignore: 'Si no esperaba esta invitación, puede ignorar este correo.',
    },
    'password-changed': {
      subject: 'Se cambió su contraseña de {product}',
      greeting: 'Hola, {name}:',
      body: 'Se acaba de cambiar la contraseña de su cuenta de {product} y se cerraron sus otras sesiones.',
      action: 'Abrir {product}',
      ignore: 'Si no fue usted, restablezca su contraseña de inmediato.',
    },
    'change-email': {
      subject: 'Confirme el cambio de su correo en {product}',
      greeting: 'Hola, {name}:',
      body: 'Alguien pidió cambiar la dirección de inicio de sesión de su cuenta de {product} a {newEmail}. Si fue usted, confirme el cambio; después enviaremos un enlace a la nueva dirección para terminarlo. El enlace caduca en {hours} horas.',
      action: 'Confirmar el cambio',
      ignore: 'Si no fue usted, ignore este correo: su dirección no cambia. Le recomendamos cambiar su contraseña.',
    },
    'newsletter-confirm': {
      subject: 'Confirme su suscripción al boletín de {product}',
      greeting: 'Hola:',
      body: 'Confirme que quiere recibir el boletín de {product} en esta dirección: consejos de salud, novedades y recursos, una vez al mes. El enlace funciona una vez y caduca en {hours} horas.',
      action: 'Confirmar mi suscripción',
      ignore: 'Si no lo pidió, ignore este correo y no se activará la suscripción.',
    },
    'newsletter-welcome': {
      subject: 'Ya está suscrito al boletín de {product}',
      greeting: 'Hola:',
      body: 'Gracias por confirmar. El próximo boletín de {product} llegará a esta dirección; cada número incluye un enlace para darse de baja.',
      action: 'Abrir {product}',
      ignore: 'Puede darse de baja cuando quiera con el enlace de abajo.',
    },
    'enquiry-contact': {
      subject: 'Hemos recibido su mensaje',
      greeting: 'Hola, {name}:',
      body: 'Gracias por contactar con {product}. Recibimos su mensaje sobre «{topic}» y le responderemos a esta dirección en un plazo de dos días hábiles.',
      action: 'Visitar {product}',
      ignore: 'Si no nos escribió, puede ignorar este correo.',
    },
    'enquiry-demo': {
      subject: 'Hemos recibido su solicitud de demostración',
      greeting: 'Hola, {name}:',
      body: 'Gracias por su interés en {product}. Nuestro equipo se pondrá en contacto con usted en esta dirección en un plazo de dos días hábiles para organizar una demostración para {organisation}.',
      action: 'Visitar {product}',
      ignore: 'Si no solicitó una demostración, puede ignorar este correo.',
    },
    'provider-verified': {
      subject: 'Su perfil de {product} está verificado',
      greeting: 'Hola, {name}:',
      body: 'Hemos revisado y verificado su perfil profesional. Los pacientes ya pueden encontrarle en el directorio de {product} y reservar sus servicios.',
      action: 'Ver su perfil',
      ignore: 'Recibe este correo porque envió su perfil para revisión.',
    },
    'provider-rejected': {
      subject: 'Su perfil de {product} no ha sido aprobado',
      greeting: 'Hola, {name}:',
      body: 'Hemos revisado su perfil profesional y no ha sido aprobado. El revisor escribió: «{reason}». Puede corregir su perfil y enviarlo de nuevo para revisión.',
      action: 'Revisar su perfil',
      ignore: 'Recibe este correo porque envió su perfil para revisión.',
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
    'change-email': {
      subject: 'Confirmez le changement de votre adresse e-mail {product}',
      greeting: 'Bonjour {name},',
      body: 'Quelqu’un a demandé de remplacer l’adresse de connexion de votre compte {product} par {newEmail}. Si c’est vous, confirmez le changement ; nous enverrons ensuite un lien à la nouvelle adresse pour le terminer. Le lien expire dans {hours} heures.',
      action: 'Confirmer le changement',
      ignore: 'Si ce n’est pas vous, ignorez cet e-mail : votre adresse reste la même. Pensez à changer votre mot de passe.',
    },
    'newsletter-confirm': {
      subject: 'Confirmez votre abonnement à la lettre d’information {product}',
      greeting: 'Bonjour,',
      body: 'Confirmez que vous souhaitez recevoir la lettre d’information {product} à cette adresse : conseils santé, nouveautés et ressources, une fois par mois. Le lien ne fonctionne qu’une fois et expire dans {hours} heures.',
      action: 'Confirmer mon abonnement',
      ignore: 'Si vous ne l’avez pas demandé, ignorez cet e-mail : vous ne serez pas abonné.',
    },
    'newsletter-welcome': {
      subject: 'Vous êtes abonné à la lettre d’information {product}',
      greeting: 'Bonjour,',
      body: 'Merci pour votre confirmation. La prochaine lettre {product} arrivera à cette adresse ; chaque numéro contient un lien de désabonnement.',
      action: 'Ouvrir {product}',
      ignore: 'Vous pouvez vous désabonner à tout moment avec le lien ci-dessous.',
    },
    'enquiry-contact': {
      subject: 'Nous avons bien reçu votre message',
      greeting: 'Bonjour {name},',
      body: 'Merci d’avoir contacté {product}. Nous avons reçu votre message au sujet de « {topic} » et vous répondrons à cette adresse sous deux jours ouvrés.',
      action: 'Visiter {product}',
      ignore: 'Si vous ne nous avez pas écrit, vous pouvez ignorer cet e-mail.',
    },
    'enquiry-demo': {
      subject: 'Nous avons bien reçu votre demande de démo',
      greeting: 'Bonjour {name},',
      body: 'Merci de votre intérêt pour {product}. Notre équipe vous contactera à cette adresse sous deux jours ouvrés pour organiser une démonstration pour {organisation}.',
      action: 'Visiter {product}',
      ignore: 'Si vous n’avez pas demandé de démo, vous pouvez ignorer cet e-mail.',
    },
    'provider-verified': {
      subject: 'Votre profil {product} est vérifié',
      greeting: 'Bonjour {name},',
      body: 'Votre profil de professionnel a été examiné et vérifié. Les patients peuvent désormais vous trouver dans l’annuaire de {product} et réserver vos prestations.',
      action: 'Voir votre profil',
      ignore: 'Vous recevez cet e-mail parce que vous avez soumis votre profil à vérification.',
    },
    'provider-rejected': {
      subject: 'Votre profil {product} n’a pas été approuvé',
      greeting: 'Bonjour {name},',
      body: 'Votre profil de professionnel a été examiné et n’a pas été approuvé. Le vérificateur a écrit : « {reason} ». Vous pouvez corriger votre profil et le soumettre à nouveau.',
      action: 'Revoir votre profil',
      ignore: 'Vous recevez cet e-mail parce que vous avez soumis votre profil à vérification.',
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
    'change-email': {
      subject: 'Confirme a alteração do seu e-mail no {product}',
      greeting: 'Olá, {name},',
      body: 'Alguém pediu para alterar o endereço de acesso da sua conta {product} para {newEmail}. Se foi você, confirme a alteração; depois enviaremos um link ao novo endereço para concluí-la. O link expira em {hours} horas.',
      action: 'Confirmar a alteração',
      ignore: 'Se não foi você, ignore este e-mail: seu endereço continua o mesmo. Considere alterar sua senha.',
    },
    'newsletter-confirm': {
      subject: 'Confirme sua inscrição na newsletter do {product}',
      greeting: 'Olá,',
      body: 'Confirme que deseja receber a newsletter do {product} neste endereço: dicas de saúde, novidades e recursos, uma vez por mês. O link funciona uma vez e expira em {hours} horas.',
      action: 'Confirmar minha inscrição',
      ignore: 'Se você não pediu, ignore este e-mail e você não será inscrito.',
    },
    'newsletter-welcome': {
      subject: 'Você está inscrito na newsletter do {product}',
      greeting: 'Olá,',
      body: 'Obrigado por confirmar. A próxima newsletter do {product} chegará a este endereço; cada edição tem um link para cancelar a inscrição.',
      action: 'Abrir o {product}',
      ignore: 'Você pode cancelar a inscrição a qualquer momento pelo link abaixo.',
    },
    'enquiry-contact': {
      subject: 'Recebemos sua mensagem',
      greeting: 'Olá, {name},',
      body: 'Obrigado por entrar em contato com o {product}. Recebemos sua mensagem sobre “{topic}” e responderemos a este endereço em até dois dias úteis.',
      action: 'Visitar o {product}',
      ignore: 'Se você não nos escreveu, pode ignorar este e-mail.',
    },
    'enquiry-demo': {
      subject: 'Recebemos sua solicitação de demonstração',
      greeting: 'Olá, {name},',
      body: 'Obrigado pelo interesse no {product}. Nossa equipe entrará em contato neste endereço em até dois dias úteis para agendar uma demonstração para {organisation}.',
      action: 'Visitar o {product}',
      ignore: 'Se você não solicitou uma demonstração, pode ignorar este e-mail.',
    },
    'provider-verified': {
      subject: 'Seu perfil no {product} foi verificado',
      greeting: 'Olá, {name},',
      body: 'Seu perfil profissional foi analisado e verificado. Os pacientes já podem encontrar você no diretório do {product} e agendar seus serviços.',
      action: 'Ver seu perfil',
      ignore: 'Você está recebendo este e-mail porque enviou seu perfil para análise.',
    },
    'provider-rejected': {
      subject: 'Seu perfil no {product} não foi aprovado',
      greeting: 'Olá, {name},',
      body: 'Seu perfil profissional foi analisado e não foi aprovado. O revisor escreveu: “{reason}”. Você pode corrigir seu perfil e enviá-lo novamente para análise.',
      action: 'Revisar seu perfil',
      ignore: 'Você está recebendo este e-mail porque enviou seu perfil para análise.',
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
    'change-email': {
      subject: 'أكّد تغيير بريدك الإلكتروني في {product}',
      greeting: 'مرحبًا {name}،',
      body: 'طلب شخص تغيير عنوان تسجيل الدخول لحسابك في {product} إلى {newEmail}. إن كنت أنت، فأكّد التغيير، ثم سنرسل رابطًا إلى العنوان الجديد لإتمامه. تنتهي صلاحية الرابط بعد {hours} ساعة.',
      action: 'تأكيد التغيير',
      ignore: 'إن لم تكن أنت، فتجاهل هذه الرسالة: يبقى عنوانك كما هو. ننصحك بتغيير كلمة المرور.',
    },
    'newsletter-confirm': {
      subject: 'أكّد اشتراكك في النشرة الإخبارية لـ {product}',
      greeting: 'مرحبًا،',
      body: 'يُرجى تأكيد رغبتك في تلقي النشرة الإخبارية لـ {product} على هذا العنوان: نصائح صحية وأخبار وموارد مرة في الشهر. يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد {hours} ساعة.',
      action: 'تأكيد اشتراكي',
      ignore: 'إن لم تطلب ذلك، فتجاهل هذه الرسالة ولن يتم اشتراكك.',
    },
    'newsletter-welcome': {
      subject: 'أنت مشترك في النشرة الإخبارية لـ {product}',
      greeting: 'مرحبًا،',
      body: 'شكرًا على التأكيد. ستصل النشرة التالية من {product} إلى هذا العنوان، وفي كل عدد رابط لإلغاء الاشتراك.',
      action: 'فتح {product}',
      ignore: 'يمكنك إلغاء الاشتراك في أي وقت عبر الرابط أدناه.',
    },
    'enquiry-contact': {
      subject: 'تلقّينا رسالتك',
      greeting: 'مرحبًا {name}،',
      body: 'شكرًا لتواصلك مع {product}. تلقّينا رسالتك بشأن «{topic}» وسنردّ على هذا العنوان خلال يومي عمل.',
      action: 'زيارة {product}',
      ignore: 'إن لم تراسلنا، يمكنك تجاهل هذه الرسالة.',
    },
    'enquiry-demo': {
      subject: 'تلقّينا طلب العرض التوضيحي',
      greeting: 'مرحبًا {name}،',
      body: 'شكرًا لاهتمامك بـ {product}. سيتواصل فريقنا معك على هذا العنوان خلال يومي عمل لترتيب عرض توضيحي لـ {organisation}.',
      action: 'زيارة {product}',
      ignore: 'إن لم تطلب عرضًا توضيحيًا، يمكنك تجاهل هذه الرسالة.',
    },
    'provider-verified': {
      subject: 'تم التحقق من ملفك في {product}',
      greeting: 'مرحبًا {name}،',
      body: 'تمت مراجعة ملفك المهني والتحقق منه. يمكن للمرضى الآن العثور عليك في دليل {product} وحجز خدماتك.',
      action: 'عرض ملفك',
      ignore: 'تصلك هذه الرسالة لأنك أرسلت ملفك للمراجعة.',
    },
    'provider-rejected': {
      subject: 'لم تتم الموافقة على ملفك في {product}',
      greeting: 'مرحبًا {name}،',
      body: 'تمت مراجعة ملفك المهني ولم تتم الموافقة عليه. كتب المراجع: «{reason}». يمكنك تصحيح ملفك وإرساله للمراجعة مرة أخرى.',
      action: 'مراجعة ملفك',
      ignore: 'تصلك هذه الرسالة لأنك أرسلت ملفك للمراجعة.',
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
    'change-email': {
      subject: '确认更改您的 {product} 电子邮件地址',
      greeting: '{name}，您好：',
      body: '有人请求将您 {product} 账户的登录邮箱更改为 {newEmail}。如果是您本人，请确认更改；随后我们会向新邮箱发送链接以完成更改。该链接将在 {hours} 小时后失效。',
      action: '确认更改',
      ignore: '如果不是您本人，请忽略此邮件：您的邮箱保持不变。建议您更改密码。',
    },
    'newsletter-confirm': {
      subject: '确认订阅 {product} 通讯',
      greeting: '您好：',
      body: '请确认您希望在此邮箱接收 {product} 通讯：每月一次的健康建议、产品动态和资源。该链接只能使用一次，将在 {hours} 小时后失效。',
      action: '确认订阅',
      ignore: '如果不是您本人申请，请忽略此邮件，您不会被订阅。',
    },
    'newsletter-welcome': {
      subject: '您已订阅 {product} 通讯',
      greeting: '您好：',
      body: '感谢您的确认。下一期 {product} 通讯将发送到此邮箱；每一期都附有退订链接。',
      action: '打开 {product}',
      ignore: '您可以随时通过下方链接退订。',
    },
    'enquiry-contact': {
      subject: '我们已收到您的留言',
      greeting: '{name}，您好：',
      body: '感谢您联系 {product}。我们已收到您关于“{topic}”的留言，将在两个工作日内回复到此邮箱。',
      action: '访问 {product}',
      ignore: '如果您没有给我们写信，请忽略此邮件。',
    },
    'enquiry-demo': {
      subject: '我们已收到您的演示申请',
      greeting: '{name}，您好：',
      body: '感谢您对 {product} 的关注。我们的团队将在两个工作日内通过此邮箱与您联系，为 {organisation} 安排演示。',
      action: '访问 {product}',
      ignore: '如果您没有申请演示，请忽略此邮件。',
    },
    'provider-verified': {
      subject: '您的 {product} 资料已通过验证',
      greeting: '{name}，您好：',
      body: '您的服务提供者资料已经审核并通过验证。患者现在可以在 {product} 目录中找到您并预约您的服务。',
      action: '查看您的资料',
      ignore: '您收到此邮件是因为您提交了资料以供审核。',
    },
    'provider-rejected': {
      subject: '您的 {product} 资料未获批准',
      greeting: '{name}，您好：',
      body: '您的服务提供者资料已经审核，未获批准。审核人写道：“{reason}”。您可以修改资料后再次提交审核。',
      action: '查看您的资料',
      ignore: '您收到此邮件是因为您提交了资料以供审核。',
    },
  },
};

const UNSUBSCRIBE: Record<LanguageCode, string> = {
  en: 'Unsubscribe',
  es: 'Darse de baja',
  fr: 'Se désabonner',
  pt: 'Cancelar inscrição',
  ar: 'إلغاء الاشتراك',
  'zh-CN': '退订',
};

export function emailLanguage(locale: string | null | undefined): LanguageCode {
  const codes = LANGUAGES.map((l) => l.code) as LanguageCode[];
  if (locale && codes.includes(locale as LanguageCode)) return locale as LanguageCode;
  const base = locale?.split('-')[0];
  if (base === 'zh') return 'zh-CN';
  return codes.find((c) => c === base) ?? 'en';
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function fill(template: string, vars: Record<string, string>): string {
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
  newEmail?: string;
  topic?: string;
  organisation?: string;
  /** A reviewer's reason (a provider profile that was not approved). */
  reason?: string;
  /** Adds an unsubscribe link (newsletter mail) and a List-Unsubscribe header. */
  unsubscribeUrl?: string;
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
    newEmail: vars.newEmail ?? '',
    topic: vars.topic ?? '',
    organisation: vars.organisation ?? '',
    reason: vars.reason ?? '',
  };
  const t = (s: string) => fill(s, values);
  const dir = LANGUAGES.find((l) => l.code === language)?.dir ?? 'ltr';
  const unsubscribe = vars.unsubscribeUrl;
  const text = [
    t(copy.greeting),
    '',
    t(copy.body),
    '',
    `${t(copy.action)}: ${vars.url}`,
    '',
    t(copy.ignore),
    ...(unsubscribe ? ['', `${UNSUBSCRIBE[language]}: ${unsubscribe}`] : []),
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const e = (s: string) => escapeHtml(t(s));
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${e(copy.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${e(copy.greeting)}</p><p>${e(copy.body)}</p>
<p><a href="${escapeHtml(vars.url)}" style="display:inline-block;padding:10px 16px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${e(copy.action)}</a></p>
<p style="font-size:13px">${escapeHtml(vars.url)}</p>
<p style="font-size:13px;color:#4b5563">${e(copy.ignore)}</p>${
    unsubscribe ? `<p style="font-size:13px"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(UNSUBSCRIBE[language])}</a></p>` : ''
  }<p>— ${escapeHtml(PRODUCT_NAME)}</p></body></html>`;
  return {
    to: vars.to,
    subject: t(copy.subject),
    text,
    html,
    ...(unsubscribe ? { headers: { 'List-Unsubscribe': `<${unsubscribe}>` } } : {}),
  };
}
