import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/shared/contracts/auth';
import { Button } from '~/web/components/ui/button';
import { Input } from '~/web/components/ui/input';
import { ApiError } from '~/web/lib/api-client';
import { problemMessage } from '~/web/lib/problem-message';
import { changePassword, useSecurityMutation } from '../api/profile-api';
import { Field, type Outcome, OutcomeMessage, SettingsSection } from './settings-ui';

type FieldName = 'current' | 'new' | 'confirm';
type FieldErrors = Partial<Record<FieldName, string>>;

/** Server codes that belong to one field rather than to the form. */
const FIELD_OF_CODE: Record<string, FieldName> = {
  'auth.invalid-password': 'current',
  'auth.password-too-short': 'new',
  'auth.password-too-long': 'new',
  'auth.password-too-common': 'new',
};

/**
 * Change the password: the current one re-authenticates; every other session ends
 * (revokeOtherSessions) and this one continues on a new session cookie.
 */
export function PasswordSection({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const mutation = useSecurityMutation(changePassword);
  const [values, setValues] = useState<Record<FieldName, string>>({ current: '', new: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const refs = { current: useRef<HTMLInputElement>(null), new: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (values.current === '') found.current = t('profile.password.required');
    if (values.new.length < PASSWORD_MIN_LENGTH) found.new = t('profile.password.tooShort', { min: PASSWORD_MIN_LENGTH });
    else if (values.new.length > PASSWORD_MAX_LENGTH) found.new = t('errors.auth.password-too-long');
    if (values.confirm !== values.new) found.confirm = t('profile.password.mismatch');
    return found;
  }

  function focusFirst(found: FieldErrors) {
    const first = (['current', 'new', 'confirm'] as const).find((name) => found[name]);
    if (first) refs[first].current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    mutation.mutate(
      { currentPassword: values.current, newPassword: values.new },
      {
        onSuccess: () => {
          setValues({ current: '', new: '', confirm: '' });
          setOutcome({ tone: 'success', message: (i) => i.t('profile.password.changed') });
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          const message = problemMessage(i18n, error);
          if (field) {
            const next = { [field]: message };
            setErrors(next);
            focusFirst(next);
          }
          setOutcome({ tone: 'error', message: (i) => problemMessage(i, error) });
        },
      },
    );
  }

  const input = (name: FieldName, label: string, autoComplete: string, hint?: string) => (
    <Field label={label} hint={hint} error={errors[name]}>
      {({ id, describedBy, invalid }) => (
        <Input
          ref={refs[name]}
          id={id}
          type="password"
          name={name === 'current' ? 'current-password' : name === 'new' ? 'new-password' : 'confirm-password'}
          autoComplete={autoComplete}
          required
          value={values[name]}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
        />
      )}
    </Field>
  );

  return (
    <SettingsSection title={t('profile.password.heading')} description={t('profile.password.description')}>
      <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        {input('current', t('profile.password.current'), 'current-password')}
        {input('new', t('profile.password.new'), 'new-password', t('profile.password.newHint', { min: PASSWORD_MIN_LENGTH }))}
        {input('confirm', t('profile.password.confirm'), 'new-password')}
        <Button type="submit" busy={mutation.isPending}>
          {mutation.isPending ? t('profile.password.submitting') : t('profile.password.submit')}
        </Button>
        <OutcomeMessage outcome={outcome} />
      </form>
    </SettingsSection>
  );
}
