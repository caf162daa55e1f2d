import type { z } from 'zod';

/**
 * The translation keys (auth namespace) of every validation message the auth forms show. The
 * shared schemas (src/shared/contracts/auth.ts) carry these keys as their messages.
 */
export const VALIDATION_MESSAGE_KEYS = [
  'login.validation.email',
  'login.validation.password',
  'register.validation.name',
  'register.validation.nameLong',
  'register.validation.passwordShort',
  'register.validation.passwordLong',
  'reset.validation.mismatch',
  'twoFactor.validation.code',
  'twoFactor.validation.backupCode',
  'form.validation.invalid',
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

/** A message the schema did not name (e.g. zod's own for an over-long address) shows this. */
export const GENERIC_VALIDATION_KEY: ValidationMessageKey = 'form.validation.invalid';

export function isValidationMessageKey(message: string): message is ValidationMessageKey {
  return (VALIDATION_MESSAGE_KEYS as readonly string[]).includes(message);
}

export type FieldErrors<Field extends string> = Partial<Record<Field, ValidationMessageKey>>;

/**
 * Validates form values with a schema: the first message of each top-level field, as a
 * translation key. An empty object means the values are valid.
 */
export function validateFields<Field extends string>(schema: z.ZodType, values: Record<Field, unknown>): FieldErrors<Field> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in values)) continue;
    const key = field as Field;
    if (errors[key] !== undefined) continue;
    errors[key] = isValidationMessageKey(issue.message) ? issue.message : GENERIC_VALIDATION_KEY;
  }
  return errors;
}

/** The first field (in form order) that has an error, to move focus to after a failed submit. */
export function firstInvalidField<Field extends string>(order: readonly Field[], errors: FieldErrors<Field>): Field | undefined {
  return order.find((field) => errors[field] !== undefined);
}
