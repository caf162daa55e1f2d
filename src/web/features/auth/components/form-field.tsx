import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type ComponentPropsWithRef, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';

export interface FormFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  label: string;
  /** The translated validation or server message, shown under the field and tied to it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row (e.g. the 'Forgot password?' link). */
  labelAside?: ReactNode;
}

/** A labelled input whose hint and error are announced with it (aria-describedby, aria-invalid). */
export function FormField({ label, error, hint, labelAside, ...inputProps }: FormFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} labelAside={labelAside}>
      {({ id, describedBy, invalid }) => <Input id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...inputProps} />}
    </Field>
  );
}

/** A password input with a show/hide button whose accessible name says what it will do. */
export function PasswordField({ label, error, hint, labelAside, className, ...inputProps }: FormFieldProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} labelAside={labelAside}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <Input
            id={id}
            type={visible ? 'text' : 'password'}
            dir="ltr"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={clsx('pe-12', className)}
            {...inputProps}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-controls={id}
            className="absolute inset-y-0 end-0 inline-flex w-11 items-center justify-center rounded-e-md text-slate-700 hover:text-slate-900"
          >
            {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
            <span className="sr-only">{visible ? t('form.hidePassword') : t('form.showPassword')}</span>
          </button>
        </div>
      )}
    </Field>
  );
}
