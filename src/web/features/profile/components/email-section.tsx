import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-client';
import { problemMessage } from '~/web/lib/problem-message';
import { saveReturnPath } from '~/web/lib/return-path';
import { changeEmail, useSecurityMutation } from '../api/profile-api';
import { Field, type Outcome, OutcomeMessage, SettingsSection } from './settings-ui';

const REAUTH_CODE = 'auth.reauthentication-required';
const EmailSchema = z.email();

/**
 * Change the sign-in address. It needs a recent sign-in (AUTH_REAUTH_MINUTES); the new
 * address must be confirmed from the link mailed to it before it replaces the old one.
 */
export function EmailSection({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const mutation = useSecurityMutation(changeEmail);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newEmail = value.trim();
    setOutcome(null);
    setNeedsSignIn(false);
    const found = !EmailSchema.safeParse(newEmail).success
      ? t('profile.email.invalid')
      : newEmail.toLowerCase() === email.toLowerCase()
        ? t('profile.email.same')
        : null;
    setError(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    mutation.mutate(
      { newEmail, callbackURL: '/profile' },
      {
        onSuccess: () => {
          setValue('');
          setOutcome({ tone: 'success', message: (i) => i.t('profile.email.sent', { email: newEmail }) });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === REAUTH_CODE) setNeedsSignIn(true);
          const message = problemMessage(i18n, failure);
          setOutcome({ tone: 'error', message: (i) => problemMessage(i, failure) });
          if (!(failure instanceof ApiError && failure.code === REAUTH_CODE)) setError(message);
        },
      },
    );
  }

  return (
    <SettingsSection title={t('profile.email.heading')} description={t('profile.email.description')}>
      <p className="mb-4 text-sm text-slate-800">
        <span className="font-medium">{t('profile.email.current')}:</span>{' '}
        <span dir="ltr" data-testid="current-email">
          {email}
        </span>
      </p>
      <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4">
        <Field label={t('profile.email.new')} error={error}>
          {({ id, describedBy, invalid }) => (
            <Input
              ref={inputRef}
              id={id}
              type="email"
              name="new-email"
              autoComplete="email"
              dir="ltr"
              required
              value={value}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => setValue(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" busy={mutation.isPending}>
          {mutation.isPending ? t('profile.email.submitting') : t('profile.email.submit')}
        </Button>
        <OutcomeMessage outcome={outcome} />
        {needsSignIn ? (
          <p>
            <Link to="/auth/login" onClick={() => saveReturnPath('/profile')} className="font-medium text-teal-800 underline underline-offset-2">
              {t('profile.email.signInAgain')}
            </Link>
          </p>
        ) : null}
      </form>
    </SettingsSection>
  );
}
