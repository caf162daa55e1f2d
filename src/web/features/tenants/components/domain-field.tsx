import type { Ref } from 'react';
import { Field } from '~/web/components/ui/field';
import { Input } from '~/web/components/ui/input';

/** An organisation's optional custom domain, as typed (left to right in every language). */
export function DomainField({
  label,
  hint,
  error,
  value,
  onChange,
  inputRef,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange(value: string): void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(field) => (
        <Input
          ref={inputRef}
          id={field.id}
          name="domain"
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={253}
          value={value}
          aria-invalid={field.invalid}
          aria-describedby={field.describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
