import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { LoginFormSchema } from '~/shared/contracts/auth';
import { Button } from '~/web/components/ui/button';
import { problemMessage } from '~/web/lib/problem-message';
import { signInWithEmail } from '../api/auth-api';
import { firstInvalidField } from '../lib/form-validation';
import { FORGOT_PASSWORD_PATH } from '../lib/paths';
import { classifySignInError, classifySignInResponse, isUnreadableAnswer } from '../lib/sign-in-result';
import { useValidatedForm } from '../lib/use-validated-form';
import { AUTH_LINK_CLASS_NAME } from './auth-card';
import { FormField, PasswordField } from './form-field';
import { Notice } from './notice';
import { useResendVerification } from './use-resend-verification';

const FIELDS = ['email', 'password'] as const;

export interface SignInFormProps {
  /** Refreshes the session after a successful sign-in; false when no session came of it. */
  onAuthenticated(): Promise<boolean>;
  /** The account has an authenticator app: the second step takes over. */
  onTwoFactor(): void;
}

/** The Sign In tab: email and password, the verification notices, and the spec §8 error toasts. */
export function SignInForm({ onAuthenticated, onTwoFactor }: SignInFormProps) {
  const { t, i18n } = useTranslation('auth');
  const [params] = useSearchParams();
  const form = useValidatedForm(LoginFormSchema, { email: '', password: '' });
  const [pending, setPending] = useState(false);
  const [needsVerification, setNeedsVerification] = useState(false);
  const resender = useResendVerification();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // The emailed verification link comes back here with ?verified=1, or with ?error=… when its
  // token was bad or expired (then better-auth appends the error to the same callback URL).
  const linkError = params.get('error');
  const verified = params.get('verified') === '1' && !linkError;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const errors = form.submit();
    const invalid = firstInvalidField(FIELDS, errors);
    if (invalid) {
      (invalid === 'email' ? emailRef : passwordRef).current?.focus();
      return;
    }
    const { email, password } = LoginFormSchema.parse(form.values);
    setPending(true);
    let leaving = false;
    try {
      let body: unknown;
      try {
        body = await signInWithEmail(email, password);
      } catch (error) {
        if (!isUnreadableAnswer(error)) throw error;
      }
      const outcome = classifySignInResponse(body);
      setNeedsVerification(false);
      if (outcome === 'two-factor') {
        leaving = true;
        onTwoFactor();
        return;
      }
      if (outcome === 'signed-in' && (await onAuthenticated())) {
        leaving = true;
        return;
      }
      toast.error(t('login.issueTitle'), { description: t('login.issueDesc') });
    } catch (error) {
      const failure = classifySignInError(error);
      setNeedsVerification(failure === 'email-not-verified');
      if (failure === 'email-not-verified') {
        toast.error(t('login.emailNotConfirmed'), { description: t('login.emailNotConfirmedDesc') });
      } else if (failure === 'server-error') {
        toast.error(t('login.errorTitle'), { description: problemMessage(i18n, error) });
      } else {
        toast.error(t('login.failedTitle'), { description: t('login.failedDesc') });
      }
    } finally {
      // After a sign-in the page navigates away; keep 'Please wait' until it does.
      if (!leaving) setPending(false);
    }
  }

  const resendButton = (
    <Button variant="outline" size="sm" busy={resender.pending} onClick={() => void resender.resend(form.values.email)}>
      {resender.pending ? t('form.pleaseWait') : t('resend.button')}
    </Button>
  );

  return (
    <div className="space-y-5">
      {verified ? (
        <Notice tone="success" role="status" title={t('login.verifiedTitle')}>
          <p>{t('login.verifiedDesc')}</p>
        </Notice>
      ) : null}
      {linkError ? (
        <Notice tone="error" role="alert" title={t('login.linkInvalidTitle')}>
          <p>{t('login.linkInvalidDesc')}</p>
          {resendButton}
        </Notice>
      ) : null}
      {needsVerification ? (
        <Notice tone="warning" role="alert" title={t('login.verificationRequiredTitle')}>
          <p>{t('login.verificationRequiredDesc')}</p>
          {resendButton}
        </Notice>
      ) : null}

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
        <PasswordField
          ref={passwordRef}
          label={t('form.password')}
          name="password"
          autoComplete="current-password"
          value={form.values.password}
          onChange={(event) => form.setValue('password', event.target.value)}
          error={form.errors.password ? t(form.errors.password) : undefined}
        />
        <p className="-mt-2 text-end text-sm">
          <Link to={FORGOT_PASSWORD_PATH} className={AUTH_LINK_CLASS_NAME}>
            {t('login.forgotPassword')}
          </Link>
        </p>
        <Button type="submit" size="lg" className="w-full" busy={pending} aria-busy={pending || undefined}>
          {pending ? t('form.pleaseWait') : t('login.submit')}
        </Button>
      </form>
    </div>
  );
}
