import { useTranslation } from 'react-i18next';
import type { ConsentRecord } from '~/shared/contracts/consent';
import { setCookiePreferencesOpen, useConsent, useSaveConsent } from '~/web/lib/consent';

export type ConsentChoice = { functional: boolean; analytics: boolean; marketing: boolean };
export const OPTIONAL_CATEGORIES = ['functional', 'analytics', 'marketing'] as const;
const NOTHING_OPTIONAL: ConsentChoice = { functional: false, analytics: false, marketing: false };

/** The optional categories of a consent in force (all off when there is none). */
export function choiceOf(record: ConsentRecord | null | undefined): ConsentChoice {
  return record ? { functional: record.functional, analytics: record.analytics, marketing: record.marketing } : NOTHING_OPTIONAL;
}

/**
 * Saving a choice for the region in force (spec §8): on success the dialog closes and the saved
 * toast shows; a failure shows the error toast and keeps everything open. The toast module loads
 * on first use, so the banner, which the server renders, does not bring it to the first page.
 */
export function useSubmitConsent(onSaved?: () => void): { submit: (choice: ConsentChoice) => void; pending: boolean } {
  const { t } = useTranslation('consent');
  const { region } = useConsent();
  const save = useSaveConsent();
  const submit = (choice: ConsentChoice) => {
    save.mutate(
      { regionCode: region, ...choice },
      {
        onSuccess: () => {
          onSaved?.();
          setCookiePreferencesOpen(false);
          void import('sonner').then(({ toast }) => toast.success(t('toasts.savedTitle'), { description: t('toasts.savedText') }));
        },
        onError: () => {
          void import('sonner').then(({ toast }) => toast.error(t('toasts.errorTitle'), { description: t('toasts.errorText') }));
        },
      },
    );
  };
  return { submit, pending: save.isPending };
}
