import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink, Button } from '~/web/components/ui/button';
import { SIGN_IN_PATH } from '~/web/components/auth/require-auth';
import { isolate } from '~/web/lib/bidi';
import { useResendVerification } from './use-resend-verification';

/** After sign-up: the 'check your email' confirmation naming the address, with a resend button. */
export function CheckEmail({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resender = useResendVerification();
  return (
    <div className="space-y-5">
      <div className="flex gap-3">
        <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-teal-700" />
        <p className="text-slate-800">
          {t('register.checkEmail.body', { email: isolate(email) })}
        </p>
      </div>
      <p className="text-sm text-slate-700">{t('register.checkEmail.noMail')}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" busy={resender.pending} onClick={() => void resender.resend(email)}>
          {resender.pending ? t('form.pleaseWait') : t('resend.button')}
        </Button>
        <ButtonLink variant="primary" to={SIGN_IN_PATH}>
          {t('form.backToSignIn')}
        </ButtonLink>
      </div>
    </div>
  );
}
