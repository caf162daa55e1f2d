import { useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, validateFields } from './form-validation';

export interface ValidatedForm<Field extends string> {
  values: Record<Field, string>;
  /** Validation errors to show: none before the first submit, then recomputed on every change. */
  errors: FieldErrors<Field>;
  setValue(field: Field, value: string): void;
  /** Marks the form submitted and returns the current errors (empty: valid). */
  submit(): FieldErrors<Field>;
}

/**
 * Spec §5: the form validates on submit, and after that re-validates on every change.
 */
export function useValidatedForm<Field extends string>(schema: z.ZodType, initial: Record<Field, string>): ValidatedForm<Field> {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? validateFields<Field>(schema, values) : {};
  return {
    values,
    errors,
    setValue: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    submit: () => {
      setSubmitted(true);
      return validateFields<Field>(schema, values);
    },
  };
}
