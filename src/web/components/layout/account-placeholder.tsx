import { useTranslation } from 'react-i18next';

export const AVATAR_CLASS_NAME = 'inline-flex size-9 items-center justify-center overflow-hidden rounded-full';

/**
 * Spec §2: while auth is loading, a disabled placeholder avatar shows where the account menu
 * (or Sign in / Sign up) will be. Also the stand-in while the account code loads.
 */
export function AccountPlaceholder() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      disabled
      aria-label={t('header.accountLoading')}
      className="inline-flex size-10 cursor-progress items-center justify-center rounded-full"
    >
      <span aria-hidden="true" className={`${AVATAR_CLASS_NAME} animate-pulse bg-slate-200 motion-reduce:animate-none`} />
    </button>
  );
}
