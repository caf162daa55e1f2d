import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '~/web/components/ui/input';

export interface FormFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  /** The translated validation or server message, shown under the field and tied to it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row (e.g. the 'Forgot password?' link). */
  labelAside?: ReactNode;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

function FieldFrame({
  inputId,
  label,
  labelAside,
  hint,
  hintId,
  error,
  errorId,
  children,
}: {
  inputId: string;
  label: string;
  labelAside?: ReactNode;
  hint?: ReactNode;
  hintId: string;
  error?: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="mt-1.5">{children}</div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input whose hint and error are announced with it (aria-describedby, aria-invalid). */
export function FormField({ label, error, hint, labelAside, ...inputProps }: FormFieldProps) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  return (
    <FieldFrame inputId={ids.input} label={label} labelAside={labelAside} hint={hint} hintId={ids.hint} error={error} errorId={ids.error}>
      <Input
        id={ids.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint !== undefined && ids.hint, error && ids.error)}
        {...inputProps}
      />
    </FieldFrame>
  );
}

/** A password input with a show/hide button whose accessible name says what it will do. */
export function PasswordField({ label, error, hint, labelAside, className, ...inputProps }: FormFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const ids = { input: useId(), hint: useId(), error: useId() };
  return (
    <FieldFrame inputId={ids.input} label={label} labelAside={labelAside} hint={hint} hintId={ids.hint} error={error} errorId={ids.error}>
      <div className="relative">
        <Input
          id={ids.input}
          type={visible ? 'text' : 'password'}
          dir="ltr"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint !== undefined && ids.hint, error && ids.error)}
          className={clsx('pe-12', className)}
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={ids.input}
          className="absolute inset-y-0 end-0 inline-flex w-11 items-center justify-center rounded-e-md text-slate-700 hover:text-slate-900"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          <span className="sr-only">{visible ? t('form.hidePassword') : t('form.showPassword')}</span>
        </button>
      </div>
    </FieldFrame>
  );
}
