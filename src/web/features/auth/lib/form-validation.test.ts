import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LoginFormSchema, RegisterFormSchema, ResetPasswordFormSchema } from '~/shared/contracts/auth';
import { BackupCodeFormSchema, TotpFormSchema } from './two-factor-schemas';
import { GENERIC_VALIDATION_KEY, VALIDATION_MESSAGE_KEYS, firstInvalidField, validateFields } from './form-validation';

const enAuth = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../../public/locales/en/auth.json'), 'utf8')) as Record<string, unknown>;

function english(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), enAuth);
}

describe('validateFields with the login schema (spec §5)', () => {
  it('reports both fields of an empty form with the spec messages', () => {
    const errors = validateFields(LoginFormSchema, { email: '', password: '' });
    expect(errors).toEqual({ email: 'login.validation.email', password: 'login.validation.password' });
    expect(english(errors.email!)).toBe('Please enter a valid email address');
    expect(english(errors.password!)).toBe('Password must be at least 6 characters');
  });

  it('accepts a valid address (surrounding spaces trimmed) and a 6-character password', () => {
    expect(validateFields(LoginFormSchema, { email: '  ada@example.test ', password: 'abcdef' })).toEqual({});
    expect(validateFields(LoginFormSchema, { email: 'ada@example.test', password: 'abcde' })).toEqual({ password: 'login.validation.password' });
    expect(validateFields(LoginFormSchema, { email: 'ada@', password: 'abcdef' })).toEqual({ email: 'login.validation.email' });
  });
});

describe('validateFields with the other auth schemas', () => {
  it('register: name, email, an 8-character password and a self-service role', () => {
    expect(validateFields(RegisterFormSchema, { name: ' ', email: 'x', password: 'short', role: 'patient' })).toEqual({
      name: 'register.validation.name',
      email: 'login.validation.email',
      password: 'register.validation.passwordShort',
    });
    expect(validateFields(RegisterFormSchema, { name: 'Ada', email: 'ada@example.test', password: 'x'.repeat(129), role: 'patient' })).toEqual({
      password: 'register.validation.passwordLong',
    });
    expect(validateFields(RegisterFormSchema, { name: 'Ada', email: 'ada@example.test', password: 'long enough', role: 'admin' })).toEqual({
      role: GENERIC_VALIDATION_KEY,
    });
    expect(validateFields(RegisterFormSchema, { name: 'Ada', email: 'ada@example.test', password: 'long enough', role: 'provider' })).toEqual({});
  });

  it('register: an over-long address gets the generic message (zod names no key for it)', () => {
    const email = `${'a'.repeat(250)}@example.test`;
    expect(validateFields(RegisterFormSchema, { name: 'Ada', email, password: 'long enough', role: 'patient' }).email).toBeDefined();
  });

  it('reset: the confirmation must match', () => {
    expect(validateFields(ResetPasswordFormSchema, { password: 'new secret phrase', confirm: 'new secret phrasE' })).toEqual({
      confirm: 'reset.validation.mismatch',
    });
    expect(validateFields(ResetPasswordFormSchema, { password: 'new secret phrase', confirm: 'new secret phrase' })).toEqual({});
  });

  it('two-factor: six digits (spaces ignored), or any backup code', () => {
    expect(validateFields(TotpFormSchema, { code: '123 456' })).toEqual({});
    expect(validateFields(TotpFormSchema, { code: '12345' })).toEqual({ code: 'twoFactor.validation.code' });
    expect(validateFields(TotpFormSchema, { code: 'abcdef' })).toEqual({ code: 'twoFactor.validation.code' });
    expect(validateFields(BackupCodeFormSchema, { code: '  ' })).toEqual({ code: 'twoFactor.validation.backupCode' });
    expect(validateFields(BackupCodeFormSchema, { code: 'AbCd-12345' })).toEqual({});
  });

  it('keeps only the first message of a field and ignores paths that are not form fields', () => {
    const schema = z.object({ a: z.string().min(2, { message: 'login.validation.password' }).regex(/x/, { message: 'login.validation.email' }) });
    expect(validateFields(schema, { a: '' })).toEqual({ a: 'login.validation.password' });
    const nested = z.object({ a: z.object({ b: z.string() }) });
    expect(validateFields(nested as z.ZodType, { c: 'x' })).toEqual({});
  });
});

describe('validation message keys', () => {
  it('every key has an English message', () => {
    for (const key of VALIDATION_MESSAGE_KEYS) expect(english(key), key).toEqual(expect.any(String));
  });

  it('every message the shared schemas can produce is a known key', () => {
    const messages = new Set<string>();
    const samples: [z.ZodType, Record<string, unknown>][] = [
      [LoginFormSchema, { email: '', password: '' }],
      [RegisterFormSchema, { name: '', email: '', password: '', role: 'patient' }],
      [RegisterFormSchema, { name: 'x'.repeat(201), email: 'a@b.test', password: 'x'.repeat(129), role: 'patient' }],
      [ResetPasswordFormSchema, { password: 'long enough', confirm: 'other' }],
    ];
    for (const [schema, values] of samples) {
      const result = schema.safeParse(values);
      if (!result.success) for (const issue of result.error.issues) messages.add(issue.message);
    }
    expect([...messages].sort()).toEqual(
      [
        'login.validation.email',
        'login.validation.password',
        'register.validation.name',
        'register.validation.nameLong',
        'register.validation.passwordLong',
        'register.validation.passwordShort',
        'reset.validation.mismatch',
      ].sort(),
    );
    for (const message of messages) expect(VALIDATION_MESSAGE_KEYS).toContain(message);
  });
});

describe('firstInvalidField', () => {
  it('follows the form order', () => {
    expect(firstInvalidField(['email', 'password'] as const, { password: 'login.validation.password', email: 'login.validation.email' })).toBe('email');
    expect(firstInvalidField(['email', 'password'] as const, { password: 'login.validation.password' })).toBe('password');
    expect(firstInvalidField(['email', 'password'] as const, {})).toBeUndefined();
  });
});
