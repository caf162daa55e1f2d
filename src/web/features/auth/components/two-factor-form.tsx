import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '~/web/components/ui/button';
import { problemMessage } from '~/web/lib/problem-message';
import { verifyBackupCode, verifyTotp } from '../api/auth-api';
import { classifySignInError, classifySignInResponse, isUnreadableAnswer } from '../lib/sign-in-result';
import { BackupCodeFormSchema, TotpFormSchema } from '../lib/two-factor-schemas';
import { useValidatedForm } from '../lib/use-validated-form';
import { FormField } from './form-field';

type Method = 'totp' | 'backup';

function CodeForm({ method, onAuthenticated }: { method: Method; onAuthenticated(): Promise<boolean> }) {
  const { t, i18n } = useTranslation('auth');
  const schema = method === 'totp' ? TotpFormSchema : BackupCodeFormSchema;
  const form = useValidatedForm(schema, { code: '' });
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (form.submit().code) {
      inputRef.current?.focus();
      return;
    }
    const { code } = schema.parse(form.values);
    setPending(true);
    let leaving = false;
    try {
      let body: unknown;
      try {
        body = method === 'totp' ? await verifyTotp(code) : await verifyBackupCode(code);
      } catch (error) {
        if (!isUnreadableAnswer(error)) throw error;
      }
      if (classifySignInResponse(body) === 'signed-in' && (await onAuthenticated())) {
        leaving = true;
        return;
      }
      toast.error(t('login.issueTitle'), { description: t('login.issueDesc') });
    } catch (error) {
      if (classifySignInError(error) === 'exception') {
        toast.error(t('login.failedTitle'), { description: t('login.failedDesc') });
      } else {
        toast.error(t('twoFactor.failedTitle'), { description: problemMessage(i18n, error) });
      }
      inputRef.current?.focus();
    } finally {
      if (!leaving) setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
      <p className="text-slate-700">{method === 'totp' ? t('twoFactor.totpDescription') : t('twoFactor.backupDescription')}</p>
      <FormField
        ref={inputRef}
        label={method === 'totp' ? t('twoFactor.totpLabel') : t('twoFactor.backupLabel')}
        name="code"
        type="text"
        dir="ltr"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the second step is this one field; focus moves to it as the step opens
        autoFocus
        autoComplete="one-time-code"
        inputMode={method === 'totp' ? 'numeric' : 'text'}
        spellCheck={false}
        value={form.values.code}
        onChange={(event) => form.setValue('code', event.target.value)}
        error={form.errors.code ? t(form.errors.code) : undefined}
      />
      <Button type="submit" size="lg" className="w-full" busy={pending} aria-busy={pending || undefined}>
        {pending ? t('form.pleaseWait') : t('twoFactor.verify')}
      </Button>
    </form>
  );
}

export interface TwoFactorStepProps {
  onAuthenticated(): Promise<boolean>;
  /** Back to the email and password form (the pending sign-in is abandoned). */
  onCancel(): void;
}

/**
 * The second sign-in step for accounts with an authenticator app: the 6-digit code, or one of
 * the saved backup codes instead.
 */
export function TwoFactorStep({ onAuthenticated, onCancel }: TwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const [method, setMethod] = useState<Method>('totp');
  return (
    <div className="space-y-5">
      {/* Keyed by method: switching starts the other form afresh. */}
      <CodeForm key={method} method={method} onAuthenticated={onAuthenticated} />
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
        <Button variant="ghost" size="sm" onClick={() => setMethod(method === 'totp' ? 'backup' : 'totp')}>
          {method === 'totp' ? t('twoFactor.useBackup') : t('twoFactor.useApp')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('twoFactor.back')}
        </Button>
      </div>
    </div>
  );
}
