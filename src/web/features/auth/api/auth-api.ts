import { z } from 'zod';
import { ROLES, type Role, type SelfServiceRole } from '~/shared/roles';
import { apiFetch } from '~/web/lib/api-client';

/**
 * The identity endpoints the sign-in, sign-up and recovery screens call (better-auth, mounted at
 * /api/auth/*). Every failure arrives as an ApiError carrying the server's problem code.
 */
export const AUTH_API = {
  signIn: '/api/auth/sign-in/email',
  signUp: '/api/auth/sign-up/email',
  verifyTotp: '/api/auth/two-factor/verify-totp',
  verifyBackupCode: '/api/auth/two-factor/verify-backup-code',
  sendVerificationEmail: '/api/auth/send-verification-email',
  requestPasswordReset: '/api/auth/request-password-reset',
  resetPassword: '/api/auth/reset-password',
  demoSignIn: '/api/auth/demo/sign-in',
} as const;

/** Where the emailed verification link sends people back to (the login page's success notice). */
export const VERIFIED_CALLBACK_PATH = '/auth/login?verified=1';

/** Bodies are read as unknown and classified by the caller (spec §4: data, error, or neither). */
const AnyBody = z.unknown();

export function signInWithEmail(email: string, password: string): Promise<unknown> {
  return apiFetch(AUTH_API.signIn, { method: 'POST', body: { email, password }, schema: AnyBody });
}

export function verifyTotp(code: string): Promise<unknown> {
  return apiFetch(AUTH_API.verifyTotp, { method: 'POST', body: { code }, schema: AnyBody });
}

export function verifyBackupCode(code: string): Promise<unknown> {
  return apiFetch(AUTH_API.verifyBackupCode, { method: 'POST', body: { code }, schema: AnyBody });
}

export interface SignUpRequest {
  name: string;
  email: string;
  password: string;
  role: SelfServiceRole;
  /** The interface language, so that the emails come in it. */
  locale: string;
}

export async function signUp(request: SignUpRequest): Promise<void> {
  await apiFetch(AUTH_API.signUp, { method: 'POST', body: { ...request, callbackURL: VERIFIED_CALLBACK_PATH }, schema: AnyBody });
}

export async function sendVerificationEmail(email: string): Promise<void> {
  await apiFetch(AUTH_API.sendVerificationEmail, {
    method: 'POST',
    body: { email, callbackURL: VERIFIED_CALLBACK_PATH },
    schema: AnyBody,
  });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch(AUTH_API.requestPasswordReset, { method: 'POST', body: { email }, schema: AnyBody });
}

export async function resetPassword(newPassword: string, token: string): Promise<void> {
  await apiFetch(AUTH_API.resetPassword, { method: 'POST', body: { newPassword, token }, schema: AnyBody });
}

const DemoSignInResponseSchema = z.object({
  user: z.object({ name: z.string(), role: z.enum(ROLES).optional() }),
  landingPath: z.string().startsWith('/'),
});
export type DemoSignInResponse = z.infer<typeof DemoSignInResponseSchema>;

export function demoSignIn(role: Role): Promise<DemoSignInResponse> {
  return apiFetch(AUTH_API.demoSignIn, { method: 'POST', body: { role }, schema: DemoSignInResponseSchema });
}
