import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemMessage } from '~/web/lib/problem-message';
import { sendVerificationEmail } from '../api/auth-api';
import { hasServerMessage } from '../lib/sign-in-result';

/**
 * Sends the verification email again (spec §5, §8): an address is required first; success and
 * failure are toasts ('Failed to resend' with the server's message, or the generic one).
 */
export function useResendVerification(): { resend(email: string): Promise<boolean>; pending: boolean } {
  const { t, i18n } = useTranslation('auth');
  const [pending, setPending] = useState(false);

  async function resend(email: string): Promise<boolean> {
    const address = email.trim();
    if (address === '') {
      toast.error(t('resend.emailRequiredTitle'), { description: t('resend.emailRequiredDesc') });
      return false;
    }
    setPending(true);
    try {
      await sendVerificationEmail(address);
      toast.success(t('resend.sentTitle'), { description: t('resend.sentDesc') });
      return true;
    } catch (error) {
      toast.error(t('resend.failedTitle'), {
        description: hasServerMessage(error) ? problemMessage(i18n, error) : t('resend.failedDesc'),
      });
      return false;
    } finally {
      setPending(false);
    }
  }

  return { resend, pending };
}
