import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ResetPasswordFormSchema } from '~/shared/contracts/auth';
import { SIGN_IN_PATH } from '~/web/components/auth/require-auth';
import { Button, ButtonLink } from '~/web/components/ui/button';
import { problemMessage } from '~/web/lib/problem-message';
import { resetPassword } from '../api/auth-api';
import { firstInvalidField } from '../lib/form-validation';
import { FORGOT_PASSWORD_PATH } from '../lib/paths';
import { classifySignInError } from '../lib/sign-in-result';
import { isInvalidTokenProblem, isPasswordProblem } from '../lib/sign-up-errors';
import { useValidatedForm } from '../lib/use-validated-form';
import { AuthCard } from './auth-card';
import { PasswordField } from './form-field';
import { Notice } from './notice';

const FIELDS = ['password', 'confirm'] as const;

/** A reset link that is missing its token, or whose token the server refused. */
function InvalidLink() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard documentTitle={t('reset.invalidTitle')} title={t('reset.invalidTitle')}>
      <div className="space-y-5">
        <Notice tone="error" role="alert" title={t('reset.invalidTitle')}>
          <p>{t('reset.invalidBody')}</p>
        </Notice>
        <ButtonLink variant="primary" size="lg" className="w-full" to={FORGOT_PASSWORD_PATH}>
          {t('reset.requestNew')}
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

/** /auth/reset-password?token=…: the emailed link's page, where a new password is chosen. */
export function ResetPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useValidatedForm(ResetPasswordFormSchema, { password: '', confirm: '' });
  const [pending, setPending] = useState(false);
  const [state, setState] = useState<'form' | 'done' | 'invalid-token'>('form');
  const [passwordProblem, setPasswordProblem] = useState<unknown>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  if (token === '' || state === 'invalid-token') return <InvalidLink />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const invalid = firstInvalidField(FIELDS, form.submit());
    if (invalid) {
      (invalid === 'password' ? passwordRef : confirmRef).current?.focus();
      return;
    }
    const { password } = ResetPasswordFormSchema.parse(form.values);
    setPending(true);
    try {
      await resetPassword(password, token);
      toast.success(t('reset.successTitle'), { description: t('reset.successBody') });
      setState('done');
    } catch (error) {
      if (isInvalidTokenProblem(error)) {
        setState('invalid-token');
      } else if (isPasswordProblem(error)) {
        setPasswordProblem(error);
        passwordRef.current?.focus();
      } else {
        toast.error(t('reset.failedTitle'), {
          description: classifySignInError(error) === 'exception' ? t('login.failedDesc') : problemMessage(i18n, error),
        });
      }
    } finally {
      setPending(false);
    }
  }

  if (state === 'done') {
    return (
      <AuthCard documentTitle={t('reset.successTitle')} title={t('reset.successTitle')}>
        <div className="space-y-5">
          <Notice tone="success" role="status" title={t('reset.successTitle')}>
            <p>{t('reset.successBody')}</p>
          </Notice>
          <ButtonLink variant="primary" size="lg" className="w-full" to={SIGN_IN_PATH}>
            {t('reset.signIn')}
          </ButtonLink>
        </div>
      </AuthCard>
    );
  }

  const passwordError = form.errors.password
    ? t(form.errors.password)
    : passwordProblem !== null
      ? problemMessage(i18n, passwordProblem)
      : undefined;

  return (
    <AuthCard documentTitle={t('reset.documentTitle')} title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <PasswordField
          ref={passwordRef}
          label={t('reset.password')}
          name="new-password"
          autoComplete="new-password"
          hint={t('register.passwordHint')}
          value={form.values.password}
          onChange={(event) => {
            form.setValue('password', event.target.value);
            setPasswordProblem(null);
          }}
          error={passwordError}
        />
        <PasswordField
          ref={confirmRef}
          label={t('reset.confirm')}
          name="confirm-password"
          autoComplete="new-password"
          value={form.values.confirm}
          onChange={(event) => form.setValue('confirm', event.target.value)}
          error={form.errors.confirm ? t(form.errors.confirm) : undefined}
        />
        <Button type="submit" size="lg" className="w-full" busy={pending} aria-busy={pending || undefined}>
          {pending ? t('form.pleaseWait') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
