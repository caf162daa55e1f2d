import { z } from 'zod';
import { MEMBERSHIP_ROLES, PLAN_TYPES, PROFESSIONAL_STATUSES, ROLES, SELF_SERVICE_ROLES } from '../roles.js';
import { PERMISSIONS } from '../permissions.js';

import { LOGIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../auth-constants.js';

export * from '../auth-constants.js';

/** Spec §5: the login form's two rules and messages (translated by key). */
export const LoginFormSchema = z.object({
  email: z.string().trim().pipe(z.email({ message: 'login.validation.email' })),
  password: z.string().min(LOGIN_PASSWORD_MIN_LENGTH, { message: 'login.validation.password' }),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const RegisterFormSchema = z.object({
  name: z.string().trim().min(1, { message: 'register.validation.name' }).max(200, { message: 'register.validation.nameLong' }),
  email: z.string().trim().max(254).pipe(z.email({ message: 'login.validation.email' })),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { message: 'register.validation.passwordShort' })
    .max(PASSWORD_MAX_LENGTH, { message: 'register.validation.passwordLong' }),
  role: z.enum(SELF_SERVICE_ROLES),
});
export type RegisterForm = z.infer<typeof RegisterFormSchema>;

export const ResetPasswordFormSchema = z
  .object({
    password: RegisterFormSchema.shape.password,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { message: 'reset.validation.mismatch', path: ['confirm'] });

export const SessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  professionalStatus: z.enum(PROFESSIONAL_STATUSES),
  image: z.string().nullable(),
  locale: z.string().nullable(),
  timeZone: z.string().nullable(),
  region: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const TenantSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  planType: z.enum(PLAN_TYPES),
  membershipRole: z.enum(MEMBERSHIP_ROLES),
});
export type TenantSummary = z.infer<typeof TenantSummarySchema>;

/** GET /api/v1/session: who is signed in, where they act, and what they may do. */
export const SessionStateSchema = z.object({
  user: SessionUserSchema,
  session: z.object({ id: z.string(), expiresAt: z.string(), createdAt: z.string() }),
  currentTenant: TenantSummarySchema.nullable(),
  /** Why the session has no current tenant although it chose one (e.g. the tenant requires MFA). */
  tenantNotice: z.enum(['mfa-required']).nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  landingPath: z.string(),
});
export type SessionState = z.infer<typeof SessionStateSchema>;

export const DemoSignInRequestSchema = z.object({ role: z.enum(ROLES) });
