import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { LoginFormSchema } from '~/shared/contracts/auth';
import { SIGN_IN_PATH } from '~/web/components/auth/require-auth';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { problemMessage } from '~/web/lib/problem-message';
import { requestPasswordReset } from '../api/auth-api';
import { isolate } from '~/web/lib/bidi';
import { classifySignInError } from '../lib/sign-in-result';
import { useValidatedForm } from '../lib/use-validated-form';
import { AUTH_LINK_CLASS_NAME, AuthCard } from './auth-card';
import { FormField } from './form-field';

export const ForgotPasswordFormSchema = z.object({ email: LoginFormSchema.shape.email });

/**
 * /auth/forgot-password: asks for a reset link. The answer is the same whether or not an
 * account exists for the address, and so is the confirmation.
 */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  const form = useValidatedForm(ForgotPasswordFormSchema, { email: '' });
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (form.submit().email) {
      emailRef.current?.focus();
      return;
    }
    const { email } = ForgotPasswordFormSchema.parse(form.values);
    setPending(true);
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      toast.error(t('forgot.failedTitle'), {
        description: classifySignInError(error) === 'exception' ? t('login.failedDesc') : problemMessage(i18n, error),
      });
    } finally {
      setPending(false);
    }
  }

  const backLink = (
    <Link to={SIGN_IN_PATH} className={AUTH_LINK_CLASS_NAME}>
      {t('form.backToSignIn')}
    </Link>
  );

  if (sentTo !== null) {
    return (
      <AuthCard documentTitle={t('forgot.sentTitle')} title={t('forgot.sentTitle')}>
        <div className="space-y-5">
          <p role="status" className="text-slate-800">
            {t('forgot.sentBody', { email: isolate(sentTo) })}
          </p>
          <p className="text-sm text-slate-700">{t('forgot.sentHint')}</p>
          <ButtonLink variant="primary" size="lg" className="w-full" to={SIGN_IN_PATH}>
            {t('form.backToSignIn')}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard documentTitle={t('forgot.documentTitle')} title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={backLink}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <FormField
          ref={emailRef}
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          dir="ltr"
          value={form.values.email}
          onChange={(event) => form.setValue('email', event.target.value)}
          error={form.errors.email ? t(form.errors.email) : undefined}
        />
        <Button type="submit" size="lg" className="w-full" busy={pending} aria-busy={pending || undefined}>
          {pending ? t('form.pleaseWait') : t('forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
