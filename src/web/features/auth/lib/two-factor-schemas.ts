import { z } from 'zod';

/** The second sign-in step: the authenticator app's 6-digit code (spaces ignored). */
export const TotpFormSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, { message: 'twoFactor.validation.code' })),
});
/** Or one of the backup codes saved when two-step verification was turned on. */
export const BackupCodeFormSchema = z.object({
  code: z.string().trim().min(1, { message: 'twoFactor.validation.backupCode' }).max(64, { message: 'twoFactor.validation.backupCode' }),
});
