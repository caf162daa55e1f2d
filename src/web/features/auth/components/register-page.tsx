import { Info } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { RegisterFormSchema } from '~/shared/contracts/auth';
import { isProfessionalRole, SELF_SERVICE_ROLES, type SelfServiceRole } from '~/shared/roles';
import { SIGN_IN_PATH } from '~/web/components/auth/require-auth';
import { Button } from '~/web/components/ui/button';
import { currentLanguage } from '~/web/lib/i18n';
import { problemMessage } from '~/web/lib/problem-message';
import { signUp } from '../api/auth-api';
import { firstInvalidField } from '../lib/form-validation';
import { isPasswordProblem } from '../lib/sign-up-errors';
import { classifySignInError } from '../lib/sign-in-result';
import { useValidatedForm } from '../lib/use-validated-form';
import { AUTH_LINK_CLASS_NAME, AuthCard } from './auth-card';
import { CheckEmail } from './check-email';
import { FormField, PasswordField } from './form-field';

const FIELDS = ['name', 'email', 'password', 'role'] as const;
type Field = (typeof FIELDS)[number];

function isSelfServiceRole(value: string): value is SelfServiceRole {
  return (SELF_SERVICE_ROLES as readonly string[]).includes(value);
}

interface RoleChoiceProps {
  value: string;
  onChange(role: SelfServiceRole): void;
  error?: string | undefined;
  /** Set on the chosen radio button (focus target when the choice is invalid). */
  checkedRef: RefObject<HTMLInputElement | null>;
}

/** 'I am signing up as': the self-service roles as a radio group (patient preselected). */
function RoleChoice({ value, onChange, error, checkedRef }: RoleChoiceProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const ids = { note: useId(), error: useId() };
  const professional = isSelfServiceRole(value) && isProfessionalRole(value);
  const describedBy = [professional && ids.note, error && ids.error].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-900">{t('register.role')}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {SELF_SERVICE_ROLES.map((role) => (
          <label
            key={role}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 px-3 text-sm text-slate-900 has-checked:border-teal-700 has-checked:bg-teal-50"
          >
            <input
              type="radio"
              name="role"
              value={role}
              checked={value === role}
              ref={value === role ? checkedRef : undefined}
              onChange={() => onChange(role)}
              className="size-4 accent-teal-700"
            />
            {tc(`roles.${role}`)}
          </label>
        ))}
      </div>
      {professional ? (
        <p id={ids.note} className="mt-3 flex gap-2 rounded-md bg-slate-100 p-3 text-sm text-slate-800">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-800" />
          <span>{t('register.professionalNote')}</span>
        </p>
      ) : null}
      {error ? (
        <p id={ids.error} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** /auth/register: a new account (unverified until the emailed link is opened). */
export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const form = useValidatedForm<Field>(RegisterFormSchema, { name: '', email: '', password: '', role: 'patient' });
  const [pending, setPending] = useState(false);
  /** The server's refusal of the chosen password, until the password changes. */
  const [passwordProblem, setPasswordProblem] = useState<unknown>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const roleRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const invalid = firstInvalidField(FIELDS, form.submit());
    if (invalid) {
      ({ name: nameRef, email: emailRef, password: passwordRef, role: roleRef })[invalid].current?.focus();
      return;
    }
    const request = RegisterFormSchema.parse(form.values);
    setPending(true);
    try {
      await signUp({ ...request, locale: currentLanguage(i18n.resolvedLanguage) });
      setSentTo(request.email);
    } catch (error) {
      if (isPasswordProblem(error)) {
        setPasswordProblem(error);
        passwordRef.current?.focus();
      } else if (classifySignInError(error) === 'exception') {
        toast.error(t('register.failedTitle'), { description: t('login.failedDesc') });
      } else {
        toast.error(t('register.failedTitle'), { description: problemMessage(i18n, error) });
      }
    } finally {
      setPending(false);
    }
  }

  const footer = (
    <p>
      {t('register.haveAccount')}{' '}
      <Link to={SIGN_IN_PATH} className={AUTH_LINK_CLASS_NAME}>
        {t('register.signInLink')}
      </Link>
    </p>
  );

  if (sentTo !== null) {
    return (
      <AuthCard documentTitle={t('register.checkEmail.title')} title={t('register.checkEmail.title')} footer={footer}>
        <CheckEmail email={sentTo} />
      </AuthCard>
    );
  }

  const passwordError = form.errors.password
    ? t(form.errors.password)
    : passwordProblem !== null
      ? problemMessage(i18n, passwordProblem)
      : undefined;

  return (
    <AuthCard documentTitle={t('register.documentTitle')} title={t('register.title')} subtitle={t('register.subtitle')} footer={footer}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <FormField
          ref={nameRef}
          label={t('register.name')}
          name="name"
          autoComplete="name"
          value={form.values.name}
          onChange={(event) => form.setValue('name', event.target.value)}
          error={form.errors.name ? t(form.errors.name) : undefined}
        />
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
          autoComplete="new-password"
          hint={t('register.passwordHint')}
          value={form.values.password}
          onChange={(event) => {
            form.setValue('password', event.target.value);
            setPasswordProblem(null);
          }}
          error={passwordError}
        />
        <RoleChoice
          value={form.values.role}
          onChange={(role) => form.setValue('role', role)}
          error={form.errors.role ? t(form.errors.role) : undefined}
          checkedRef={roleRef}
        />
        <Button type="submit" size="lg" className="w-full" busy={pending} aria-busy={pending || undefined}>
          {pending ? t('form.pleaseWait') : t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
